// Issue 22: 10,000 Shopify orders (30,000 rows: three items each, apostrophe ZIPs, a BOM) imported into the station
// running as its own process (browser mode, its endpoint driven as the screen drives it), with the sandbox in a process
// of its own. Prints the import's wall time and the scan-to-rates time of scans made while the import runs, beside
// the same scans with the station idle. Target: the import under 3 s; scans during it stay near the idle ones.
//   npm run -s bench:import -- [--orders 10000] [--json] [--quick: 1,000 orders, what CI runs]
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { BenchState } from '../../shared/contract/bench';
import type { RemoteStation } from '../../electron/station/remoteStation';
import { call, runOnStation } from './support/stationProcess';

const { values } = parseArgs({
  options: { orders: { type: 'string' }, json: { type: 'boolean', default: false }, quick: { type: 'boolean', default: false }, 'serve-sandbox': { type: 'boolean', default: false } },
});
const total = Number(values.orders ?? (values.quick ? 1000 : 10_000));

const places: ReadonlyArray<readonly [string, string, string, string]> = [
  ['1457 Sunset Blvd', 'Los Angeles', 'CA', "'90026"],
  ['12 Brattle St', 'Cambridge', 'MA', "'02139"],
  ['2207 W Alabama St', 'Houston', 'TX', "'77098-1234"],
  ['315 W 36th St', 'New York', 'NY', "'10018"],
  ['1420 N Lake Shore Dr', 'Chicago', 'IL', "'60610"],
];
const header = 'Name,Email,Financial Status,Fulfillment Status,Currency,Created at,Lineitem quantity,Lineitem name,Lineitem price,Lineitem sku,Lineitem requires shipping,Lineitem fulfillment status,Shipping Name,Shipping Address1,Shipping City,Shipping Zip,Shipping Province,Shipping Country,Shipping Phone,Notes,Cancelled at';

/** A Shopify export as the shop writes it: the order's fields on its first row, the later rows only its items. */
function shopifyExport(prefix: string, count: number): string {
  const lines = [header];
  for (let i = 0; i < count; i += 1) {
    const name = `${prefix}${100000 + i}`;
    const [street, city, state, zip] = places[i % places.length] as (typeof places)[number];
    lines.push(`${name},buyer${i}@example.com,paid,unfulfilled,USD,2026-10-02 17:40:09 -0400,2,"Ceramic mug, 12 oz",18.00,MUG-12,true,pending,Customer ${i},${street},${city},${zip},${state},US,555-555-0100,"Leave at the door\r\nthanks",`);
    lines.push(`${name},buyer${i}@example.com,,,,,1,Linen napkin,6.00,NAP-1,true,pending,,,,,,,,,`);
    lines.push(`${name},buyer${i}@example.com,,,,,3,Coaster set (4),9.50,CST-4,true,pending,,,,,,,,,`);
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Milliseconds from a scan to the bench showing the order's rates, subscribed before the scan. The packing slip's barcode carries the number without the store's `#`. */
async function scanToRates(remote: RemoteStation, order: string): Promise<number> {
  const shown = `#${order}`;
  const begun = performance.now();
  const ready = new Promise<void>((resolve) => {
    const off = remote.onEvent((name, payload) => {
      const s = payload as BenchState;
      if (name !== 'bench.changed' || s.order?.orderNumber !== shown || s.rates.status !== 'ready' || s.address.status === 'checking') return;
      off();
      resolve();
    });
  });
  await call(remote, 'bench.scan', { text: order });
  await ready;
  return performance.now() - begun;
}

const stats = (xs: readonly number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const round = (x: number | undefined) => Math.round((x ?? 0) * 10) / 10;
  return { n: xs.length, p50: round(sorted[Math.floor(sorted.length / 2)]), max: round(sorted.at(-1)) };
};

runOnStation('import', 22, async ({ remote: r }) => {
  await call(r, 'products.importCsv', { csv: 'sku,weight_oz\nMUG-12,14.5\nNAP-1,1.4\nCST-4,6' });
  // Orders already in the inbox, scanned while the big file comes in (each scan a new order, so no answer is cached).
  await call(r, 'orders.importCsv', { csv: shopifyExport('#S', 400) });
  let next = 0;
  const scanNext = () => scanToRates(r, `S${100000 + next++}`);
  const idle: number[] = [];
  for (let i = 0; i < 10; i += 1) idle.push(await scanNext());

  const csv = shopifyExport('#', total);
  const begun = performance.now();
  let importMs = 0;
  const imported = call(r, 'orders.importCsv', { csv }).then((report) => {
    importMs = performance.now() - begun;
    return report as { imported: number; refused: unknown[] };
  });
  let importing = true;
  void imported.finally(() => (importing = false));
  const during: number[] = [];
  while (importing) during.push(await scanNext());
  const report = await imported;
  if (report.imported !== total || report.refused.length > 0) throw new Error(`imported ${report.imported} of ${total}, ${report.refused.length} refused`);
  const found = (await call(r, 'orders.lookup', { orderNumber: `${100000 + total - 1}` })) as { items: unknown[]; weightFrom?: string };
  if (found.items.length !== 3 || found.weightFrom !== 'catalog') throw new Error('the last order came in without its items');
  const out = {
    orders: total,
    rows: total * 3,
    fileBytes: Buffer.byteLength(csv),
    importMs: Math.round(importMs),
    target: { importMs: 3000 },
    scanToRates: { idle: stats(idle), duringImport: stats(during) },
    cpus: os.cpus().length,
    loadAverage: os.loadavg().map((x) => Math.round(x * 10) / 10),
  };
  process.stdout.write(`${JSON.stringify(out, null, values.json ? undefined : 2)}\n`);
});
