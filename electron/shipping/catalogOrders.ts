import type { OrderLine, ShippingSettings } from '../../shared/contract/shippingTypes';
import { isInternational } from '../../shared/domain/countries';
import { catalogCustomsItems, catalogWeight } from '../../shared/domain/products';
import type { ProductsRepo } from '../store/productsRepo';

/**
 * An order as the catalog completes it. Without a weight of its own, it
 * weighs its items (catalog weight × quantity) plus the default box's tare,
 * marked `weightFrom: 'catalog'`; a SKU without a weight leaves it unweighed
 * with words naming the SKU, so a purchase with no typed weight is refused in
 * them. Leaving the country without a declaration, it declares its items with
 * the catalog's description, HS code and origin at the order's prices.
 */
export function withCatalog(line: OrderLine, products: ProductsRepo, settings: ShippingSettings): OrderLine {
  if (line.items.length === 0) return line;
  const known = products.bySku(line.items.map((item) => item.sku));
  let completed: OrderLine = line.package?.weightOz ? { ...line, weightFrom: 'order' } : line;
  if (!line.package?.weightOz) {
    const preset = settings.presets.find((p) => p.name === settings.defaultPreset) ?? settings.presets[0];
    const weight = catalogWeight(line.items, known, preset?.tareOz ?? 0);
    completed = weight.ok ? { ...line, package: { ...line.package, weightOz: weight.weightOz }, weightFrom: 'catalog' } : { ...line, weightProblem: weight.message };
  }
  const origin = settings.shipFrom?.country;
  if (origin && isInternational(origin, line.recipient.country) && (line.customs === null || line.customs.items.length === 0)) {
    const items = catalogCustomsItems(line.items, known, origin);
    if (items) completed = { ...completed, customs: { contentsType: line.customs?.contentsType ?? 'merchandise', nonDelivery: line.customs?.nonDelivery ?? 'return', items } };
  }
  return completed;
}
