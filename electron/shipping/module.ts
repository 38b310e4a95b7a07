import type { StationContext, StationModule } from '../core/module';
import { createChecksService, type ChecksService } from './checks';
import type { PurchaseClaims } from '../purchases/claims';
import type { PurchaseEngine } from '../purchases/engine';
import type { SharedHistory } from './sharedHistory';
import type { SharedOrders } from './sharedOrders';
import type { SharedRules } from './sharedRules';
import type { SharedPickups } from './sharedPickups';
import type { SharedScanForms } from './sharedScanForms';
import type { SharedSettings } from './sharedSettings';
import { createShippingDeps } from './deps';
import { createEndOfDayService } from './endOfDay';
import { createHistoryService, type HistoryService } from './history';
import { createOrdersService, type OrdersService } from './orders';
import { createPickupsService } from './pickups';
import { createProductsService } from './products';
import { createRulesService } from './rules';
import { backendIdOf, type BackendPort, type PrintPort } from './ports';
import { createPurchaseService, type PurchaseService } from './purchase';
import { createRatesService, type RatesService } from './rates';
import type { ShippingSettingsService } from './settings';
import { createTrackingService } from './tracking';
import { createVoidService, type LegacyVoid } from './voids';
import type { SlipPort } from '../printing/slips/slipService';

export type ShippingCommandName =
  | 'rates.quote'
  | 'rates.batch'
  | 'labels.buy'
  | 'returns.next'
  | 'labels.void'
  | 'shipments.find'
  | 'shipments.ofOrder'
  | 'history.search'
  | 'history.label'
  | 'history.customsForms'
  | 'history.reprint'
  | 'orders.list'
  | 'orders.lookup'
  | 'orders.pullPracticeOrders'
  | 'orders.importCsv'
  | 'orders.mappings.list'
  | 'orders.mappings.save'
  | 'products.importCsv'
  | 'products.list'
  | 'products.get'
  | 'products.save'
  | 'rules.list'
  | 'rules.add'
  | 'rules.remove'
  | 'rules.move'
  | 'rules.test'
  | 'pickups.candidates'
  | 'pickups.schedule'
  | 'pickups.cancel'
  | 'pickups.list'
  | 'pickups.locations'
  | 'pickups.defaultDate'
  | 'tracking.get'
  | 'address.validate'
  | 'insurance.quote'
  | 'scanForms.candidates'
  | 'scanForms.createToday'
  | 'scanForms.list'
  | 'pod.submit'
  | 'settings.shipping.get'
  | 'settings.shipping.set';

const RECONCILE_EVERY_MS = 60_000;

/** Rates expire within hours; a week of quotes is kept for looking back at what was offered. */
const QUOTE_KEEP_MS = 7 * 24 * 3600 * 1000;

export interface ShippingModuleDeps {
  readonly backend: BackendPort;
  readonly print: PrintPort;
  /** Voids a label bought through the legacy v1 API (the account module's desk), by tracking number. */
  readonly voidLegacy: LegacyVoid;
  /** Where purchases are claimed and labels shared (warehouse mode); this bench alone when absent. */
  readonly claims?: PurchaseClaims;
  /** The station's purchase engine (one for v1 and v2); one of its own when absent. */
  readonly engine?: PurchaseEngine;
  /** SCAN forms every bench of a warehouse shares; this bench's own when absent. */
  readonly scanForms?: SharedScanForms;
  /** Pickups every bench of a warehouse shares; this bench's own when absent. */
  readonly pickups?: SharedPickups;
  /** Ship-from, presets and rate rule every bench of a warehouse shares; this bench's own when absent. */
  readonly settings?: SharedSettings;
  /** The orders inbox every bench of a warehouse shares; this bench's own when absent. */
  readonly orders?: SharedOrders;
  /** Every bench's labels for History in a warehouse; this bench's own when absent. */
  readonly history?: SharedHistory;
  /** The automation rules every bench of a warehouse shares; this bench's own when absent. */
  readonly rules?: SharedRules;
  /** Packing slips that follow a label; none when absent. */
  readonly slips?: SlipPort;
}

/** What other modules of the station use of shipping, typed, given to them at composition (createStation). */
export interface ShippingServices {
  readonly rates: RatesService;
  readonly checks: ChecksService;
  readonly orders: OrdersService;
  readonly purchase: PurchaseService;
  readonly settings: ShippingSettingsService;
  readonly history: HistoryService;
}

/**
 * Rating, buying (through the purchase journal), voids, tracking, pickups,
 * address checks, insurance, end of day, history and the orders inbox.
 * start() settles every purchase a previous session left pending before the
 * bench opens.
 */
export function createShippingModule(ctx: StationContext, { backend, print, voidLegacy, claims, engine, scanForms, pickups: sharedPickups, settings, orders: sharedOrders, history: sharedHistory, rules: sharedRules, slips }: ShippingModuleDeps): StationModule<ShippingCommandName> & { readonly services: ShippingServices } {
  const deps = createShippingDeps(ctx, backend, print, claims, { scanForms: scanForms ?? null, pickups: sharedPickups ?? null, settings: settings ?? null, orders: sharedOrders ?? null, history: sharedHistory ?? null, rules: sharedRules ?? null }, slips ?? null);
  const rates = createRatesService(deps);
  const purchase = createPurchaseService(deps, rates, engine);
  const voids = createVoidService(deps, voidLegacy);
  const history = createHistoryService(deps);
  const orders = createOrdersService(deps);
  const pickups = createPickupsService(deps);
  const products = createProductsService(deps);
  const rules = createRulesService(deps, (n) => orders.lookup(n));
  const tracking = createTrackingService(deps);
  const checks = createChecksService(deps);
  const endOfDay = createEndOfDayService(deps);
  const settingsChanged = () => ctx.emit('station.changed', { topics: ['settings'] });
  let unsubscribe: (() => void) | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  const settle = async () => {
    try {
      await purchase.reconcile();
    } catch (error) {
      deps.log.warn('reconciling pending purchases failed; they stay pending', { error });
    }
  };

  return {
    services: { rates, checks, orders, purchase, settings: deps.settings, history },
    handlers: {
      'rates.quote': (a) => rates.quote(a),
      'rates.batch': (a) => rates.batch(a.requests),
      'labels.buy': (a) => purchase.buy(a),
      'returns.next': (a) => purchase.nextReturn(a.orderNumber),
      'labels.void': (a) => voids.voidLabel(a.ref),
      'shipments.find': (a) => history.find(a.ref),
      'shipments.ofOrder': async (a) => history.ofOrder(a.orderNumber),
      'history.search': async (a) => history.search(a),
      'history.label': (a) => history.label(a),
      'history.customsForms': (a) => history.customsForms(a),
      'history.reprint': (a) => history.reprint(a),
      'orders.list': (a) => orders.list(a.query, a.includeShipped, a.limit),
      'orders.lookup': (a) => orders.lookup(a.orderNumber),
      'orders.pullPracticeOrders': () => orders.pullPracticeOrders(),
      'orders.importCsv': (a) => orders.importCsv(a.csv, a.format, a.mapping),
      'orders.mappings.list': async () => orders.mappings.all(),
      'orders.mappings.save': async (a) => orders.mappings.save(a),
      'products.importCsv': async (a) => products.importCsv(a.csv),
      'products.list': async (a) => products.list(a.query, a.limit),
      'products.get': async (a) => products.get(a.sku),
      'products.save': async (a) => products.save(a),
      'rules.list': () => rules.list(),
      'rules.add': (a) => rules.add(a),
      'rules.remove': (a) => rules.remove(a.id),
      'rules.move': (a) => rules.move(a.id, a.before),
      'rules.test': (a) => rules.test(a.orderNumber),
      'pickups.candidates': () => pickups.candidates(),
      'pickups.schedule': (a) => pickups.schedule(a),
      'pickups.cancel': (a) => pickups.cancel(a.pickupNo),
      'pickups.list': (a) => pickups.list(a),
      'pickups.locations': () => pickups.locations(),
      'pickups.defaultDate': async () => pickups.defaultDate(),
      'tracking.get': (a) => tracking.get(a),
      'address.validate': (a) => checks.validate(a),
      'insurance.quote': (a) => checks.insurance(a),
      'scanForms.candidates': () => endOfDay.candidates(),
      'scanForms.createToday': (a) => endOfDay.createToday(a.trackingNos),
      'scanForms.list': (a) => endOfDay.list(a.limit),
      'pod.submit': (a) => endOfDay.submitPod(a.ref, a.emails),
      'settings.shipping.get': () => deps.settings.current(),
      'settings.shipping.set': async (a) => {
        const next = await deps.settings.change({
          ...(a.shipFrom !== undefined ? { shipFrom: a.shipFrom } : {}),
          ...(a.presets !== undefined ? { presets: a.presets } : {}),
          ...(a.rateRule !== undefined ? { rateRule: a.rateRule } : {}),
          ...(a.defaultPreset !== undefined ? { defaultPreset: a.defaultPreset } : {}),
          ...(a.labelReference !== undefined ? { labelReference: a.labelReference } : {}),
          ...(a.upsLabelPrintType !== undefined ? { upsLabelPrintType: a.upsLabelPrintType } : {}),
        });
        settingsChanged();
        return next;
      },
    },
    async start() {
      deps.quotes.pruneBefore(new Date(ctx.now().getTime() - QUOTE_KEEP_MS).toISOString());
      // Only with something to settle: reaching the backend starts the embedded sandbox, which a start need not wait for.
      if (deps.shipments.anyPending()) await settle();
      unsubscribe = backend.onChange?.(() => void settle());
      // Purchases the service could not confirm at start-up are asked about again until they settle.
      timer = setInterval(() => {
        if (!deps.shipments.anyPending()) return;
        void backend
          .clients()
          .then((clients) => (deps.shipments.pending(backendIdOf(clients)).length > 0 ? settle() : undefined))
          .catch(() => undefined);
      }, RECONCILE_EVERY_MS);
      timer.unref();
    },
    async close() {
      if (timer) clearInterval(timer);
      unsubscribe?.();
      await purchase.engine.close();
    },
  };
}
