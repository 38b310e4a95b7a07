import type { OrderLine, PackagePreset } from '../../shared/contract/shippingTypes';
import { skuKey } from '../../shared/domain/products';
import { evaluateRules } from '../../shared/domain/rules/evaluate';
import { applyRules } from './choices';
import type { Attempt, BenchPorts } from './ports';
import { startVerify } from './verify';
import type { PackageSetup } from './verifyStep';

/**
 * What the station reads for a scanned order before the machine starts its
 * package: the automation rules run on it (as `rules test` runs them), and
 * the lines scan to verify counts, each with the catalog's barcode. A rule
 * list the station cannot read leaves the package as the settings have it.
 */
export async function readSetup(
  ports: Pick<BenchPorts, 'rules' | 'products'>,
  attempt: Attempt,
  order: OrderLine,
  read: { readonly presets: readonly PackagePreset[]; readonly scanToVerify: boolean },
): Promise<PackageSetup> {
  const rules = await attempt(async () => ports.rules.list());
  const outcome = evaluateRules(rules.ok ? rules.value : [], {
    recipient: order.recipient,
    weightOz: order.package?.weightOz ?? null,
    items: order.items,
    store: order.store,
    tags: order.tags,
  });
  const applied = applyRules(outcome, read.presets);
  const barcodes = new Map<string, string>();
  for (const item of order.items) {
    const product = await attempt(async () => ports.products.get(item.sku));
    if (product.ok && product.value?.barcode) barcodes.set(skuKey(item.sku), product.value.barcode);
  }
  return { applied, verify: startVerify(order.items, { on: read.scanToVerify, rule: applied?.verify ?? null, barcodes }) };
}
