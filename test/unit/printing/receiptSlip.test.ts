import { describe, expect, it } from 'vitest';
import { decodeEscpos } from '../../../electron/printing/lang/escpos';
import { renderReceiptSlip } from '../../../electron/printing/slips/receiptSlip';
import { readRasterBarcodes } from '../../support/barcodes';

const content = { storeName: 'Kettle & Co', shipTo: ['Ada Lovelace'], items: [{ sku: 'MUG-BLUE', name: 'Blue enamel mug', quantity: 2 }], note: null, tracking: '9400' };
const GS_K_128 = Buffer.from([0x1d, 0x6b, 0x49]);
const GS_V_0 = Buffer.from([0x1d, 0x76, 0x30]);

describe('the 80 mm slip barcode', () => {
  it('a short order number is the printer\'s own Code 128', async () => {
    const bytes = await renderReceiptSlip({ ...content, orderNumber: 'SO-4417' });
    expect(bytes.includes(GS_K_128)).toBe(true);
    expect(bytes.includes(GS_V_0)).toBe(false);
  });

  it('one too long for the head at 3 dots a module goes as an image that still reads', async () => {
    const orderNumber = '113-4567890-1234567-AMZ';
    const bytes = await renderReceiptSlip({ ...content, orderNumber });
    expect(bytes.includes(GS_K_128)).toBe(false);
    const raster = decodeEscpos(bytes);
    expect(raster.width).toBeLessThanOrEqual(576);
    expect(await readRasterBarcodes(raster)).toContainEqual(expect.objectContaining({ format: 'Code128', text: orderNumber }));
  });
});
