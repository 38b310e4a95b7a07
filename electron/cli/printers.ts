import { parseArgs } from 'node:util';
import type { CommandInput, CommandOutput } from '../../shared/contract';
import { fail, StationFailure } from '../../shared/contract/errors';
import { defaultVirtualProfile, printerProfileSchema, type PrinterProfile, type PrinterView } from '../../shared/contract/printing';
import { languageNames, printerLanguages, type PrinterLanguage } from '../../shared/domain/printing';
import type { OsPrintQueues } from '../printing/osqueue/osQueues';
import type { UsbBus } from '../usb/usbTypes';
import { CliUsageError, type CliCommand, type CliIo } from './command';
import { openPrinting } from '../station/printingStation';
import { withHeadlessStation } from './headless';

type PrintingCommand = 'printers.list' | 'printers.profile.get' | 'printers.profile.set';
type PrintingCall = <N extends PrintingCommand>(name: N, input: CommandInput<N>) => Promise<CommandOutput<N>>;

/** Runs printer commands on this folder: through the station that holds it when one runs, else on the folder itself. */
async function withPrinting<T>(dataDir: string | undefined, deps: Deps, use: (call: PrintingCall) => Promise<T>): Promise<T> {
  const own = await openPrinting(dataDir, deps.usb, deps.osQueues).catch((error: unknown) => {
    if (error instanceof StationFailure && error.error.code === 'conflict') return null;
    throw error;
  });
  if (!own) return withHeadlessStation(dataDir === undefined ? {} : { 'data-dir': dataDir }, (running) => use((name, input) => running.call(name, input)));
  try {
    const handlers = own.printing.handlers;
    return await use((name, input) => (handlers[name] as (input: CommandInput<typeof name>) => Promise<CommandOutput<typeof name>>)(input));
  } finally {
    await own.close();
  }
}

type Deps = { usb?: UsbBus | null; osQueues?: OsPrintQueues | null };

function line(p: PrinterView): string {
  const what = p.profile
    ? `${languageNames[p.profile.language]}, ${p.profile.dpi} dpi, ${p.profile.media}`
    : p.suggestion
      ? `suggested: ${languageNames[p.suggestion.language]}, ${p.suggestion.dpi} dpi (${p.suggestion.model})`
      : p.osQueue?.model
        ? `language unknown (${p.osQueue.model})`
        : 'language unknown';
  const state = p.osQueue ? p.osQueue.state : p.connected ? 'connected' : 'not connected';
  return `${p.isDefault ? '*' : ' '} ${p.id}  ${p.name} [${p.kind}, ${state}] ${what}${p.message ? `\n    ${p.message}` : ''}`;
}

const LIST_USAGE = [
  'Usage: parcel-station printers [--json] [--data-dir DIR]',
  '       parcel-station printers add --queue NAME [--lang zpl|epl|tspl|escpos] [--dpi 203|300] [--media 4x6|4x8|2x7] [--default] [--json] [--data-dir DIR]',
  '       parcel-station printers add --tcp HOST[:PORT] --lang zpl|epl|tspl|escpos [--name NAME] [--dpi 203|300] [--media 4x6|4x8|2x7] [--default] [--json] [--data-dir DIR]',
  '',
  'Lists configured printers (the default marked *), USB printers that are plugged in but not set up, and the printers',
  'installed in the OS (CUPS, or the Windows spooler) as kind "queue", with the language and resolution they suggest.',
  'No USB printer is a normal answer.',
  '',
  '`printers add --queue` sets up an installed printer: labels go to it raw, in the language given (or the one its',
  'driver name suggests), through the OS print queue. `printers add --tcp` sets up a network printer that takes raw',
  'jobs on a port (9100 unless given), as the window\'s printer settings do; a Zebra (zpl) is asked for its status',
  'before each label, so a label waits in the station while the printer is out of labels, paused or open.',
  '',
  '  --json          one JSON line: {"printers": [...]} (add: the saved profile)',
  '  --default       make it the station\'s default printer',
  '  --data-dir DIR  the station\'s data folder (default: the per-user app data folder)',
].join('\n');

async function list(argv: readonly string[], io: CliIo, deps: Deps): Promise<number> {
  const { values } = parseArgs({ args: [...argv], options: { json: { type: 'boolean', default: false }, 'data-dir': { type: 'string' } }, strict: true });
  const printers = await withPrinting(values['data-dir'], deps, (call) => call('printers.list', {}));
  if (values.json) io.out(JSON.stringify({ printers }));
  else {
    for (const p of printers) io.out(line(p));
    // A configured USB printer that is unplugged is listed, but it is not plugged in.
    if (!printers.some((p) => p.kind === 'usb' && p.connected)) io.out('No USB printers are plugged in.');
  }
  return 0;
}

async function add(argv: readonly string[], io: CliIo, deps: Deps): Promise<number> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      queue: { type: 'string' },
      tcp: { type: 'string' },
      name: { type: 'string' },
      lang: { type: 'string' },
      dpi: { type: 'string' },
      media: { type: 'string' },
      default: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
    },
    strict: true,
  });
  const lang = values.lang;
  if (lang !== undefined && !printerLanguages.includes(lang as PrinterLanguage)) throw new CliUsageError(`Unknown printer language "${lang}": use zpl, epl, tspl or escpos.`);
  if (values.dpi !== undefined && values.dpi !== '203' && values.dpi !== '300') throw new CliUsageError('--dpi is 203 or 300.');
  if (values.tcp !== undefined && values.queue !== undefined) throw new CliUsageError('Give --queue or --tcp, not both.');
  if (values.tcp !== undefined) return addNetwork({ ...values, tcp: values.tcp }, io, deps);
  if (!values.queue) throw new CliUsageError('--queue or --tcp is required: the name of a printer installed in the OS (`parcel-station printers` lists them), or a network printer\'s address.');
  if (values.name !== undefined) throw new CliUsageError('--name is for --tcp: an installed printer keeps its name in the OS.');
  const saved = await withPrinting(values['data-dir'], deps, async (call) => {
    const printers = await call('printers.list', {});
    const queues = printers.filter((p) => p.kind === 'queue');
    const found = queues.find((p) => p.osQueue?.name === values.queue);
    if (!found) {
      const known = queues.flatMap((p) => (p.osQueue ? [`"${p.osQueue.name}"`] : []));
      const problem = printers.find((p) => p.kind === 'queue' && !p.connected)?.message;
      fail('not_found', `There is no printer "${values.queue}" installed in the OS. ${known.length > 0 ? `Installed: ${known.join(', ')}.` : (problem ?? 'None is installed.')}`, { field: 'queue' });
    }
    if (found.osQueue && !found.osQueue.rawCapable) fail('invalid_input', found.message ?? `"${values.queue}" cannot print raw label languages.`, { field: 'queue' });
    const base = found.profile ?? (await call('printers.profile.get', { printerId: found.id }));
    if (!lang && !found.profile && !found.suggestion) {
      throw new CliUsageError(`The station cannot tell which language "${values.queue}" speaks${found.osQueue?.model ? ` (its driver is ${found.osQueue.model})` : ''}: give --lang.`);
    }
    const parsed = printerProfileSchema.safeParse({
      ...base,
      ...(lang ? { language: lang } : {}),
      ...(values.dpi ? { dpi: Number(values.dpi) } : {}),
      ...(values.media ? { media: values.media } : {}),
    });
    if (!parsed.success) throw new CliUsageError(parsed.error.issues[0]?.message ?? 'That printer setup is not valid.');
    const profile: PrinterProfile = parsed.data;
    return call('printers.profile.set', { profile, makeDefault: values.default });
  });
  if (values.json) io.out(JSON.stringify(saved));
  else io.out(`Set up ${saved.id}: "${values.queue}" in the OS print queue, ${languageNames[saved.language]}, ${saved.dpi} dpi, ${saved.media}${values.default ? ', the default printer' : ''}.`);
  return 0;
}

/** `HOST`, `HOST:PORT` or `[IPv6]:PORT`; the port is 9100 (raw printing) unless given. */
function networkAddress(text: string): { host: string; port: number } {
  const match = /^\[([^\]]+)\](?::(\d+))?$/.exec(text.trim()) ?? /^([^:\s]+)(?::(\d+))?$/.exec(text.trim());
  if (!match?.[1]) throw new CliUsageError(`"${text}" is not a printer address: give HOST or HOST:PORT, as 192.168.1.40:9100.`);
  const port = match[2] === undefined ? 9100 : Number(match[2]);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new CliUsageError(`The port in "${text}" is not one from 1 to 65535.`);
  return { host: match[1], port };
}

async function addNetwork(values: { tcp: string; name?: string; lang?: string; dpi?: string; media?: string; default: boolean; json: boolean; 'data-dir'?: string }, io: CliIo, deps: Deps): Promise<number> {
  const { host, port } = networkAddress(values.tcp);
  if (!values.lang) throw new CliUsageError('--lang is required with --tcp: a network printer does not say which language it speaks (zpl, epl, tspl or escpos).');
  const parsed = printerProfileSchema.safeParse({
    ...defaultVirtualProfile,
    // The id alphabet has no brackets or spaces; the address itself stays in the transport.
    id: `net:${host.replace(/[^A-Za-z0-9._-]+/g, '_')}:${port}`,
    name: values.name ?? `Network printer ${host}:${port}`,
    transport: { kind: 'tcp', host, port },
    language: values.lang,
    ...(values.dpi ? { dpi: Number(values.dpi) } : {}),
    ...(values.media ? { media: values.media } : {}),
  });
  if (!parsed.success) throw new CliUsageError(parsed.error.issues[0]?.message ?? 'That printer setup is not valid.');
  const saved = await withPrinting(values['data-dir'], deps, (call) => call('printers.profile.set', { profile: parsed.data, makeDefault: values.default }));
  if (values.json) io.out(JSON.stringify(saved));
  else io.out(`Set up ${saved.id}: "${saved.name}" at ${host}:${port}, ${languageNames[saved.language]}, ${saved.dpi} dpi, ${saved.media}${values.default ? ', the default printer' : ''}.`);
  return 0;
}

export function createPrintersCommand(deps: Deps = {}): CliCommand {
  return {
    name: 'printers',
    summary: 'List the station\'s printers, plugged-in USB printers and installed OS printers; `printers add` sets one up',
    usage: LIST_USAGE,
    run: (argv, io) => (argv[0] === 'add' ? add(argv.slice(1), io, deps) : list(argv, io, deps)),
  };
}

export const printersCommand = createPrintersCommand();
