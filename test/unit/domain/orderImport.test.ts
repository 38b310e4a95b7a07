import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importOrderFile } from '../../../shared/domain/orderImport';
import { decodeExport } from '../../../shared/domain/orderImport/decode';
import { parseMoney, type StoreFormat } from '../../../shared/domain/orderImport/types';

const dir = path.join(__dirname, '../../fixtures/store-exports');
const read = (file: string, format?: StoreFormat) =>
  importOrderFile(decodeExport(fs.readFileSync(path.join(dir, file))), { originCountry: 'US', ...(format ? { format } : {}) });
const numbers = (r: ReturnType<typeof read>) => r.orders.map((o) => o.order.orderNumber);

describe('orders as the stores export them', () => {
  it('Shopify: BOM, CRLF, apostrophe ZIPs and ZIP+4, a quoted line break, line items grouped, fulfilled and cancelled skipped', () => {
    const r = read('shopify-orders_export_1.csv');
    expect(r.format).toBe('shopify');
    expect(r.refused).toEqual([]);
    expect(numbers(r)).toEqual(['#1001', '#1002', '#1003']);
    expect(r.skipped).toEqual([
      { line: 9, order_number: '#1004', reason: 'already fulfilled in Shopify' },
      { line: 10, order_number: '#1005', reason: 'cancelled in Shopify (2026-10-03 09:12:44 -0400)' },
    ]);
    const [first, second, partial] = r.orders.map((o) => o.order);
    expect(first?.recipient).toMatchObject({ name: 'Ada Pemberton', zip: '02139', state: 'MA', country: 'US' });
    // The note's line break sits inside quotes: #1002 starts on line 4, and its gift card needs no shipping.
    expect(r.orders[1]?.line).toBe(4);
    expect(second?.recipient).toMatchObject({ name: 'José Müller', street2: 'Apt 3', zip: '02215-1602' });
    expect(second?.items).toEqual([
      { sku: 'POT-1', name: 'Teapot, stoneware', quantity: 1, unitPrice: 42 },
      { sku: 'CST-4', name: 'Coaster set (4)', quantity: 3, unitPrice: 9.5 },
    ]);
    expect(partial?.items).toEqual([{ sku: 'NAP-1', name: 'Linen napkin', quantity: 2, unitPrice: 6 }]);
    // Tags are on the order's first row only, each once whatever its case; Shopify's export names no store.
    expect([second?.tags, second?.store, first?.tags]).toEqual([['gift', 'Fragile'], undefined, undefined]);
    // Shopify's Notes, on the order's first row only, go to its packing slip.
    expect(first?.note).toBe('Leave at the side door.\nThe dog is friendly.');
    expect(second?.note).toBeUndefined();
  });

  it('WooCommerce re-saved by European Excel: semicolons, Windows-1252 accents, decimal commas, a ZIP that lost its zero', () => {
    const r = read('woocommerce-orders-excel.csv');
    expect(r.format).toBe('woocommerce');
    expect(numbers(r)).toEqual(['4127', '4130']);
    expect(r.skipped.map((s) => [s.order_number, s.reason])).toEqual([
      ['4128', 'already completed (shipped) in WooCommerce'],
      ['4129', 'cancelled in WooCommerce'],
    ]);
    expect(r.orders[0]?.order.recipient).toMatchObject({ name: 'Renée Lefèvre', street: '21 Rue Café Lane', zip: '02139' });
    expect(r.orders[0]?.order.items).toEqual([
      { sku: 'MUG-12', name: 'Tasse en céramique', quantity: 2, unitPrice: 18 },
      { sku: 'NAP-1', name: 'Serviette en lin', quantity: 4, unitPrice: 6 },
    ]);
    expect(r.orders[1]?.order.recipient).toMatchObject({ name: 'Søren Ångström', zip: '06103-2410' });
  });

  it('eBay: the header after a title row, the summary row not an item, the footer not an order, shipped skipped', () => {
    const r = read('ebay-orders-report.csv');
    expect(r.format).toBe('ebay');
    expect(r.refused).toEqual([]);
    expect(numbers(r)).toEqual(['12-34567-89012', '12-34567-89013']);
    expect(r.skipped).toEqual([{ line: 8, order_number: '12-34567-89014', reason: 'already shipped on eBay (Oct-04-26)' }]);
    expect(r.orders[0]?.order.recipient).toMatchObject({ name: 'Priya Raman', country: 'US', zip: '94110-1234' });
    // A listing without a custom label is known by its item number.
    expect(r.orders[0]?.order.items.map((i) => [i.sku, i.quantity])).toEqual([['CMP-1', 1], ['334455667799', 2]]);
    expect(r.orders[1]?.order.recipient.name).toBe('Tomás Álvarez');
  });

  it('Etsy: the order items file imports; the orders file is refused in words naming the other file', () => {
    const r = read('EtsySoldOrderItems2026-10.csv');
    expect(r.format).toBe('etsy');
    expect(numbers(r)).toEqual(['2954417706', '2954417708']);
    expect(r.skipped.map((s) => s.order_number)).toEqual(['2954417707']);
    expect(r.orders[0]?.order.items.map((i) => i.name)).toEqual(['Hand-thrown bowl, "Ocean" glaze', 'Ceramic mug, 12 oz']);
    expect(r.orders[1]?.order.recipient).toMatchObject({ name: 'Zoë Björk', country: 'US', zip: '53703-2214' });
    const orders = read('EtsySoldOrders2026-10.csv');
    expect(orders.orders).toEqual([]);
    expect(orders.refused[0]?.message).toMatch(/sold order items file/);
  });

  it('Amazon: tabs, states as typed, quantity to ship, a buyer-requested cancellation skipped', () => {
    const r = read('amazon-unshipped-orders.txt');
    expect(r.format).toBe('amazon');
    expect(numbers(r)).toEqual(['113-2948571-6620384', '114-0000001-1111111']);
    expect(r.skipped).toEqual([{ line: 5, order_number: '114-0000002-2222222', reason: 'the buyer asked Amazon to cancel it' }]);
    expect(r.orders[0]?.order.recipient).toMatchObject({ state: 'WA', zip: '98101-1742' });
    expect(r.orders[1]?.order.recipient).toMatchObject({ name: 'Felipe Araújo', state: 'RI' });
    expect(r.orders[0]?.order.items.map((i) => [i.sku, i.quantity])).toEqual([['MUG-12', 2], ['CST-4', 1]]);
  });

  it('ShipStation: statuses in words or slugs; the station CSV with a sku column keeps items', () => {
    const r = read('shipstation-orders-export.csv');
    expect(r.format).toBe('shipstation');
    expect(numbers(r)).toEqual(['SS-2001', 'SS-2004']);
    expect(r.skipped.map((s) => s.reason)).toEqual(['already shipped in ShipStation', 'cancelled in ShipStation']);
    expect(r.orders[0]?.order.recipient).toMatchObject({ name: 'Beatriz Conceição', company: 'Café Lumière' });
    expect(r.orders[0]?.order.store).toBe('Harbor Pottery');
    const station = read('station-orders.csv');
    expect(station.format).toBe('station');
    expect(station.orders[0]?.order).toMatchObject({ orderNumber: 'ST-501', package: null, customs: null, recipient: { zip: '03301' } });
    expect(station.orders[0]?.order.items.map((i) => i.sku)).toEqual(['MUG-12', 'NAP-1']);
  });

  it('a named format that does not fit, and an unknown header, are refused in words listing the columns', () => {
    expect(read('shopify-orders_export_1.csv', 'amazon').refused[0]?.message).toMatch(/^The header row is not the Amazon export\. Its columns: Name, Email/);
    const unknown = importOrderFile('Foo,Bar\n1,2\n');
    expect(unknown).toEqual({ format: null, orders: [], skipped: [], refused: [{ line: 1, message: expect.stringMatching(/not one of Shopify.*Its columns: Foo, Bar\. Map them once \(orders mapping save NAME FILE/) as unknown }] });
  });

  it('reads money as the stores and Excel write it', () => {
    expect([parseMoney('$12.34'), parseMoney('18,50'), parseMoney('1.234,56'), parseMoney('1,234.56'), parseMoney('')]).toEqual([12.34, 18.5, 1234.56, 1234.56, undefined]);
  });

  it("the station's CSV takes a weight in pounds, grams or kilograms", () => {
    const csv = ['order_number,recipient_name,street,city,state,zip_code,country,weight_lb,weight_g', 'W-1,Ann Lee,1 Main St,Austin,TX,78701,US,1.5,', 'W-2,Bo Ray,2 Main St,Austin,TX,78701,US,,500'].join('\n');
    expect(importOrderFile(csv, { originCountry: 'US' }).orders.map((o) => o.order.package?.weightOz)).toEqual([24, 17.64]);
  });
});
