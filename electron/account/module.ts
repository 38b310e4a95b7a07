import type { CommandArgs } from '../../shared/contract';
import { fail, StationFailure } from '../../shared/contract/errors';
import type { AccountBalance, CarrierAccount, V1Label, V1OrderSummary, V1ScanForm } from '../../shared/contract/account';
import type { CustomsDeclaration } from '../../shared/contract/shippingTypes';
import { toCents, toDollars } from '../../shared/domain/money';
import { createLocalClaims, type PurchaseClaims } from '../purchases/claims';
import { createPurchaseEngine, type PurchaseEngine } from '../purchases/engine';
import { fetchLabelBytes } from '../purchases/labelFetch';
import { createCustomsForms } from '../shipping/customsForms';
import { createPrintAfterBuy } from '../shipping/printAfterBuy';
import { createCustomsFormsRepo } from '../store/customsFormsRepo';
import { createShippingSettings } from '../shipping/settings';
import type { SharedSettings } from '../shipping/sharedSettings';
import { v1Package, v1Recipient } from '../shipping/v1Orders';
import type { StationContext, StationModule } from '../core/module';
import { createLabelsRepo } from '../store/labelsRepo';
import { createOrdersRepo } from '../store/ordersRepo';
import { createScanFormsRepo } from '../store/scanFormsRepo';
import { createSettingsStore } from '../store/settings';
import { createShipmentsRepo } from '../store/shipmentsRepo';
import { toAddressCheck } from './addressCheck';
import { createLabelDesk, v1TargetOf, type LabelDesk } from './labelDesk';
import type { AccountBackend, AccountPrint } from './ports';
import { v1Call } from './refusals';
import { ouncesToPounds, V1_INSURANCE_PROVIDER } from './v1Request';
import { tokenHint } from './tokenHint';
import { createV1Adapter } from './v1Adapter';

export type AccountCommandName =
  | 'account.balance'
  | 'account.carrierAccounts'
  | 'account.orders.create'
  | 'account.orders.delete'
  | 'account.orders.labels'
  | 'account.orders.list'
  | 'account.scanForms.create'
  | 'account.scanForms.ecommerce'
  | 'account.rates'
  | 'account.buy'
  | 'account.buyDirect'
  | 'account.void'
  | 'account.verifyAddress';

export interface AccountModuleDeps {
  readonly backend: AccountBackend;
  /** The station's print queue; v1 labels are stored first, then printed through it. */
  readonly print?: AccountPrint;
  /** Downloads a label image by URL; tests point it elsewhere. */
  readonly fetchBytes?: (url: string) => Promise<Uint8Array>;
  /** Waits between polls of an e-commerce SCAN form; tests shorten it. */
  readonly pollIntervalMs?: number;
  /** How long to keep polling before reporting the form as still being prepared. */
  readonly pollTimeoutMs?: number;
  /** The warehouse's shared settings (ship-from), in warehouse mode. */
  readonly sharedSettings?: SharedSettings;
  /** Where v1 purchases are claimed among benches and their labels shared (warehouse mode); this bench alone when absent. */
  readonly claims?: PurchaseClaims;
  /** The station's purchase engine (one for v1 and v2); one of its own when absent. */
  readonly engine?: PurchaseEngine;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The legacy (v1) account views: balance, carrier accounts, v1 orders and their labels, v1 SCAN forms, and the v1 label desk.
 * Its desk's voids are given to shipping at composition, for labels bought through v1.
 */
export function createAccountModule(ctx: StationContext, deps: AccountModuleDeps): StationModule<AccountCommandName> & { readonly desk: Pick<LabelDesk, 'voidLabel'> } {
  const v1 = async () => (await deps.backend.clients()).v1;
  const scanForms = createScanFormsRepo(ctx.db, ctx.now);
  const pollInterval = deps.pollIntervalMs ?? 2_000;
  const pollTimeout = deps.pollTimeoutMs ?? 120_000;
  let closed = false;
  const shipments = createShipmentsRepo(ctx.db, ctx.now);
  const labels = createLabelsRepo(ctx.db);
  const claims = deps.claims ?? createLocalClaims();
  const fetchBytes = deps.fetchBytes ?? fetchLabelBytes;
  const engine = deps.engine ?? createPurchaseEngine({ shipments, claims, fetchBytes, log: ctx.log.child('account'), emit: ctx.emit });
  const v1Purchases = createV1Adapter({ backend: deps.backend, fetchBytes, log: ctx.log.child('account') });
  const shippingSettings = createShippingSettings(
    createSettingsStore(ctx.db, ctx.now),
    deps.sharedSettings ? { shared: deps.sharedSettings, changed: () => ctx.emit('station.changed', { topics: ['settings'] }) } : undefined,
  );
  const ordersRepo = createOrdersRepo(ctx.db, ctx.now);
  const desk = createLabelDesk({
    ctx,
    backend: deps.backend,
    engine,
    v1: v1Purchases,
    shipments,
    claims,
    labels,
    shipFrom: () => shippingSettings.get().shipFrom,
    printLabels: createPrintAfterBuy({ ctx, labels, shipments, print: deps.print, customsForms: createCustomsForms({ customsForms: createCustomsFormsRepo(ctx.db) }, fetchBytes) }, fetchBytes),
    orderCustoms: (orderNumber) => {
      const json = ordersRepo.get(orderNumber)?.customs_json;
      return json ? (JSON.parse(json) as CustomsDeclaration) : null;
    },
  });

  async function balance(): Promise<AccountBalance> {
    const r = await (await v1()).balance();
    return { balance: toDollars(toCents(r.balance)), currency: r.currency.toUpperCase(), fetchedAt: ctx.now().toISOString() };
  }

  async function carrierAccounts(): Promise<CarrierAccount[]> {
    return (await (await v1()).carrierAccounts()).map((a) => ({ name: a.name, carrier: a.carrier, tokenHint: tokenHint(a.token) }));
  }

  async function createOrder(a: CommandArgs<'account.orders.create'>): Promise<{ orderNumber: string }> {
    const client = await v1();
    const r = await v1Call(() => client.createOrder({
      store_name: a.storeName,
      warehouse_name: a.warehouseName,
      ...(a.orderNumber ? { order_number: a.orderNumber } : {}),
      verify_address: a.verifyAddress,
      client_name: a.recipient.name,
      ...(a.recipient.company ? { client_company: a.recipient.company } : {}),
      ...(a.recipient.email ? { client_email: a.recipient.email } : {}),
      ...(a.recipient.phone ? { client_phone: a.recipient.phone } : {}),
      client_street: a.recipient.street,
      ...(a.recipient.street2 ? { client_street2: a.recipient.street2 } : {}),
      client_city: a.recipient.city,
      client_state: a.recipient.state,
      client_zip: a.recipient.zip,
      client_country: a.recipient.country,
      // v1 weighs in pounds.
      shipments: a.packages.map((p) => ({
        weight: ouncesToPounds(p.weightOz),
        ...(p.lengthIn ? { length: p.lengthIn } : {}),
        ...(p.widthIn ? { width: p.widthIn } : {}),
        ...(p.heightIn ? { height: p.heightIn } : {}),
        ...(p.signature ? { signature: p.signature } : {}),
        ...(p.insuranceAmount ? { insurance_amount: p.insuranceAmount, insurance_provider: V1_INSURANCE_PROVIDER } : {}),
      })),
    }));
    ctx.emit('station.changed', { topics: ['orders'] });
    return { orderNumber: r.order_number };
  }

  async function orderLabels(a: CommandArgs<'account.orders.labels'>): Promise<V1Label[]> {
    const client = await v1();
    const labels = await v1Call(() => client.orderLabels({ store_name: a.storeName, order_number: a.orderNumber }));
    return labels.map((l) => ({
      packingSlipNumber: l.packing_slip_number ?? null,
      carrier: l.carrier,
      serviceLevel: l.service_level ?? '',
      trackingCode: l.tracking_code,
      rate: l.rate ?? null,
      serviceFee: l.service_fee ?? null,
      weightLb: l.weight ?? null,
      labelUrls: l.label_urls ?? [],
    }));
  }

  /** Every page of the account's orders (at most 2,000): only the practice service lists them; any other is told in words, and nothing is sent. */
  async function listOrders(a: CommandArgs<'account.orders.list'>): Promise<V1OrderSummary[]> {
    const client = await v1();
    const found: V1OrderSummary[] = [];
    for (let page = 1; page <= 10; page += 1) {
      const list = await client.practiceOrderList({ ...(a.status ? { status: a.status } : {}), ...(a.storeName ? { store_name: a.storeName } : {}), page, page_size: 200 });
      for (const o of list.orders) {
        found.push({
          storeName: o.store_name,
          orderNumber: o.order_number,
          warehouseName: o.warehouse_name ?? null,
          status: o.status,
          hasLabel: o.has_label ?? null,
          to: v1Recipient(o),
          packages: o.shipments.map(v1Package),
          createdAt: o.created_at ?? null,
        });
      }
      if (list.orders.length < 200 || page * 200 >= list.total_count) break;
    }
    return found;
  }

  async function uspsScanForm(trackingCodes: readonly string[]): Promise<V1ScanForm> {
    const r = await (await v1()).createScanForm(trackingCodes);
    scanForms.insert('v1', null, 'ready', r.url, trackingCodes, r);
    ctx.emit('station.changed', { topics: ['scanForms'] });
    return { kind: 'usps', requestId: null, status: 'ready', url: r.url, message: null };
  }

  /** Starts the asynchronous form, then polls until the PDF is ready, reporting each step. */
  async function ecommerceScanForm(carrier: string, trackingCodes: readonly string[]): Promise<V1ScanForm> {
    const client = await v1();
    const { request } = await client.createEcommerceScanForm(carrier, trackingCodes);
    const requestId = String(request);
    const id = scanForms.insert('v1_ecommerce', requestId, 'pending', null, trackingCodes, { request });
    ctx.emit('account.scanForm.progress', { requestId, attempt: 0, status: 'started' });
    const deadline = ctx.now().getTime() + pollTimeout;
    for (let attempt = 1; !closed; attempt += 1) {
      await sleep(pollInterval);
      let r;
      try {
        r = await client.getEcommerceScanForm(carrier, request);
      } catch (error) {
        const transient = error instanceof StationFailure && error.error.retryable === true;
        if (!transient || ctx.now().getTime() > deadline) {
          scanForms.update(id, 'failed', null, null);
          const message = error instanceof StationFailure ? error.error.message : 'The SCAN form could not be fetched';
          ctx.emit('account.scanForm.progress', { requestId, attempt, status: 'failed', message });
          throw error;
        }
        continue;
      }
      if (r.url) {
        scanForms.update(id, 'ready', r.url, r);
        ctx.emit('account.scanForm.progress', { requestId, attempt, status: 'ready' });
        ctx.emit('station.changed', { topics: ['scanForms'] });
        return { kind: 'ecommerce', requestId, status: 'ready', url: r.url, message: null };
      }
      ctx.emit('account.scanForm.progress', { requestId, attempt, status: 'waiting', ...(r.status ? { message: r.status } : {}) });
      if (ctx.now().getTime() > deadline) {
        return { kind: 'ecommerce', requestId, status: 'pending', url: null, message: 'The carrier is still preparing this SCAN form; it is kept as pending.' };
      }
    }
    return fail('conflict', 'The station is closing; the SCAN form request is kept as pending.');
  }

  return {
    desk,
    handlers: {
      'account.balance': () => balance(),
      'account.carrierAccounts': () => carrierAccounts(),
      'account.orders.create': (a) => createOrder(a),
      'account.orders.delete': async (a) => {
        const client = await v1();
        await v1Call(() => client.deleteOrder({ store_name: a.storeName, order_number: a.orderNumber }));
        ctx.emit('station.changed', { topics: ['orders'] });
        return { deleted: true as const };
      },
      'account.orders.labels': (a) => orderLabels(a),
      'account.orders.list': (a) => listOrders(a),
      'account.scanForms.create': (a) => uspsScanForm(a.trackingCodes),
      'account.scanForms.ecommerce': (a) => ecommerceScanForm(a.carrier, a.trackingCodes),
      // The ship-from is the warehouse's when the request names none, which another bench may have just changed.
      'account.rates': async (a) => {
        if (!a.from) await shippingSettings.current();
        return desk.rates(a);
      },
      'account.buy': (a) => desk.buy(a),
      'account.buyDirect': async (a) => {
        if (!a.from) await shippingSettings.current();
        return desk.buyDirect(a);
      },
      'account.void': (a) => desk.voidLabel(a),
      'account.verifyAddress': async (a) => {
        const client = await v1();
        const r = await v1Call(() => client.verifyAddress({ street: a.street, ...(a.street2 ? { street2: a.street2 } : {}), city: a.city, state: a.state, zip: a.zip, country: a.country }));
        return toAddressCheck(r);
      },
    },
    /** v1 purchases a previous session could not confirm are settled before the bench opens. */
    async start() {
      // Reaching the backend starts the embedded sandbox: only when there is something to settle.
      if (!shipments.anyPending(true)) return;
      try {
        const outcome = await engine.reconcile(v1Purchases, v1TargetOf(await deps.backend.clients()));
        if (outcome.bought > 0) ctx.emit('station.changed', { topics: ['shipments'] });
        if (outcome.bought + outcome.notSold + outcome.stillPending > 0) ctx.log.child('account').info('unconfirmed v1 purchases settled', outcome);
      } catch (error) {
        ctx.log.child('account').warn('v1 purchases could not be settled at start-up', { message: error instanceof Error ? error.message : String(error) });
      }
    },
    async close() {
      closed = true;
      await engine.close();
    },
  };
}
