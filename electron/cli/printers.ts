import { parseArgs } from 'node:util';
import type { PrinterView } from '../../shared/contract/printing';
import { languageNames } from '../../shared/domain/printing';
import type { UsbBus } from '../printing/usb/usbTypes';
import type { CliCommand } from './command';
import { openPrinting } from '../printing/standalone';

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
      const station = openPrinting(values['data-dir'], deps.usb);
      try {
        const printers = await station.printing.handlers['printers.list']({});
        if (values.json) io.out(JSON.stringify({ printers }));
        else {
          for (const p of printers) io.out(line(p));
          // A configured USB printer that is unplugged is listed, but it is not plugged in.
          if (!printers.some((p) => p.transport === 'usb' && p.connected)) io.out('No USB printers are plugged in.');
        }
        return 0;
      } finally {
        await station.close();
      }
    },
  };
}

export const printersCommand = createPrintersCommand();
