// One bench as its own process, for the warehouse fault tests and bench:warehouse: it opens its data folder
// (announcing its endpoint, so `reprint` from the CLI goes through it), imports an orders CSV and presses Buy
// on every order, the way a packer would: a package another bench is buying, or a database that is down, is
// tried again until it is bought here or its label arrives from the other bench.
// Run: node dist/test/bench/warehouseWorker.cjs --data-dir DIR --base-url URL --legacy-base-url URL --orders FILE
//        [--warehouse postgres://...] [--bench NAME] [--lease-ms N] [--concurrency N] [--give-up-ms N]
// Keys come from PARCEL_STATION_APP_KEY / _APP_SECRET / _API_TOKEN. One JSON line per event on stdout:
// {"event":"ready"}, {"event":"bought",...} per order, {"event":"done",...}; then it keeps serving until stdin ends.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import type { CommandInput, CommandName, CommandOutput } from '../../shared/contract';
import { StationFailure } from '../../shared/contract/errors';
import { overrideFromEnvironment } from '../../electron/backend/override';
import { mapBounded } from '../../electron/core/mapBounded';
import { parseOrderCsv } from '../../shared/domain/orderCsv';
import { chooseRate } from '../../electron/shipping/batch';
import { hostStation } from '../../electron/station/host';
import { createVault } from '../../electron/vault/vault';
import { benchMemoryKeychain } from './benchKeychain';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'base-url': { type: 'string' },
    'legacy-base-url': { type: 'string' },
    orders: { type: 'string' },
    warehouse: { type: 'string' },
    bench: { type: 'string' },
    'lease-ms': { type: 'string' },
    concurrency: { type: 'string', default: '1' },
    'give-up-ms': { type: 'string', default: '60000' },
  },
});

const say = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A refusal a packer meets by pressing Buy again: another bench holds the package, the database or the service is away. */
const tryAgain = (error: StationFailure) => error.error.retryable === true || error.error.code === 'conflict';

async function main(): Promise<void> {
  const dataDir = values['data-dir'];
  const ordersFile = values.orders;
  if (!dataDir || !ordersFile) throw new Error('give --data-dir and --orders');
  const override = overrideFromEnvironment({ baseUrl: values['base-url'], legacyBaseUrl: values['legacy-base-url'] });
  if (!override) throw new Error('give --base-url and --legacy-base-url');
  const leaseMs = values['lease-ms'] === undefined ? undefined : Number(values['lease-ms']);
  const outcome = await hostStation({
    dataDir,
    kind: 'cli',
    override,
    vault: createVault({ keychain: benchMemoryKeychain() }),
    devices: { noUsb: true },
    printing: { usb: null },
    ...(values.warehouse ? { warehouse: { url: values.warehouse, ...(values.bench ? { bench: values.bench } : {}), ...(leaseMs ? { leaseMs } : {}) } } : {}),
  });
  if (!('hosted' in outcome)) throw new Error(`another process holds ${dataDir}`);
  const { hosted } = outcome;
  const { station } = hosted;
  const call = async <N extends CommandName>(name: N, input: CommandInput<N>): Promise<CommandOutput<N>> => {
    const result = await station.dispatch(name, input);
    if (!result.ok) throw new StationFailure(result.error);
    return result.value as CommandOutput<N>;
  };
  // Buy pressed -> the purchase journaled under a claim this bench holds: the claim's round trip.
  const pressed = new Map<string, number>();
  const claimMs = new Map<string, number>();
  station.events.subscribe((name, payload) => {
    const p = payload as { packageKey?: string; stage?: string };
    if (name !== 'purchase.progress' || p.stage !== 'journaled' || !p.packageKey) return;
    const start = pressed.get(p.packageKey);
    if (start !== undefined && !claimMs.has(p.packageKey)) claimMs.set(p.packageKey, performance.now() - start);
  });
  try {
    await call('settings.shipping.set', { shipFrom: { name: 'Shipping Desk', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip: '90021', country: 'US' } });
    const csv = fs.readFileSync(ordersFile, 'utf8');
    const imported = await call('orders.importCsv', { csv });
    // The orders of this bench's own file: in warehouse mode the inbox lists every bench's imports.
    const orders = [...new Set(parseOrderCsv(csv).orders.map(({ order }) => order.orderNumber))].sort();
    say({ event: 'ready', orders: orders.length, imported: imported.imported });
    const giveUpMs = Number(values['give-up-ms']);
    const started = performance.now();
    let failed = 0;
    await mapBounded(orders, Number(values.concurrency), async (orderNumber) => {
      const key = `order:${orderNumber.toLowerCase()}#0`;
      const until = performance.now() + giveUpMs;
      let presses = 0;
      for (;;) {
        presses += 1;
        const at = performance.now();
        try {
          const order = await call('orders.lookup', { orderNumber });
          const quote = await call('rates.quote', { to: order.recipient, package: { ...order.package, weightOz: order.package?.weightOz ?? 12 }, orderNumber });
          const index = chooseRate(quote.rates, 'rule', quote.rule);
          const rate = index === null ? undefined : quote.rates[index];
          if (!rate?.rateId) throw new Error(`no rate for ${orderNumber}`);
          claimMs.delete(key);
          pressed.set(key, performance.now());
          const bought = await call('labels.buy', { method: 'rate', quoteId: quote.quoteId, rateId: rate.rateId, orderNumber, packageIndex: 0, print: false });
          say({
            event: 'bought',
            order: orderNumber,
            trackingNo: bought.shipment.trackingNo,
            platformUkId: bought.shipment.platformUkId,
            reused: bought.reused,
            presses,
            claimMs: claimMs.get(key) ?? null,
            buyMs: Math.round(performance.now() - at),
          });
          return;
        } catch (error) {
          if (!(error instanceof StationFailure) || !tryAgain(error) || performance.now() > until) {
            failed += 1;
            say({ event: 'failed', order: orderNumber, presses, message: error instanceof Error ? error.message : String(error) });
            return;
          }
          say({ event: 'again', order: orderNumber, code: error.error.code, message: error.message });
          await sleep(100 + Math.random() * 200);
        }
      }
    });
    say({ event: 'done', orders: orders.length, failed, ms: Math.round(performance.now() - started) });
    // Serve the CLI (reprint) until whoever started this bench ends its stdin.
    await new Promise<void>((resolve) => {
      process.stdin.on('end', resolve).on('close', resolve).resume();
    });
  } finally {
    await hosted.close();
  }
}

main().catch((error: unknown) => {
  say({ event: 'error', message: error instanceof Error ? error.message : String(error) });
  process.exitCode = 1;
});
