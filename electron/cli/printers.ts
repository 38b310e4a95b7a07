import { parseArgs } from 'node:util';
import type { PrinterView } from '../../shared/contract/printing';
import { languageNames } from '../../shared/domain/printing';
import type { UsbBus } from '../printing/usb/usbTypes';
import type { CliCommand } from './command';
import { openPrinting } from '../printing/standalone';
import { openHeadlessStation } from '../shipping/headless';
import { StationFailure } from '../../shared/contract/errors';

/** This folder's printers: from the station that holds the folder when one runs, else from the folder itself. */
async function listPrinters(dataDir: string | undefined, usb: UsbBus | null | undefined): Promise<readonly PrinterView[]> {
  const own = await openPrinting(dataDir, usb).catch((error: unknown) => {
    if (error instanceof StationFailure && error.error.code === 'conflict') return null;
    throw error;
  });
  if (!own) {
    const running = await openHeadlessStation(dataDir === undefined ? {} : { 'data-dir': dataDir });
    try {
      return await running.call('printers.list', {});
    } finally {
      await running.close();
    }
  }
  try {
    return await own.printing.handlers['printers.list']({});
  } finally {
    await own.close();
  }
}

function line(p: PrinterView): string {
  const what = p.profile
    ? `${languageNames[p.profile.language]}, ${p.profile.dpi} dpi, ${p.profile.media}`
    : p.suggestion
      ? `suggested: ${languageNames[p.suggestion.language]}, ${p.suggestion.dpi} dpi (${p.suggestion.model})`
      : 'language unknown';
  const state = p.connected ? 'connected' : 'not connected';
  return `${p.isDefault ? '*' : ' '} ${p.id}  ${p.name} [${p.transport}, ${state}] ${what}${p.message ? `\n    ${p.message}` : ''}`;
}

export function createPrintersCommand(deps: { usb?: UsbBus | null } = {}): CliCommand {
  return {
    name: 'printers',
    summary: 'List the station\'s printers and the USB printers plugged into this computer',
    usage: [
      'Usage: parcel-station printers [--json] [--data-dir DIR]',
      '',
      'Lists configured printers (the default marked *) and USB printers that are plugged in but not set up,',
      'with the language and resolution they suggest. No USB printer is a normal answer.',
      '',
      '  --json          one JSON line: {"printers": [...]}',
      '  --data-dir DIR  the station\'s data folder (default: the per-user app data folder)',
    ].join('\n'),
    async run(argv, io) {
      const { values } = parseArgs({ args: [...argv], options: { json: { type: 'boolean', default: false }, 'data-dir': { type: 'string' } }, strict: true });
      const printers = await listPrinters(values['data-dir'], deps.usb);
      if (values.json) io.out(JSON.stringify({ printers }));
      else {
        for (const p of printers) io.out(line(p));
        // A configured USB printer that is unplugged is listed, but it is not plugged in.
        if (!printers.some((p) => p.transport === 'usb' && p.connected)) io.out('No USB printers are plugged in.');
      }
      return 0;
    },
  };
}

export const printersCommand = createPrintersCommand();
