import type { StationContext } from '../core/module';
import { createCustomsFormsRepo } from '../store/customsFormsRepo';
import { createHistorySearch } from '../store/historySearch';
import { createLabelsRepo } from '../store/labelsRepo';
import { createOrdersRepo } from '../store/ordersRepo';
import { createPickupsRepo } from '../store/pickupsRepo';
import { createProductsRepo } from '../store/productsRepo';
import { createQuotesRepo } from '../store/quotesRepo';
import { createRulesRepo } from '../store/rulesRepo';
import { createScanFormsRepo } from '../store/scanFormsRepo';
import { createSettingsStore } from '../store/settings';
import { createShipmentsRepo } from '../store/shipmentsRepo';
import { createTrackingRepo } from '../store/trackingRepo';
import { createLocalClaims, type PurchaseClaims } from '../purchases/claims';
import type { SlipPort } from '../printing/slips/slipService';
import type { BackendPort, PrintPort } from './ports';
import type { SharedHistory } from './sharedHistory';
import type { SharedOrders } from './sharedOrders';
import type { SharedPickups } from './sharedPickups';
import type { SharedRules } from './sharedRules';
import type { SharedScanForms } from './sharedScanForms';
import type { SharedSettings } from './sharedSettings';
import { createShippingSettings } from './settings';

/** What a warehouse shares with every bench; null for a bench alone. */
export interface SharedShipping {
  readonly scanForms: SharedScanForms | null;
  readonly pickups: SharedPickups | null;
  readonly settings: SharedSettings | null;
  readonly orders: SharedOrders | null;
  readonly history?: SharedHistory | null;
  readonly rules?: SharedRules | null;
}

/** Everything a shipping service may use, built once per module. */
export function createShippingDeps(
  ctx: StationContext,
  backend: BackendPort,
  print: PrintPort,
  claims: PurchaseClaims = createLocalClaims(),
  shared: SharedShipping = { scanForms: null, pickups: null, settings: null, orders: null },
  slips: SlipPort | null = null,
) {
  const { db, now } = ctx;
  const settingsChanged = () => ctx.emit('station.changed', { topics: ['settings'] });
  return {
    ctx,
    backend,
    print,
    /** Packing slips that follow a label (printed or reprinted); null where the station prints none. */
    slips,
    claims,
    /** A warehouse's SCAN forms and pickups, every bench's; null for a bench alone. */
    sharedScanForms: shared.scanForms,
    sharedPickups: shared.pickups,
    /** A warehouse's orders inbox, every bench's; null for a bench alone. */
    sharedOrders: shared.orders,
    /** Every bench's labels for History; null for a bench alone. */
    sharedHistory: shared.history ?? null,
    /** The warehouse's automation rules; null for a bench alone. */
    sharedRules: shared.rules ?? null,
    log: ctx.log.child('shipping'),
    v2: async () => (await backend.clients()).v2,
    v1: async () => (await backend.clients()).v1,
    shipments: createShipmentsRepo(db, now),
    search: createHistorySearch(db),
    labels: createLabelsRepo(db),
    customsForms: createCustomsFormsRepo(db),
    quotes: createQuotesRepo(db, now),
    pickups: createPickupsRepo(db, now),
    tracking: createTrackingRepo(db),
    scanForms: createScanFormsRepo(db, now),
    orders: createOrdersRepo(db, now),
    products: createProductsRepo(db, now),
    rules: createRulesRepo(db, now),
    settings: createShippingSettings(createSettingsStore(db, now), shared.settings ? { shared: shared.settings, changed: settingsChanged } : undefined),
  };
}

export type ShippingDeps = ReturnType<typeof createShippingDeps>;

/** Start of the station's local calendar day, as an ISO instant (what "today's labels" means at a bench). */
export function startOfLocalDay(now: Date): string {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString();
}
