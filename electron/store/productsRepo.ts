import { skuKey, type Product } from '../../shared/domain/products';
import type { Db } from './database';
import { normalizeKey, prefixUpperBound, searchText } from './shipmentsRepo';

interface ProductRow {
  readonly sku: string;
  readonly name: string;
  readonly weight_oz: number;
  readonly length_in: number | null;
  readonly width_in: number | null;
  readonly height_in: number | null;
  readonly barcode: string | null;
  readonly hs_code: string | null;
  readonly origin_country: string | null;
  readonly customs_description: string | null;
  readonly value_usd: number | null;
}

const fromRow = (r: ProductRow): Product => {
  const optional = <K extends keyof Product>(key: K, value: Product[K] | null): Partial<Product> => (value === null ? {} : { [key]: value });
  return {
    sku: r.sku,
    name: r.name,
    weightOz: r.weight_oz,
    ...optional('lengthIn', r.length_in),
    ...optional('widthIn', r.width_in),
    ...optional('heightIn', r.height_in),
    ...optional('barcode', r.barcode),
    ...optional('hsCode', r.hs_code),
    ...optional('originCountry', r.origin_country),
    ...optional('customsDescription', r.customs_description),
    ...optional('valueUsd', r.value_usd),
  };
};

/** The product catalog: one row per SKU (case-insensitive); saving a SKU again replaces what it said. */
export function createProductsRepo(db: Db, now: () => Date) {
  const exists = db.prepare<[string], { id: number }>('SELECT id FROM products WHERE sku_lc = ?');
  const upsert = db.prepare(`INSERT INTO products (sku, sku_lc, name, weight_oz, length_in, width_in, height_in, barcode, hs_code, origin_country, customs_description, value_usd, updated_at)
    VALUES (@sku, @skuLc, @name, @weightOz, @lengthIn, @widthIn, @heightIn, @barcode, @hsCode, @originCountry, @customsDescription, @valueUsd, @at)
    ON CONFLICT (sku_lc) DO UPDATE SET sku = excluded.sku, name = excluded.name, weight_oz = excluded.weight_oz, length_in = excluded.length_in,
      width_in = excluded.width_in, height_in = excluded.height_in, barcode = excluded.barcode, hs_code = excluded.hs_code,
      origin_country = excluded.origin_country, customs_description = excluded.customs_description, value_usd = excluded.value_usd, updated_at = excluded.updated_at`);
  const one = db.prepare<[string], ProductRow>('SELECT * FROM products WHERE sku_lc = ?');
  const byBarcode = db.prepare<[string], ProductRow>('SELECT * FROM products WHERE barcode = ? LIMIT 1');
  const all = db.prepare<[number], ProductRow>('SELECT * FROM products ORDER BY sku_lc LIMIT ?');
  const search = db.prepare<[string, string, string, number], ProductRow>(
    `SELECT * FROM products WHERE (sku_lc >= ? AND sku_lc < ?) OR instr(lower(name), ?) > 0 ORDER BY sku_lc LIMIT ?`,
  );
  return {
    /** Returns true when the SKU was new. */
    save(p: Product): boolean {
      const skuLc = skuKey(p.sku);
      const isNew = exists.get(skuLc) === undefined;
      upsert.run({
        sku: p.sku.trim(),
        skuLc,
        name: p.name,
        weightOz: p.weightOz,
        lengthIn: p.lengthIn ?? null,
        widthIn: p.widthIn ?? null,
        heightIn: p.heightIn ?? null,
        barcode: p.barcode ?? null,
        hsCode: p.hsCode ?? null,
        originCountry: p.originCountry ?? null,
        customsDescription: p.customsDescription ?? null,
        valueUsd: p.valueUsd ?? null,
        at: now().toISOString(),
      });
      return isNew;
    },
    /** By SKU, or by the barcode printed on the product. */
    get(skuOrBarcode: string): Product | undefined {
      const row = one.get(skuKey(skuOrBarcode)) ?? byBarcode.get(skuOrBarcode.trim());
      return row ? fromRow(row) : undefined;
    },
    /** The products of these SKUs that the catalog has, keyed by lower-case SKU. */
    bySku(skus: readonly string[]): Map<string, Product> {
      const found = new Map<string, Product>();
      for (const sku of new Set(skus.map(skuKey))) {
        const row = one.get(sku);
        if (row) found.set(sku, fromRow(row));
      }
      return found;
    },
    list(query: string, limit: number): Product[] {
      const key = normalizeKey(searchText(query));
      if (key === '') return all.all(limit).map(fromRow);
      return search.all(key, prefixUpperBound(key), key, limit).map(fromRow);
    },
    transaction: <T>(fn: () => T): T => db.transaction(fn)(),
  };
}

export type ProductsRepo = ReturnType<typeof createProductsRepo>;
