import type { EventPayload } from '../../shared/contract';
import type { StationContext, StationModule } from '../core/module';
import type { EventHub } from '../core/events';
import { createShipmentsRepo } from '../store/shipmentsRepo';
import { PURCHASE_LIMIT_SECONDS } from '../purchases/engine';
import { createBatchBench } from './batchBench';
import { createBatchDesk } from './batchDesk';
import { buyReturnUnattended, createReturnsDesk } from './returnsDesk';
import { attemptWith, type BenchPorts } from './ports';
import { createShipBench } from './shipBench';
import { createSettingsStore } from '../store/settings';
import { createProfileStore } from '../printing/profiles';
import { autoBuySettings, printerNotReady, withCapFromFlag } from './autoBuySetting';

export type BenchCommandName =
  | 'bench.state'
  | 'bench.scan'
  | 'bench.weight'
  | 'bench.box'
  | 'bench.option'
  | 'bench.pick'
  | 'bench.address'
  | 'bench.customs'
  | 'bench.buy'
  | 'bench.confirmService'
  | 'bench.anotherBox'
  | 'bench.clear'
  | 'bench.verify'
  | 'bench.release'
  | 'batch.prepare'
  | 'batch.buy'
  | 'batch.buyOrder'
  | 'batch.rateOrder'
  | 'returns.buyForOrder'
  | 'batchDesk.state'
  | 'batchDesk.scan'
  | 'batchDesk.weight'
  | 'batchDesk.pick'
  | 'batchDesk.override'
  | 'batchDesk.remove'
  | 'batchDesk.rateAgain'
  | 'batchDesk.clear'
  | 'batchDesk.buy'
  | 'returnsDesk.state'
  | 'returnsDesk.order'
  | 'returnsDesk.customer'
  | 'returnsDesk.weight'
  | 'returnsDesk.pick'
  | 'returnsDesk.buy'
  | 'returnsDesk.another'
  | 'returnsDesk.clear'
  | 'settings.autoBuy.get'
  | 'settings.autoBuy.set'
  | 'bench.stopAutoBuy';

export interface BenchModuleOptions {
  /** `--auto-buy MAX_USD`: saved as this bench's auto-buy setting when the station opens. */
  readonly autoBuyUsd?: number;
}

/**
 * The bench loop of the Ship screen, as a state machine in the station, with
 * the Batch and Returns machines beside it. It uses the other modules' services
 * through its ports (given at composition), hears the scale and the purchase
 * journal on the event hub, and pushes `bench.changed`.
 */
export function createBenchModule(
  ctx: StationContext,
  hub: Pick<EventHub, 'subscribe'>,
  ports: BenchPorts,
  benchName: string,
  options: BenchModuleOptions = {},
): StationModule<BenchCommandName> {
  const shipments = createShipmentsRepo(ctx.db, ctx.now);
  const attempt = attemptWith(ctx.log.child('bench'));
  const bench = createShipBench({
    ports,
    attempt,
    nextBox: (orderNumber, after) => Math.max(after, ...shipments.boxesOfOrder(orderNumber)) + 1,
    emit: (state) => ctx.emit('bench.changed', state),
    purchaseLimitSeconds: PURCHASE_LIMIT_SECONDS,
    benchName,
  });
  const autoBuy = autoBuySettings(createSettingsStore(ctx.db, ctx.now));
  if (options.autoBuyUsd !== undefined) autoBuy.save(withCapFromFlag(autoBuy.current(), options.autoBuyUsd));
  bench.setAutoBuy(autoBuy.current());
  const printers = createProfileStore(ctx.db, ctx.now);
  const batch = createBatchBench(ports, attempt, ctx.emit);
  const batchDesk = createBatchDesk(batch, attempt, (view) => ctx.emit('batch.changed', view));
  const returns = createReturnsDesk(ports, attempt, (view) => ctx.emit('returns.changed', view));
  let unsubscribe: (() => void) | undefined;
  return {
    handlers: {
      'bench.state': async () => bench.state(),
      'bench.scan': (a) => bench.scan(a),
      'bench.weight': async (a) => bench.typeWeight(a),
      'bench.box': (a) => bench.setBox(a),
      'bench.option': async (a) => bench.setOption(a),
      'bench.pick': async (a) => bench.pick(a),
      'bench.address': async (a) => bench.decideAddress(a),
      'bench.customs': async (a) => bench.setCustoms(a),
      'bench.buy': (a) => bench.buy(a),
      'bench.confirmService': async (a) => bench.confirmService(a),
      'bench.anotherBox': async () => bench.anotherBox(),
      'bench.clear': async () => bench.clear(),
      'bench.verify': (a) => bench.verify(a),
      'bench.release': () => bench.release(),
      'batch.prepare': (a) => batch.prepare(a),
      'batch.buy': (a) => batch.buy(a),
      'batch.buyOrder': (a) => batch.buyOrder(a),
      'batch.rateOrder': (a) => batch.rateOrder(a),
      'returns.buyForOrder': (a) => buyReturnUnattended(ports, attempt, a),
      'batchDesk.state': async () => batchDesk.state(),
      'batchDesk.scan': (a) => batchDesk.scan(a),
      'batchDesk.weight': async (a) => batchDesk.weight(a),
      'batchDesk.pick': async (a) => batchDesk.pick(a),
      'batchDesk.override': async (a) => batchDesk.override(a),
      'batchDesk.remove': async (a) => batchDesk.remove(a),
      'batchDesk.rateAgain': async () => batchDesk.rateAgain(),
      'batchDesk.clear': async () => batchDesk.clear(),
      'batchDesk.buy': (a) => batchDesk.buy(a),
      'returnsDesk.state': async () => returns.state(),
      'returnsDesk.order': (a) => returns.order(a),
      'returnsDesk.customer': async (a) => returns.customer(a),
      'returnsDesk.weight': async (a) => returns.weight(a),
      'returnsDesk.pick': async (a) => returns.pick(a),
      'returnsDesk.buy': (a) => returns.buy(a),
      'returnsDesk.another': () => returns.another(),
      'returnsDesk.clear': async () => returns.clear(),
      'settings.autoBuy.get': async () => autoBuy.current(),
      'settings.autoBuy.set': async (a) => {
        bench.setAutoBuy(autoBuy.save(a));
        ctx.emit('station.changed', { topics: ['settings'] });
        return autoBuy.current();
      },
      'bench.stopAutoBuy': async () => bench.stopAutoBuy(),
    },
    async start() {
      unsubscribe = hub.subscribe((name, payload) => {
        if (name === 'scale.weight') {
          const reading = payload as EventPayload<'scale.weight'>;
          bench.scaleReading({ stable: reading.stable, status: reading.status, statusText: reading.statusText, oz: reading.postageOz });
          // Batch and Returns take a settled box's weight when its order is scanned; a moving or empty scale gives none.
          const settled = reading.stable && reading.postageOz > 0 ? reading.postageOz : null;
          batchDesk.weighed(settled);
          returns.weighed(settled);
        } else if (name === 'purchase.progress') {
          const p = payload as EventPayload<'purchase.progress'>;
          bench.progress(p.packageKey, p.stage);
        } else if (name === 'printer.status') {
          const status = payload as EventPayload<'printer.status'>;
          // Auto-buy waits while the default printer says it cannot print; a label bought by Enter is held for it instead.
          if (status.printerId === printers.defaultId()) bench.printerReadiness(printerNotReady(status));
        }
      });
    },
    async close() {
      unsubscribe?.();
      bench.close();
    },
  };
}
