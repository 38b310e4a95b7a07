/**
 * Test helper: reads barcodes back out of rendered PNGs with an independent
 * decoder (ZXing's TypeScript port), the way a packer's scanner would.
 */
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { PNG } from 'pngjs';

export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Gray {
  width: number;
  height: number;
  /** Luminance per pixel, 0 black .. 255 white. */
  luma: Uint8ClampedArray;
}

export function decodePngGray(png: Buffer): Gray {
  const image = PNG.sync.read(png);
  const luma = new Uint8ClampedArray(image.width * image.height);
  for (let i = 0; i < luma.length; i++) luma[i] = image.data[i * 4] ?? 0;
  return { width: image.width, height: image.height, luma };
}

export function crop(gray: Gray, region: Region): Gray {
  const luma = new Uint8ClampedArray(region.width * region.height);
  for (let y = 0; y < region.height; y++) {
    const start = (region.y + y) * gray.width + region.x;
    luma.set(gray.luma.subarray(start, start + region.width), y * region.width);
  }
  return { width: region.width, height: region.height, luma };
}

export type Format = 'code128' | 'qrcode' | 'pdf417';

const FORMATS: Record<Format, BarcodeFormat> = {
  code128: BarcodeFormat.CODE_128,
  qrcode: BarcodeFormat.QR_CODE,
  pdf417: BarcodeFormat.PDF_417,
};

/** Decoded text, or throws ZXing's NotFoundException when nothing scans. */
export function decodeBarcode(gray: Gray, format: Format, options: { gs1?: boolean } = {}): string {
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [FORMATS[format]]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  if (options.gs1) hints.set(DecodeHintType.ASSUME_GS1, true);
  const reader = new MultiFormatReader();
  const source = new RGBLuminanceSource(gray.luma, gray.width, gray.height);
  return reader.decode(new BinaryBitmap(new HybridBinarizer(source)), hints).getText();
}
