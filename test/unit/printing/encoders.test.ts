import { describe, expect, it } from 'vitest';
import { decodeEpl, encodeEpl } from '../../../electron/printing/lang/epl';
import { PrinterTypes, ThermalPrinter } from 'node-thermal-printer';
import { ESCPOS_BAND_ROWS, decodeEscpos, encodeEscpos } from '../../../electron/printing/lang/escpos';
import { crc16Xmodem } from '../../../electron/printing/lang/crc16';
import { decodePrinterBytes, encodeRaster } from '../../../electron/printing/lang';
import { defaultEncodeOptions } from '../../../electron/printing/lang/options';
import { decodeTspl, encodeTspl } from '../../../electron/printing/lang/tspl';
import { decodeZpl, encodeZpl } from '../../../electron/printing/lang/zpl';
import { acs, decodeGraphicData, z64 } from '../../../electron/printing/lang/zplGraphic';
import { createRaster, getPixel, rastersEqual, setPixel, type Raster } from '../../../electron/printing/raster/raster';
import { printerLanguages } from '../../../shared/domain/printing';
import { convertLabel } from '../../../electron/printing/pipeline';
import { rasterToPng } from '../../../electron/printing/raster/preview';
import { labelLikeRaster, randomRaster } from './fixtures';

/** 10x2: row 0 has dots 0 and 1 black (C0 00), row 1 has dot 9 black (00 40). */
function tiny(): Raster {
  const raster = createRaster(10, 2);
  setPixel(raster, 0, 0, true);
  setPixel(raster, 1, 0, true);
  setPixel(raster, 9, 1, true);
  return raster;
}

const bytes = (...parts: Array<string | number[]>) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

function bitwiseCrc(text: string): number {
  let crc = 0;
  for (const ch of Buffer.from(text, 'latin1')) {
    crc ^= ch << 8;
    for (let k = 0; k < 8; k += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

describe('hand-checked bytes for a 10x2 raster', () => {
  it('CRC-16/XMODEM has the catalogue check value', () => {
    expect(crc16Xmodem('123456789')).toBe(0x31c3);
  });

  it('ZPL uses ASCII compression when it is shorter than Z64', () => {
    expect(encodeZpl(tiny(), defaultEncodeOptions).toString('latin1')).toBe('^XA^PW10^LL2^LH0,0^FO0,0^GFA,4,4,2,C,004,^FS^PQ1^XZ');
  });

  it('ZPL sets darkness with ~SD and offsets with ^LH', () => {
    const zpl = encodeZpl(tiny(), { ...defaultEncodeOptions, darkness: 50, offsetX: 16, offsetY: 8 }).toString('latin1');
    expect(zpl.startsWith('~SD15^XA^PW10^LL2^LH16,8^FO0,0^GFA,4,4,2,')).toBe(true);
  });

  it('Z64 is zlib + base64 with CRC-16/XMODEM over the base64 text', () => {
    const raster = labelLikeRaster(64, 40);
    const text = z64(raster);
    const match = /^:Z64:([A-Za-z0-9+/=]+):([0-9A-F]{4})$/.exec(text);
    expect(match).not.toBeNull();
    expect(parseInt(match![2]!, 16)).toBe(bitwiseCrc(match![1]!));
    expect(rastersEqual(decodeGraphicData(text, raster.data.length, raster.bytesPerRow), raster)).toBe(true);
  });

  it('Z64 that does not inflate, or inflates past its size fields, is bad_label in words', () => {
    const raster = labelLikeRaster(64, 40);
    const garbage = Buffer.from('not zlib at all').toString('base64');
    expect(() => decodeGraphicData(`:Z64:${garbage}`, raster.data.length, raster.bytesPerRow)).toThrow(/cannot be read back/);
    expect(() => decodeGraphicData(z64(raster), raster.bytesPerRow * 2, raster.bytesPerRow)).toThrow(/cannot be read back/);
  });

  it('EPL2 inverts the bits (0 prints black)', () => {
    expect(encodeEpl(tiny(), defaultEncodeOptions)).toEqual(bytes('\nN\nq10\nGW0,0,2,2,', [0x3f, 0xff, 0xff, 0xbf], '\nP1\n'));
  });

  it('EPL2 sends darkness as D0-15', () => {
    expect(encodeEpl(tiny(), { ...defaultEncodeOptions, darkness: 100 }).toString('latin1').startsWith('\nN\nD15\nq10\n')).toBe(true);
  });

  it('TSPL inverts the bits and sizes the media in millimetres', () => {
    expect(encodeTspl(tiny(), { ...defaultEncodeOptions, darkness: 60 })).toEqual(
      bytes(
        'SIZE 101.6 mm,152.4 mm\r\nGAP 3 mm,0 mm\r\nDIRECTION 0,0\r\nREFERENCE 0,0\r\nDENSITY 9\r\nCLS\r\nBITMAP 0,0,2,2,0,',
        [0x3f, 0xff, 0xff, 0xbf],
        '\r\nPRINT 1,1\r\n',
      ),
    );
  });

  it('ESC/POS is GS v 0 (1 prints black), then feeds and cuts', () => {
    expect(encodeEscpos(tiny())).toEqual(
      Buffer.from([
        0x1b, 0x40, 0x1d, 0x76, 0x30, 0x30, 0x02, 0x00, 0x02, 0x00, 0xc0, 0x00, 0x00, 0x40, 0x1b, 0x64, 0x04, 0x1b, 0x64, 0x04, 0x1d, 0x56,
        0x00, 0x1b, 0x40,
      ]),
    );
  });
});

describe('ZPL ASCII compression', () => {
  it('counts runs with G..Y and g..z and ends rows with , and :', () => {
    const raster = createRaster(200, 3);
    for (let x = 0; x < 100; x += 1) setPixel(raster, x, 0, true); // 25 F digits then zeros
    raster.data.set(raster.data.subarray(0, 25), 25); // row 1 = row 0
    expect(acs(raster)).toBe('gKF,:,');
  });

  it.each([
    ['random noise', randomRaster(203, 31, 9)],
    ['a label', labelLikeRaster(812, 300)],
    ['very wide solid rows', (() => { const r = createRaster(1800, 3); r.data.fill(0xff); return r; })()],
  ])('round-trips %s', (_name, raster) => {
    // ^GF knows bytes, not dots: compare the bytes.
    expect(decodeGraphicData(acs(raster), raster.data.length, raster.bytesPerRow).data).toEqual(raster.data);
  });
});

describe('every language round-trips through its own decoder', () => {
  const samples: Array<[string, Raster]> = [
    ['a 4x6 label at 203 dpi', labelLikeRaster(812, 1218)],
    ['noise at an odd width', randomRaster(405, 301, 4)],
    ['a blank label', createRaster(812, 1218)],
  ];
  for (const language of printerLanguages) {
    it.each(samples)(`${language}: %s`, async (_name, raster) => {
      const encoded = await encodeRaster(language, raster, defaultEncodeOptions);
      const decoded = decodePrinterBytes(language, encoded, { width: raster.width, height: raster.height });
      expect(decoded.width).toBe(raster.width);
      expect(decoded.height).toBe(raster.height);
      expect(rastersEqual(decoded, raster)).toBe(true);
    });
  }

  it('ZPL needs no size hint and places the graphic at ^LH', () => {
    const raster = tiny();
    expect(rastersEqual(decodeZpl(encodeZpl(raster, defaultEncodeOptions)), raster)).toBe(true);
    const shifted = decodeZpl(encodeZpl(raster, { ...defaultEncodeOptions, offsetX: 3, offsetY: 1 }));
    expect(getPixel(shifted, 3, 1)).toBe(true);
  });

  it('EPL, TSPL and ESC/POS decode at their offsets', async () => {
    const raster = tiny();
    const options = { ...defaultEncodeOptions, offsetX: 8, offsetY: 1 };
    expect(getPixel(decodeEpl(encodeEpl(raster, options), { width: 30, height: 5 }), 8, 1)).toBe(true);
    expect(getPixel(decodeTspl(encodeTspl(raster, options), { width: 30, height: 5 }), 8, 1)).toBe(true);
    expect(rastersEqual(decodeEscpos(encodeEscpos(raster)), (() => { const r = createRaster(16, 2); r.data.set(raster.data); return r; })())).toBe(true);
  });

  it('EPL and TSPL read back without a size hint, and refuse image data cut short', () => {
    const raster = tiny();
    const epl = encodeEpl(raster, defaultEncodeOptions);
    const tspl = encodeTspl(raster, defaultEncodeOptions);
    // EPL states its width (q); TSPL's width comes from the bitmap's whole bytes.
    expect(rastersEqual(decodeEpl(epl), raster)).toBe(true);
    expect(decodeTspl(tspl)).toMatchObject({ width: 16, height: 2 });
    expect(getPixel(decodeTspl(tspl), 9, 1)).toBe(true);
    expect(() => decodeEpl(epl.subarray(0, epl.indexOf('P1') - 3))).toThrow(/cut short inside a GW/);
    expect(() => decodeTspl(tspl.subarray(0, tspl.indexOf('PRINT') - 4))).toThrow(/cut short inside a BITMAP/);
    expect(() => decodeEpl(bytes('N\n'))).toThrow(/label width/);
  });

  it('ESC/POS splits tall labels into bands of at most 256 rows', async () => {
    const encoded = encodeEscpos(labelLikeRaster(576, 1000));
    let bands = 0;
    for (let i = 0; i + 2 < encoded.length; i += 1) if (encoded[i] === 0x1d && encoded[i + 1] === 0x76 && encoded[i + 2] === 0x30) bands += 1;
    expect(bands).toBeGreaterThanOrEqual(4);
  });

  it('ESC/POS bytes are exactly what node-thermal-printer sends for the same bands', async () => {
    const raster = labelLikeRaster(573, 700);
    const sink = {
      bytes: Buffer.alloc(0),
      getPrinterName: () => 'oracle',
      isPrinterConnected: async () => true,
      execute: async (buffer: Buffer) => (sink.bytes = Buffer.from(buffer)),
    };
    const printer = new ThermalPrinter({ type: PrinterTypes.EPSON, interface: sink as unknown as string });
    printer.add(Buffer.from([0x1b, 0x40]));
    for (let start = 0; start < raster.height; start += ESCPOS_BAND_ROWS) {
      const rows = Math.min(ESCPOS_BAND_ROWS, raster.height - start);
      const n = raster.bytesPerRow;
      await printer.printImageBuffer(rasterToPng({ width: raster.width, height: rows, bytesPerRow: n, data: raster.data.subarray(start * n, (start + rows) * n) }));
    }
    printer.cut();
    await printer.execute();
    expect(encodeEscpos(raster).equals(sink.bytes)).toBe(true);
  });

  it('refuses a label too wide for ESC/POS in words', () => {
    expect(() => encodeEscpos(createRaster(2100, 10))).toThrow(/at most 2040/);
  });
});

describe('offsets through the pipeline', () => {
  const png = (() => {
    const raster = createRaster(812, 1218);
    setPixel(raster, 100, 100, true);
    return rasterToPng(raster);
  })();
  const base = { dpi: 203 as const, media: '4x6' as const, darkness: null };

  it.each(printerLanguages)('%s prints a dot 8 dots right and 4 up where the profile says', async (language) => {
    const { bytes } = await convertLabel(png, { ...base, language, offsetX: 8, offsetY: -4 });
    const printed = decodePrinterBytes(language, bytes, { width: 812, height: 1218 });
    expect(getPixel(printed, 108, 96)).toBe(true);
    expect(getPixel(printed, 100, 100)).toBe(false);
  });
});
