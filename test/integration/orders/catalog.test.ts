import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CommandInput, CommandName } from '../../../shared/contract';
import { createStation, type Station } from '../../../electron/station/createStation';
import { openTestVault, type TestVault } from '../../support/keyring';
import { command } from '../../support/station';
import { makeTempDir } from '../../support/tempDir';

const products = fs.readFileSync(path.join(__dirname, '../../fixtures/store-exports/products.csv'), 'utf8');

/** Three items and no weight; one order naming a SKU the catalog lacks; one to Canada with no declaration. */
const orders = [
  'order_number,recipient_name,street,city,state,zip_code,country,phone,sku,item_description,item_quantity,item_value_usd',
  'CAT-1,Ada Pemberton,12 Brattle St,Cambridge,MA,02139,US,,MUG-12,"Ceramic mug, 12 oz",2,18.00',
  'CAT-1,,,,,,,,NAP-1,Linen napkin,4,6.00',
  'CAT-1,,,,,,,,POT-1,"Teapot, stoneware",1,42.00',
  'CAT-2,Noor Haddad,7 Elm Rd,Newark,NJ,07102,US,,MUG-12,"Ceramic mug, 12 oz",1,18.00',
  'CAT-2,,,,,,,,GLAZE-9,Glaze sampler,1,12.00',
  'CAT-3,Noah Tremblay,1 Rue Sainte-Catherine,Montreal,QC,H2X 1Y4,CA,514-555-0142,MUG-12,"Ceramic mug, 12 oz",2,18.00',
  'CAT-3,,,,,,,,NAP-1,Linen napkin,1,6.00',
].join('\n');

describe('the product catalog weighs and declares orders', () => {
  let station: Station;
  let cleanup: () => void;
  let keys: TestVault;
  const call = <N extends CommandName>(name: N, input: CommandInput<N>) => command(station, name, input);
  /** What the station sent to the service for the order's purchase (its journal keeps the request). */
  const sentWeightOz = (orderNumber: string): number | undefined => {
    const row = station.context.db.prepare<[string], { request_json: string }>('SELECT request_json FROM shipments WHERE order_number = ?').get(orderNumber);
    if (!row) return undefined;
    const sent = JSON.parse(row.request_json) as { package_data: { weight: number; weight_unit: string } };
    expect(sent.package_data.weight_unit).toBe('lb');
    return sent.package_data.weight * 16;
  };

  beforeEach(async () => {
    const temp = makeTempDir();
    cleanup = temp.cleanup;
    keys = await openTestVault();
    station = await createStation({ dataDir: temp.dir, vault: keys.vault, devices: { noUsb: true }, printing: { usb: null } });
    await call('settings.shipping.set', {
      shipFrom: { name: 'Harbor Pottery', street: '500 Market St', city: 'San Francisco', state: 'CA', zip: '94105', country: 'US', phone: '415-555-0100' },
      presets: [{ name: 'Mailer box', lengthIn: 12, widthIn: 10, heightIn: 6, tareOz: 3.5 }],
      defaultPreset: 'Mailer box',
    });
    expect(await call('products.importCsv', { csv: products })).toEqual({ imported: 4, updated: 0, refused: [{ line: 6, message: 'the weight is empty (weight_oz, or weight_lb, weight_g, weight_kg)' }] });
    expect(await call('orders.importCsv', { csv: orders })).toMatchObject({ format: 'station', imported: 3, refused: [] });
  });
  afterEach(async () => {
    await station.close();
    await keys.remove();
    cleanup();
  });

  it('reads weights in any unit, lists the catalog, and weighs a three-item order with no weight as the sum plus the tare', async () => {
    const listed = await call('products.list', {});
    expect(listed.map((p) => [p.sku, p.weightOz])).toEqual([['CST-4', 6], ['MUG-12', 14.5], ['NAP-1', 1.411], ['POT-1', 32]].map(([sku, oz]) => [sku, expect.closeTo(oz as number, 2)]));
    const order = await call('orders.lookup', { orderNumber: 'CAT-1' });
    // 2 × 14.5 + 4 × 40 g + 1 × 2 lb + 3.5 tare = 29 + 5.64 + 32 + 3.5
    expect(order).toMatchObject({ weightFrom: 'catalog', package: { weightOz: 70.1 } });
    const bought = await call('batch.buyOrder', { orderNumber: 'CAT-1', print: false });
    expect(bought.purchase.shipment.trackingNo).toBeTruthy();
    expect(sentWeightOz('CAT-1')).toBeCloseTo(70.1, 2);
  });

  it('refuses to buy an order whose SKU the catalog cannot weigh, in words naming the SKU, and buys nothing', async () => {
    const order = await call('orders.lookup', { orderNumber: 'CAT-2' });
    expect(order.package).toBeNull();
    const words = 'The catalog has no weight for SKU "GLAZE-9": weigh the package, or add its weight in Products (products import FILE).';
    expect(order.weightProblem).toBe(words);
    await expect(call('batch.buyOrder', { orderNumber: 'CAT-2', print: false })).rejects.toThrow(words);
    expect(sentWeightOz('CAT-2')).toBeUndefined();
    // Weighed on the scale instead, it buys.
    const weighed = await call('batch.buyOrder', { orderNumber: 'CAT-2', weightText: '20', print: false });
    expect(weighed.purchase.shipment.trackingNo).toBeTruthy();
    expect(sentWeightOz('CAT-2')).toBeCloseTo(20, 2);
  });

  it('declares an order to Canada from the catalog: description, HS code and origin, at the order\'s prices', async () => {
    const order = await call('orders.lookup', { orderNumber: 'CAT-3' });
    expect(order.customs).toEqual({
      contentsType: 'merchandise',
      nonDelivery: 'return',
      items: [
        { description: 'Stoneware mug', quantity: 2, valueUsd: 18, weightOz: 14.5, hsCode: '691200', originCountry: 'US' },
        { description: 'Linen table napkin', quantity: 1, valueUsd: 6, weightOz: expect.closeTo(1.411, 2) as unknown, hsCode: '630251', originCountry: 'PT' },
      ],
    });
    const bought = await call('batch.buyOrder', { orderNumber: 'CAT-3', print: false });
    expect(bought.purchase.customsForms.length).toBeGreaterThan(0);
  });
});
