import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, jsonOf, startCliService, type CliService } from '../../support/cli';

const fixtures = path.join(__dirname, '../../fixtures/store-exports');

interface ImportJson {
  readonly format: string | null;
  readonly imported: number;
  readonly updated: number;
  readonly skipped: ReadonlyArray<{ line: number; order_number: string; reason: string }>;
  readonly refused: ReadonlyArray<{ line: number; message: string }>;
}

interface ListedOrder {
  readonly order_number: string;
  readonly status: string;
  readonly recipient: { readonly name: string; readonly zip: string };
  readonly items: ReadonlyArray<{ sku: string; name: string; quantity: number }>;
}

let service: CliService;
let dir: string;
let data: string;
let folders = 0;
/** Each test its own data folder: its own inbox and catalog. */
const freshData = (): void => {
  folders += 1;
  data = path.join(dir, `data-${folders}`);
};
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ps-exports-'));
  fs.writeFileSync(path.join(dir, 'from.json'), JSON.stringify({ name: 'Harbor Pottery', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip: '90021' }));
  service = await startCliService({ seed: 22 });
});
afterAll(async () => {
  await service.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function importFile(file: string): Promise<ImportJson> {
  const run = await cli(['orders', 'import', path.join(fixtures, file), '--json', ...service.flags(data)]);
  expect(run.code, run.err.join('\n')).toBe(0);
  expect(run.out).toHaveLength(1);
  const report = jsonOf<ImportJson>(run);
  expect(Object.keys(report)).toEqual(['format', 'imported', 'updated', 'skipped', 'refused']);
  return report;
}

async function buy(order: string): Promise<{ order_number: string; tracking_no: string | null; duplicate_label: boolean }> {
  const run = await cli(['buy', '--order', order, '--weight-oz', '14', '--no-print', '--ship-from', path.join(dir, 'from.json'), ...service.flags(data)]);
  expect(run.code, run.err.join('\n')).toBe(0);
  return jsonOf(run);
}

describe('orders import: each store export as the store wrote it, then one order of each bought by its store number', () => {
  const expected: ReadonlyArray<readonly [string, string, number, readonly string[], string]> = [
    ['shopify-orders_export_1.csv', 'shopify', 3, ['#1004', '#1005'], '1002'],
    ['woocommerce-orders-excel.csv', 'woocommerce', 2, ['4128', '4129'], '#4127'],
    ['ebay-orders-report.csv', 'ebay', 2, ['12-34567-89014'], '12-34567-89012'],
    ['EtsySoldOrderItems2026-10.csv', 'etsy', 2, ['2954417707'], '2954417708'],
    ['amazon-unshipped-orders.txt', 'amazon', 2, ['114-0000002-2222222'], '113-2948571-6620384'],
    ['shipstation-orders-export.csv', 'shipstation', 2, ['SS-2002', 'SS-2003'], 'SS-2001'],
    ['station-orders.csv', 'station', 2, [], 'ST-501'],
  ];

  it('imports each file with its orders, skips and items, and lists them with order numbers as the store shows them', async () => {
    freshData();
    for (const [file, format, imported, skipped] of expected) {
      const report = await importFile(file);
      expect({ file, format: report.format, imported: report.imported, skipped: report.skipped.map((s) => s.order_number), refused: report.refused }).toEqual({
        file,
        format,
        imported,
        skipped,
        refused: [],
      });
    }
    const again = await importFile('shopify-orders_export_1.csv');
    expect(again).toMatchObject({ imported: 0, updated: 3 });
    const listed = jsonOf<ListedOrder[]>(await cli(['orders', 'list', '--json', ...service.flags(data)]));
    expect(listed).toHaveLength(15);
    const byNumber = new Map(listed.map((o) => [o.order_number, o]));
    expect(byNumber.get('#1002')).toMatchObject({
      status: 'open',
      recipient: { name: 'José Müller', zip: '02215-1602' },
      items: [
        { sku: 'POT-1', name: 'Teapot, stoneware', quantity: 1 },
        { sku: 'CST-4', name: 'Coaster set (4)', quantity: 3 },
      ],
    });
    expect(byNumber.get('4127')?.recipient).toMatchObject({ name: 'Renée Lefèvre', zip: '02139' });
    expect(byNumber.get('12-34567-89012')?.items.map((i) => i.sku)).toEqual(['CMP-1', '334455667799']);
    // `1003` finds the store's `#1003`.
    expect(jsonOf<ListedOrder[]>(await cli(['orders', 'list', '1003', '--json', ...service.flags(data)])).map((o) => o.order_number)).toEqual(['#1003']);
  }, 60_000);

  it('buys one order of each by its number, with or without the store\'s #, and lists it shipped', async () => {
    freshData();
    for (const [file] of expected) await importFile(file);
    const tracking = new Map<string, string | null>();
    for (const [, , , , order] of expected) {
      const bought = await buy(order);
      expect(bought).toMatchObject({ duplicate_label: false, tracking_no: expect.any(String) as unknown });
      tracking.set(order, bought.tracking_no);
    }
    const listed = jsonOf<ListedOrder[]>(await cli(['orders', 'list', '--json', ...service.flags(data)]));
    const shipped = listed.filter((o) => o.status === 'shipped').map((o) => o.order_number).sort();
    expect(shipped).toEqual(['#1002', '113-2948571-6620384', '12-34567-89012', '2954417708', '4127', 'SS-2001', 'ST-501']);
    // Bought again under the other spelling, it is the same order: nothing more is sold.
    // Whichever spelling was typed, the order number printed is the store's.
    expect(await buy('1002')).toMatchObject({ order_number: '#1002', duplicate_label: true, tracking_no: tracking.get('1002') });
    expect(await buy('#1002')).toMatchObject({ order_number: '#1002', duplicate_label: true, tracking_no: tracking.get('1002') });
    expect(await buy('#4127')).toMatchObject({ order_number: '4127', duplicate_label: true, tracking_no: tracking.get('#4127') });
  }, 120_000);

  it('products import reads the catalog (a row without a weight refused by its line), products list --json prints its columns', async () => {
    freshData();
    const imported = await cli(['products', 'import', path.join(fixtures, 'products.csv'), '--json', ...service.flags(data)]);
    expect(imported.code).toBe(1);
    expect(jsonOf(imported)).toEqual({ imported: 4, updated: 0, refused: [{ line: 6, message: 'the weight is empty (weight_oz, or weight_lb, weight_g, weight_kg)' }] });
    const listed = jsonOf<Array<Record<string, unknown>>>(await cli(['products', 'list', 'pot', '--json', ...service.flags(data)]));
    expect(listed).toEqual([
      { sku: 'POT-1', name: 'Teapot, stoneware', weight_oz: 32, length_in: null, width_in: null, height_in: null, barcode: null, hs_code: '691200', origin_country: 'US', customs_description: 'Stoneware teapot', value_usd: 42 },
    ]);
  }, 30_000);

  it('a file that cannot be read is refused with why, in words: missing, a folder', async () => {
    freshData();
    const missing = await cli(['orders', 'import', path.join(dir, 'no-such.csv'), ...service.flags(data)]);
    expect(missing.code).toBe(1);
    expect(missing.err).toEqual([`Error: There is no file ${path.join(dir, 'no-such.csv')}: check its name and folder.`]);
    const folder = await cli(['products', 'import', dir, ...service.flags(data)]);
    expect(folder.err).toEqual([`Error: ${dir} is a folder: name a file in it.`]);
  });

  it('any other CSV: refused in words at first, mapped once by name, then read through the mapping, by name or by its header', async () => {
    freshData();
    const header = 'Order ID,Customer,Address,Town,Region,Postcode,Nation,Product SKU,Product,Qty';
    const first = path.join(dir, 'market-1.csv');
    const second = path.join(dir, 'market-2.csv');
    fs.writeFileSync(first, [header, 'M-1,Iris Novak,8 Pearl St,Denver,CO,80203,US,MUG-12,Mug,2', 'M-1,,,,,,,NAP-1,Napkin,1'].join('\n'));
    fs.writeFileSync(second, [header, 'M-2,Owen Tran,12 Cedar Ct,Boise,ID,83702,US,POT-1,Teapot,1'].join('\n'));
    const refused = await cli(['orders', 'import', first, '--json', ...service.flags(data)]);
    expect(refused.code).toBe(1);
    expect(jsonOf<ImportJson>(refused).refused[0]?.message).toMatch(/^The header row is not one of .*Map them once \(orders mapping save NAME FILE/);
    const map = ['order_number=Order ID', 'recipient_name=Customer', 'street=Address', 'city=Town', 'state=Region', 'zip_code=Postcode', 'country=Nation', 'sku=Product SKU', 'item_name=Product', 'item_quantity=Qty'];
    const saved = await cli(['orders', 'mapping', 'save', 'Market', first, ...map.flatMap((m) => ['--map', m]), ...service.flags(data)]);
    expect(saved.code, saved.err.join('\n')).toBe(0);
    expect(jsonOf<ImportJson>(await cli(['orders', 'import', first, '--mapping', 'market', '--json', ...service.flags(data)]))).toMatchObject({ format: 'mapped', imported: 1, refused: [] });
    expect(jsonOf<ImportJson>(await cli(['orders', 'import', second, '--json', ...service.flags(data)]))).toMatchObject({ format: 'mapped', imported: 1, refused: [] });
    const listed = jsonOf<ListedOrder[]>(await cli(['orders', 'list', 'M-', '--json', ...service.flags(data)]));
    expect(listed.map((o) => [o.order_number, o.items.map((i) => `${i.quantity}×${i.sku}`)])).toEqual([['M-2', ['1×POT-1']], ['M-1', ['2×MUG-12', '1×NAP-1']]]);
    const bad = await cli(['orders', 'mapping', 'save', 'Broken', first, '--map', 'order_number=Nope', ...service.flags(data)]);
    expect(bad.code).not.toBe(0);
    expect(bad.err.join('\n')).toContain('the file has no column "Nope" for order_number');
  }, 60_000);
});
