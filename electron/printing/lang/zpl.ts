import { fail } from '../../../shared/contract/errors';
import { darknessLevel } from '../../../shared/domain/printing';
import { createRaster, paint, type Raster } from '../raster/raster';
import type { EncodeOptions } from './options';
import { decodeGraphicData, graphicData } from './zplGraphic';

/**
 * A whole label as one ^GF graphic field:
 * `~SD15^XA^PW812^LL1218^LH0,0^FO0,0^GFA,124236,124236,102,:Z64:...:CRC^FS^PQ1^XZ`.
 * ~SD (absolute darkness) is sent only when the profile sets a darkness.
 */
export function encodeZpl(raster: Raster, options: EncodeOptions): Buffer {
  const total = raster.bytesPerRow * raster.height;
  const { text } = graphicData(raster);
  const darkness = options.darkness === null ? '' : `~SD${String(darknessLevel(options.darkness, 'zpl')).padStart(2, '0')}`;
  const head = `${darkness}^XA^PW${raster.width}^LL${raster.height}^LH${options.offsetX},${options.offsetY}^FO0,0^GFA,${total},${total},${raster.bytesPerRow},`;
  return Buffer.from(`${head}${text}^FS^PQ${options.copies ?? 1}^XZ`, 'latin1');
}

/**
 * Our own ZPL back to a raster of ^PW x ^LL dots (origin at ^LH + ^FO), so
 * tests and previews see what the printer will print.
 */
export function decodeZpl(bytes: Uint8Array): Raster {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const width = numberAfter(text, '^PW');
  const height = numberAfter(text, '^LL');
  const home = pairAfter(text, '^LH') ?? [0, 0];
  const origin = pairAfter(text, '^FO') ?? [0, 0];
  const field = /\^GFA,(\d+),(\d+),(\d+),([^^]*)/.exec(text);
  if (width === null || height === null || !field) fail('bad_label', 'These ZPL bytes hold no full-label graphic (^PW, ^LL and ^GF are needed).');
  const graphic = decodeGraphicData(field[4]!, Number(field[2]), Number(field[3]));
  const canvas = createRaster(width, height);
  paint(canvas, graphic, home[0] + origin[0], home[1] + origin[1]);
  return canvas;
}

function numberAfter(text: string, command: string): number | null {
  const match = new RegExp(`\\${command}(\\d+)`).exec(text);
  return match ? Number(match[1]) : null;
}

function pairAfter(text: string, command: string): [number, number] | null {
  const match = new RegExp(`\\${command}(\\d+),(\\d+)`).exec(text);
  return match ? [Number(match[1]), Number(match[2])] : null;
}
