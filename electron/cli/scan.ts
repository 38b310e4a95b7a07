import { createInterface } from 'node:readline';
import { parseScan, type ScanResult } from '../../shared/domain/scan';
import { CliUsageError, type CliCommand } from './command';

const FIELDS = ['kind', 'tracking_no', 'carrier', 'zip', 'order_number', 'command'] as const;

/** The CLI's one line: only the contract fields that apply, in a fixed order. */
export function scanLine(result: ScanResult): string {
  const line: Record<string, string> = {};
  for (const field of FIELDS) {
    const value = result[field];
    if (value !== undefined) line[field] = value;
  }
  return JSON.stringify(line);
}

async function readOneLine(input: NodeJS.ReadableStream): Promise<string> {
  const lines = createInterface({ input, crlfDelay: Infinity, terminal: false });
  try {
    for await (const line of lines) return line;
    return '';
  } finally {
    lines.close();
  }
}

export function createScanCommand(stdin: NodeJS.ReadableStream = process.stdin): CliCommand {
  return {
    name: 'scan',
    summary: 'Show what the station makes of a scan (check a scanner\'s settings)',
    usage: [
      'Usage: parcel-station scan parse TEXT',
      '       parcel-station scan parse -      (then scan a barcode into this terminal)',
      '',
      'Prints one JSON line with the fields that apply:',
      '{"kind": "tracking"|"order"|"command"|"unknown", "tracking_no", "carrier", "zip", "order_number", "command"}',
      'For an unknown scan the reason goes to stderr. A GS separator (FNC1) may be passed as the byte 0x1D.',
    ].join('\n'),
    async run(argv, io) {
      const [verb, ...rest] = argv;
      if (verb !== 'parse') throw new CliUsageError(verb === undefined ? 'Say what to do: scan parse TEXT.' : `Unknown scan action "${verb}".`);
      const text = rest.length === 0 || (rest.length === 1 && rest[0] === '-') ? await readOneLine(stdin) : rest.join(' ');
      const result = parseScan(text);
      io.out(scanLine(result));
      if (result.message) io.err(result.message);
      return 0;
    },
  };
}

export const scanCommand = createScanCommand();
