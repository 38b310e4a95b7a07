import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { fail } from '../../shared/contract/errors';
import { labelRotations, mediaDots, mediaSizes, printerLanguages, type LabelRotation, type MediaSize, type PrinterDpi, type PrinterLanguage } from '../../shared/domain/printing';
import { decodePrinterBytes } from '../printing/lang';
import { convertLabel } from '../printing/pipeline';
import { rasterToPng } from '../printing/raster/preview';
import { CliUsageError, type CliCommand } from './command';
import { readInputFile } from './inputFile';

const usage = [
  'Usage: parcel-station label convert --in label.png --lang zpl|epl|tspl|escpos --dpi 203|300 [--media 4x6] --out FILE',
  '       parcel-station label preview --in FILE --lang zpl|epl|tspl|escpos [--dpi 203|300] [--media 4x6] --out preview.png',
  '',
  'convert turns a label PNG into the bytes a printer takes; preview renders such bytes back into a PNG',
  '(with our own decoder), to see what the printer would print.',
  '',
  '  --media 4x6|4x8|2x7   label size (default 4x6)',
  '  --darkness 0-100      relative darkness to send (default: leave the printer\'s own setting)',
  '  --offset-x N, --offset-y N   shift the label by N dots',
  '  --rotate auto|none|clockwise|upside-down|counterclockwise   turn the label (default auto: its barcodes decide)',
].join('\n');

function rotation(value: string | undefined): LabelRotation {
  if (value === undefined) return 'auto';
  if (!(labelRotations as readonly string[]).includes(value)) throw new CliUsageError(`--rotate must be one of ${labelRotations.join(', ')}, not "${value}".`);
  return value as LabelRotation;
}

function language(value: string | undefined): PrinterLanguage {
  if (!value) throw new CliUsageError('--lang is required.');
  if (!(printerLanguages as readonly string[]).includes(value)) throw new CliUsageError(`Unknown printer language "${value}"; use zpl, epl, tspl or escpos.`);
  return value as PrinterLanguage;
}

function dpi(value: string | undefined): PrinterDpi {
  if (value === '203' || value === undefined) return 203;
  if (value === '300') return 300;
  throw new CliUsageError(`--dpi must be 203 or 300, not "${value}".`);
}

function media(value: string | undefined): MediaSize {
  if (value === undefined) return '4x6';
  if (!(mediaSizes as readonly string[]).includes(value)) throw new CliUsageError(`--media must be 4x6, 4x8 or 2x7, not "${value}".`);
  return value as MediaSize;
}

function integer(name: string, value: string | undefined, min: number, max: number): number | null {
  if (value === undefined) return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new CliUsageError(`--${name} must be a whole number from ${min} to ${max}.`);
  return n;
}

function readInput(file: string | undefined): Buffer {
  if (!file) throw new CliUsageError('--in is required.');
  return readInputFile(file);
}

function writeOutput(file: string, bytes: Uint8Array): void {
  try {
    fs.writeFileSync(file, bytes);
  } catch (error) {
    fail('not_found', `Cannot write ${file} (${error instanceof Error ? error.message : String(error)}).`);
  }
}

export const labelCommand: CliCommand = {
  name: 'label',
  summary: 'Convert a label PNG to printer bytes (ZPL, EPL, TSPL, ESC/POS), or preview printer bytes as a PNG',
  usage,
  async run(argv, io) {
    const [action, ...rest] = argv;
    if (action !== 'convert' && action !== 'preview') throw new CliUsageError(action ? `Unknown action "${action}"; use convert or preview.` : 'Say convert or preview.');
    const { values } = parseArgs({
      args: rest,
      options: {
        in: { type: 'string' },
        out: { type: 'string' },
        lang: { type: 'string' },
        dpi: { type: 'string' },
        media: { type: 'string' },
        darkness: { type: 'string' },
        'offset-x': { type: 'string' },
        'offset-y': { type: 'string' },
        rotate: { type: 'string' },
      },
      strict: true,
    });
    if (!values.out) throw new CliUsageError('--out is required.');
    const settings = {
      language: language(values.lang),
      dpi: dpi(values.dpi),
      media: media(values.media),
      darkness: integer('darkness', values.darkness, 0, 100),
      offsetX: integer('offset-x', values['offset-x'], -400, 400) ?? 0,
      offsetY: integer('offset-y', values['offset-y'], -400, 400) ?? 0,
      rotation: rotation(values.rotate),
    };
    const input = readInput(values.in);
    if (action === 'convert') {
      const { bytes, fit } = await convertLabel(input, settings);
      writeOutput(values.out, bytes);
      const how = [fit.rotated ? `turned ${fit.turns * 90}° clockwise (by its ${fit.turnedBy})` : null, fit.scale !== 1 ? `scaled x${fit.scale.toFixed(3)}` : 'pixel-exact', fit.dithered ? 'dithered' : null].filter(Boolean).join(', ');
      io.err(`Wrote ${bytes.length} bytes of ${settings.language.toUpperCase()} for a ${fit.raster.width}x${fit.raster.height} dot label (${how}) to ${values.out}`);
      for (const warning of fit.warnings) io.err(`Warning: ${warning.message}`);
      return 0;
    }
    const raster = decodePrinterBytes(settings.language, input, mediaDots(settings.media, settings.dpi));
    writeOutput(values.out, rasterToPng(raster));
    io.err(`Wrote a ${raster.width}x${raster.height} preview to ${values.out}`);
    return 0;
  },
};
