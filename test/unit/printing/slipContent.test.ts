import { describe, expect, it } from 'vitest';
import { slipSettingsSchema } from '../../../shared/contract/slips';
import { slipContent, slipOrderOf } from '../../../electron/printing/slips/slipContent';
import type { OrderRow } from '../../../electron/store/ordersRepo';
import type { ShipmentRow } from '../../../electron/store/shipmentsRepo';

const row = { order_number: '#1002', tracking_no: '9400 1', recipient_name: 'José Müller', recipient_city: 'Boston', recipient_zip: '02215' } as ShipmentRow;
const order: OrderRow = {
  order_number: '#1002',
  source: 'csv',
  recipient_json: JSON.stringify({ name: 'José Müller', street: '40 Peterborough St', street2: 'Apt 3', city: 'Boston', state: 'MA', zip: '02215-1602', country: 'US' }),
  package_json: null,
  customs_json: null,
  items_json: JSON.stringify([{ sku: 'POT-1', name: 'Teapot, stoneware', quantity: 1, unitPrice: 42 }]),
  note: ' Gift wrap, please. ',
  imported_at: '2026-11-29T00:00:00Z',
  shipped: 1,
};

describe('what a packing slip says', () => {
  it('shows everything by default: store, order barcode, ship-to from the order, items without prices, the note', () => {
    expect(slipContent(row, slipOrderOf(order), slipSettingsSchema.parse({ storeName: 'Kettle & Co' }))).toEqual({
      storeName: 'Kettle & Co',
      orderNumber: '#1002',
      shipTo: ['José Müller', '40 Peterborough St', 'Apt 3', 'Boston, MA 02215-1602', 'US'],
      items: [{ sku: 'POT-1', name: 'Teapot, stoneware', quantity: 1 }],
      note: 'Gift wrap, please.',
      tracking: '9400 1',
    });
  });

  it('leaves out what the template turns off, and falls back to the label row without an order', () => {
    const settings = slipSettingsSchema.parse({ storeName: 'Kettle & Co', show: { storeName: false, orderBarcode: true, shipTo: true, items: false, note: false } });
    expect(slipContent(row, slipOrderOf(undefined), settings)).toEqual({ storeName: null, orderNumber: '#1002', shipTo: ['José Müller', 'Boston 02215'], items: null, note: null, tracking: '9400 1' });
  });
});
