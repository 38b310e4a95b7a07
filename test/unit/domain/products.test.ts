import { describe, expect, it } from 'vitest';
import { catalogCustomsItems, catalogWeight, parseProductCsv, skuKey, type Product } from '../../../shared/domain/products';

describe('the product catalog', () => {
  it('reads weights in their units, from a `;` file too, and refuses a bad row by its line', () => {
    const csv = ['sku;name;weight;hs_code;origin_country', 'A-1;Mug;14,5;6912.00;us', 'B-2;Pot;2 lb;;', 'C-3;Bowl;540 g;12;', ';No sku;3;;', 'D-4;Cup;heavy;;XX'].join('\r\n');
    const parsed = parseProductCsv(csv);
    expect(parsed.products.map((p) => [p.sku, p.weightOz, p.hsCode, p.originCountry])).toEqual([
      ['A-1', 14.5, '691200', 'US'],
      ['B-2', 32, undefined, undefined],
    ]);
    expect(parsed.refused).toEqual([
      { line: 4, message: 'hs_code "12" is not an HS code (6 to 10 digits)' },
      { line: 5, message: 'the sku is empty' },
      { line: 6, message: 'the weight "heavy" is not a weight (such as 12.5, 1.2 lb or 540 g); origin_country "XX" is not a two-letter country code' },
    ]);
    expect(parseProductCsv('name,price\nMug,3').refused[0]?.message).toBe('The header row must name the columns sku and weight_oz (or weight_lb, weight_g, weight_kg)');
  });

  it('weighs items × quantity plus tare, names every SKU it lacks, and declares only what it can value', () => {
    const catalog = new Map<string, Product>([
      [skuKey('A-1'), { sku: 'A-1', name: 'Mug', weightOz: 14.5, customsDescription: 'Stoneware mug', hsCode: '691200' }],
      [skuKey('B-2'), { sku: 'B-2', name: 'Pot', weightOz: 32 }],
    ]);
    expect(catalogWeight([{ sku: 'a-1', name: 'Mug', quantity: 2 }, { sku: 'B-2', name: 'Pot', quantity: 1 }], catalog, 3.5)).toEqual({ ok: true, weightOz: 64.5, itemsOz: 61, tareOz: 3.5 });
    expect(catalogWeight([{ sku: 'X', name: 'x', quantity: 1 }, { sku: 'Y', name: 'y', quantity: 1 }], catalog)).toMatchObject({
      ok: false,
      missing: ['X', 'Y'],
      message: 'The catalog has no weight for SKU "X", "Y": weigh the package, or add their weights in Products (products import FILE).',
    });
    expect(catalogCustomsItems([{ sku: 'A-1', name: 'Mug', quantity: 2, unitPrice: 18 }], catalog, 'US')).toEqual([
      { description: 'Stoneware mug', quantity: 2, valueUsd: 18, weightOz: 14.5, hsCode: '691200', originCountry: 'US' },
    ]);
    expect(catalogCustomsItems([{ sku: 'B-2', name: 'Pot', quantity: 1 }], catalog, 'US')).toBeNull();
  });
});
