import type { ProductImportReport } from '../../shared/contract/products';
import { parseProductCsv, type Product } from '../../shared/domain/products';
import type { ShippingDeps } from './deps';

export type ProductsService = ReturnType<typeof createProductsService>;

/** The product catalog: imported from a CSV file, or one product added or changed at the bench. */
export function createProductsService(deps: ShippingDeps) {
  const changed = () => deps.ctx.emit('station.changed', { topics: ['products'] });

  function importCsv(csv: string): ProductImportReport {
    const parsed = parseProductCsv(csv);
    let imported = 0;
    deps.products.transaction(() => {
      for (const product of parsed.products) if (deps.products.save(product)) imported += 1;
    });
    if (parsed.products.length > 0) changed();
    return { imported, updated: parsed.products.length - imported, refused: parsed.refused };
  }

  function save(product: Product): { created: boolean } {
    const created = deps.products.save(product);
    changed();
    return { created };
  }

  return {
    importCsv,
    save,
    get: (sku: string): Product | null => deps.products.get(sku) ?? null,
    list: (query: string, limit: number): Product[] => deps.products.list(query, limit),
  };
}
