import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';
import type { Raster } from '../../electron/printing/raster/raster';

/** A barcode as a reader sees it: symbology, text, and its reading direction in degrees (0 = left to right). */
export interface ReadBarcode {
  readonly format: string;
  readonly text: string;
  readonly orientation: number;
}

let prepared = false;

/** zxing-cpp's reader; its wasm ships inside the npm package, so nothing is fetched. */
function prepare(): void {
  if (prepared) return;
  const wasm = path.resolve(__dirname, '../../node_modules/zxing-wasm/dist/reader/zxing_reader.wasm');
  const bytes = fs.readFileSync(wasm);
  prepareZXingModule({ overrides: { wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer } });
  prepared = true;
}

const OPTIONS: ReaderOptions = { tryHarder: true, tryRotate: true, tryInvert: false, tryDownscale: true, maxNumberOfSymbols: 20 };

async function read(data: Uint8ClampedArray, width: number, height: number): Promise<ReadBarcode[]> {
  prepare();
  const found = await readBarcodes({ data, width, height, colorSpace: 'srgb' } as ImageData, OPTIONS);
  return found.filter((b) => b.isValid).map((b) => ({ format: b.format, text: b.text, orientation: b.orientation }));
}

export function readPngBarcodes(png: Buffer): Promise<ReadBarcode[]> {
  const image = PNG.sync.read(png);
  return read(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength), image.width, image.height);
}

export function readRasterBarcodes(raster: Raster): Promise<ReadBarcode[]> {
  const data = new Uint8ClampedArray(raster.width * raster.height * 4).fill(255);
  for (let y = 0; y < raster.height; y += 1) {
    for (let x = 0; x < raster.width; x += 1) {
      if (!(raster.data[y * raster.bytesPerRow + (x >> 3)]! & (0x80 >> (x & 7)))) continue;
      const i = (y * raster.width + x) * 4;
      data[i] = 0;
      data[i + 1] = 0;
      data[i + 2] = 0;
    }
  }
  return read(data, raster.width, raster.height);
}
