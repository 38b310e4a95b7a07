import type { CreateAndPayRequest, DirectBuyRequest } from '../../shared/api/v2';
import type { CommandArgs } from '../../shared/contract';
import { fail, StationFailure } from '../../shared/contract/errors';
import { usPsReturnLevels } from '../../shared/contract/shipping';
import type { PurchaseResult, Rate, Shipment } from '../../shared/contract/shippingTypes';
import { toCents } from '../../shared/domain/money';
import type { ShipmentRow } from '../store/shipmentsRepo';
import type { ShippingDeps } from './deps';
import { checkShipment, toCustomData } from './customs';
import { createCustomsForms } from './customsForms';
import { createPurchaseJournal, type PurchaseDraft } from './journal';
import { createLabelImages, fetchLabelBytes } from './labelImages';
import { accountIdOf, backendIdOf, describeBackend } from './ports';
import type { RatesService, StoredQuoteRequest } from './rates';
import { toShipment } from '../store/shipmentRecord';
import { toWireAddress, toWirePackage, toWireShipDate } from './wireMap';

export type BuyInput = CommandArgs<'labels.buy'>;

/**
 * One platform_uk_id per package. An order's outbound package n has the same
 * key on every path (Ship screen, batch, CLI), whatever session key the
 * caller brings, and order numbers match case-insensitively. A return label
 * is its own package: for an order, return 1 of package n (Buy again shows
 * that same label), and a second return asked for on purpose is return 2, a
 * new package, never a re-send of the first under a new id; without an
 * order, the caller's session key.
 */
export function packageKeyOf(input: { packageKey?: string; orderNumber?: string; packageIndex: number; returnNumber?: number }, isReturn: boolean): string {
  const order = input.orderNumber?.trim().toLowerCase();
  if (order && !isReturn) return `order:${order}#${input.packageIndex}`;
  if (order) return `return:order:${order}#${input.packageIndex}${(input.returnNumber ?? 1) > 1 ? `/return${input.returnNumber}` : ''}`;
  if (input.packageKey) return input.packageKey;
  return fail('invalid_input', 'Scan an order or start a package before buying', { field: 'packageKey' });
}

/** Which return label of an order's package a package key names, in packageKeyOf's numbering; null when it is not one. */
export function returnNumberOf(packageKey: string, orderNumber: string, packageIndex = 0): number | null {
  const first = packageKeyOf({ orderNumber, packageIndex }, true);
  if (packageKey === first) return 1;
  const later = packageKey.startsWith(`${first}/return`) ? /^\d+$/.exec(packageKey.slice(first.length + '/return'.length)) : null;
  return later ? Number(later[0]) : null;
}

function isReturnPurchase(input: BuyInput, quoteRequest: () => StoredQuoteRequest | undefined): boolean {
  if (input.method === 'direct') return (usPsReturnLevels as readonly string[]).includes(input.serviceLevel) || input.options.isReturnLabel === true;
  return quoteRequest()?.input.options.isReturnLabel === true;
}

const overrideOf = (input: BuyInput) => (input.addressOverride ? { addressOverride: input.addressOverride } : {});

export function createPurchaseService(deps: ShippingDeps, rates: RatesService) {
  const { ctx } = deps;
  const images = createLabelImages(deps);
  const customsForms = createCustomsForms(deps);
  /** The v2 client of the backend a journaled purchase went to; refused in words when the station is on another. */
  async function v2Of(row: ShipmentRow) {
    const clients = await deps.backend.clients();
    if (row.backend_id !== null && row.backend_id !== backendIdOf(clients)) {
      fail('conflict', `This purchase was sent to ${describeBackend(row.backend_id)}; switch the station back to it to finish the purchase.`);
    }
    return clients.v2;
  }
  const journal = createPurchaseJournal({
    shipments: deps.shipments,
    claims: deps.claims,
    log: deps.log.child('journal'),
    send: async (row, body) => {
      const v2 = await v2Of(row);
      // The journal stored the body this service built below; the client validates it again before sending.
      return row.method === 'create_and_pay' ? v2.createAndPay(body as unknown as CreateAndPayRequest) : v2.directBuy(body as unknown as DirectBuyRequest);
    },
    trackingStatus: async (row) => (await (await v2Of(row)).trackingByPlatformUkId(row.platform_uk_id)).status,
    fetchBytes: fetchLabelBytes,
    onStage: (packageKey, stage, row, message) => {
      ctx.emit('purchase.progress', {
        packageKey,
        stage,
        platformUkId: row.platform_uk_id,
        ...(row.tracking_no ? { trackingNo: row.tracking_no } : {}),
        ...(message ? { message } : {}),
      });
      if (stage === 'bought' || stage === 'failed') ctx.emit('station.changed', { topics: ['shipments'] });
    },
  });

  interface Target {
    readonly backendId: string;
    readonly accountId: string;
  }

  /**
   * Insurance is bought inside create_and_pay only, by the rate_id the
   * insurance-rate endpoint gave for this amount (never an amount field the
   * docs do not have). Asked just before the purchase is journaled, so a
   * retry re-sends the same insurance rate_id with the same platform_uk_id.
   */
  async function insuranceRateId(amount: number, rate: Rate): Promise<string> {
    const v2 = await deps.v2();
    const quote = await v2.insuranceRate({ insured_value: amount, carrier_code: rate.carrierCode, service_level: rate.serviceLevel });
    return quote.rate_id;
  }

  async function draftFromQuote(input: Extract<BuyInput, { method: 'rate' }>, target: Target): Promise<PurchaseDraft> {
    const quote = deps.quotes.get(input.quoteId);
    if (!quote) fail('not_found', 'Those rates are no longer on this station; get rates again', { field: 'quoteId' });
    const rate = (JSON.parse(quote.rates_json) as Rate[]).find((r) => r.rateId === input.rateId);
    if (!rate) fail('not_found', 'That rate is not one of the rates shown; get rates again', { field: 'rateId' });
    const stored = JSON.parse(quote.request_json) as StoredQuoteRequest;
    const insurance = input.insuranceAmount ? { insurance_data: { rate_id: await insuranceRateId(input.insuranceAmount, rate) } } : {};
    const body: CreateAndPayRequest = {
      rate_id: input.rateId,
      platform_uk_id: '',
      label_print_type: input.qrLabel ? 'qrcode' : 'common',
      ...insurance,
      ...(stored.input.options.isReturnLabel ? { is_return_label: true } : {}),
    };
    const { platform_uk_id: _id, ...withoutId } = body;
    return {
      ...target,
      method: 'create_and_pay',
      body: withoutId,
      chosen: { carrierCode: rate.carrierCode, serviceLevel: rate.serviceLevel, serviceName: rate.serviceName, price: rate.price, ...overrideOf(input) },
      orderNumber: input.orderNumber ?? stored.input.orderNumber ?? null,
      recipientName: stored.input.to.name,
      recipientCity: stored.input.to.city,
      recipientZip: stored.input.to.zip,
      insuranceCents: input.insuranceAmount ? toCents(input.insuranceAmount) : null,
      isReturn: stored.input.options.isReturnLabel === true,
    };
  }

  function draftDirect(input: Extract<BuyInput, { method: 'direct' }>, target: Target): PurchaseDraft {
    if (input.insuranceAmount) {
      fail('invalid_input', 'Insurance can only be bought with a rated label: get rates, pick one, then buy it insured.', { field: 'insuranceAmount' });
    }
    const from = rates.shipFrom(input.from);
    const returnLevel = (usPsReturnLevels as readonly string[]).includes(input.serviceLevel);
    const o = input.options;
    const isReturn = returnLevel || o.isReturnLabel === true;
    checkShipment(from, input.to, input.customs);
    const customData = toCustomData(from, input.to, input.customs);
    return {
      ...target,
      method: 'direct_buy',
      body: {
        carrier_code: input.carrierCode,
        service_level: input.serviceLevel,
        from_address_data: toWireAddress(from),
        to_address_data: toWireAddress(input.to),
        package_data: toWirePackage(rates.withSize(input.package)),
        ship_date: toWireShipDate(input.shipDate, deps.ctx.now()),
        ...(isReturn ? { is_return_label: true } : {}),
        ...(o.returnAddress ? { return_address_data: toWireAddress(o.returnAddress) } : {}),
        ...(o.additionalHandling ? { additional_handling: true } : {}),
        ...(o.saturday ? { require_saturday_delivery: true } : {}),
        ...(o.signature ? { options: { signature: o.signature } } : {}),
        ...(input.lithiumBattery ? { option_data: { is_lithium_battery: true, hazardous_materials: true } } : {}),
        label_print_type: input.qrLabel ? 'qrcode' : 'common',
        ...(customData ? { custom_data: customData } : {}),
      },
      chosen: { carrierCode: input.carrierCode, serviceLevel: input.serviceLevel, serviceName: null, price: null, ...overrideOf(input) },
      orderNumber: input.orderNumber ?? null,
      recipientName: input.to.name,
      recipientCity: input.to.city,
      recipientZip: input.to.zip,
      insuranceCents: null,
      isReturn,
    };
  }

  /** The draft of a package already bought: the journal returns the bought row without sending anything. */
  function reuseDraft(row: ShipmentRow, target: Target): PurchaseDraft {
    return {
      ...target,
      method: row.method,
      body: JSON.parse(row.request_json) as Record<string, unknown>,
      chosen: { carrierCode: row.carrier_code, serviceLevel: row.service_level, serviceName: row.service_name, price: null },
      orderNumber: row.order_number,
      recipientName: row.recipient_name,
      recipientCity: row.recipient_city ?? null,
      recipientZip: row.recipient_zip ?? null,
      insuranceCents: row.insurance_cents,
      isReturn: row.is_return === 1,
    };
  }

  /** Sends the stored label to the printer; the label bytes are already in the store, so a print failure loses nothing. */
  async function printLabels(row: ShipmentRow, eventKey: string = row.package_key): Promise<{ jobId: string | null; error: string | null }> {
    await images.fetchMissing(row);
    await customsForms.collect(row);
    const labels = deps.labels.list(row.id, 'label');
    if (labels.length === 0) return { jobId: null, error: row.error ?? 'The label is bought but its image has not arrived yet; print it from History once it has.' };
    ctx.emit('purchase.progress', { packageKey: eventKey, stage: 'printing', platformUkId: row.platform_uk_id, ...(row.tracking_no ? { trackingNo: row.tracking_no } : {}) });
    // A customs form that cannot be drawn does not hold the label back: the label prints, and the words say where the form is.
    const forms = await customsForms.printable(row).then(
      (pngs) => ({ pngs, error: null }),
      (error: unknown) => ({ pngs: [], error: error instanceof StationFailure ? error.error.message : 'The customs form could not be drawn for the printer; print it from History.' }),
    );
    try {
      let first: string | null = null;
      for (const label of labels) {
        const { jobId } = await deps.print.enqueue({
          png: new Uint8Array(label.png),
          title: `${row.service_name ?? row.carrier_code ?? 'Label'} ${row.tracking_no ?? ''}`.trim(),
          reference: row.shipment_no ?? row.platform_uk_id,
          kind: 'label',
        });
        first ??= jobId;
        void watchJob(row, jobId, eventKey);
      }
      // Customs forms go on the same printer right after the label, so they leave the bench together.
      for (const [index, png] of forms.pngs.entries()) {
        await deps.print.enqueue({ png, title: `Customs form ${index + 1} ${row.tracking_no ?? ''}`.trim(), reference: row.shipment_no ?? row.platform_uk_id, kind: 'label' });
      }
      return { jobId: first, error: forms.error };
    } catch (error) {
      const message = error instanceof StationFailure ? error.error.message : 'The label could not be sent to the printer';
      ctx.emit('purchase.progress', { packageKey: eventKey, stage: 'failed', platformUkId: row.platform_uk_id, message });
      return { jobId: null, error: message };
    }
  }

  async function watchJob(row: ShipmentRow, jobId: string, eventKey: string): Promise<void> {
    try {
      const job = await deps.print.waitForJob(jobId, { timeoutMs: 120_000 });
      const done = job.status === 'done';
      ctx.emit('purchase.progress', {
        packageKey: eventKey,
        stage: done ? 'printed' : 'failed',
        platformUkId: row.platform_uk_id,
        ...(row.tracking_no ? { trackingNo: row.tracking_no } : {}),
        ...(done ? {} : { message: 'The label is stored but has not printed yet; see the print queue' }),
      });
    } catch {
      // The print queue reports its own failures; the label stays stored.
    }
  }

  function preview(row: ShipmentRow): string | null {
    const label = deps.labels.get(row.id, 'label', 0);
    return label ? Buffer.from(label.png).toString('base64') : null;
  }

  const buying = new Map<string, Promise<PurchaseResult>>();

  /**
   * Buy and print as one step per package: a second press while the first is
   * running gets the first one's result (one charge, one print job), and a
   * Buy for a package already bought shows its label without printing it
   * again, so one label never ends up on two boxes.
   */
  async function buy(input: BuyInput): Promise<PurchaseResult> {
    const storedQuote = () => {
      const quote = input.method === 'rate' ? deps.quotes.get(input.quoteId) : undefined;
      return quote ? (JSON.parse(quote.request_json) as StoredQuoteRequest) : undefined;
    };
    const key = packageKeyOf(input, isReturnPurchase(input, storedQuote));
    const clients = await deps.backend.clients();
    const target: Target = { backendId: backendIdOf(clients), accountId: accountIdOf(clients) };
    const flight = `${target.backendId}|${key}`;
    const running = buying.get(flight);
    // A second request for the package while the first runs hears the first one's label as what it is: already bought, nothing charged or printed again.
    if (running) return running.then((result) => ({ ...result, reused: true, printJobId: null, printError: null }));
    const promise = buyOnce(input, key, target, input.packageKey ?? key).finally(() => buying.delete(flight));
    buying.set(flight, promise);
    return promise;
  }

  async function buyOnce(input: BuyInput, key: string, target: Target, eventKey: string): Promise<PurchaseResult> {
    const earlier = deps.shipments.liveByPackageKey(target.backendId, key);
    // A package bought already is shown as bought: no insurance quote, no draft, nothing sent.
    // A direct buy without a ship-from uses the warehouse's, which another bench may have just changed.
    if (input.method === 'direct' && !input.from && earlier?.state !== 'bought') await deps.settings.current();
    const draft = earlier?.state === 'bought' ? reuseDraft(earlier, target) : input.method === 'rate' ? await draftFromQuote(input, target) : draftDirect(input, target);
    const row = await journal.purchase(key, draft, eventKey);
    const reused = earlier?.state === 'bought' && earlier.id === row.id;
    if (!reused && row.rate_mismatch_json) {
      ctx.emit('station.notice', {
        level: 'warning',
        message: `This package had already been bought as ${row.service_name ?? row.service_level ?? 'another service'} (tracking ${row.tracking_no ?? 'unknown'}); that label is kept and shown, and nothing more was charged.`,
      });
    }
    await customsForms.collect(row);
    const printed = !input.print
      ? { jobId: null, error: null }
      : reused
        ? { jobId: null, error: 'This package was bought and printed earlier; use Reprint in History to print the label again.' }
        : await printLabels(row, eventKey);
    const forms = deps.customsForms.list(row.id).map((f) => ({ mime: f.mime, base64: Buffer.from(f.bytes).toString('base64') }));
    return { shipment: toShipment(deps.shipments.get(row.id) as ShipmentRow), reused, labelPng: preview(row), customsForms: forms, printJobId: printed.jobId, printError: printed.error };
  }

  async function reconcile(): Promise<Shipment[]> {
    const backendId = backendIdOf(await deps.backend.clients());
    const elsewhere = deps.shipments.pendingOnOtherBackends(backendId);
    if (elsewhere > 0) {
      ctx.emit('station.notice', {
        level: 'warning',
        message: `${elsewhere} unconfirmed purchase${elsewhere === 1 ? ' was' : 's were'} made on another service; switch back to it to finish ${elsewhere === 1 ? 'it' : 'them'}.`,
      });
    }
    const pending = deps.shipments.pending(backendId);
    if (pending.length === 0) return [];
    const outcome = await journal.reconcile(backendId);
    const level = outcome.stillPending > 0 || outcome.failed > 0 ? 'warning' : 'info';
    ctx.emit('station.notice', {
      level,
      message:
        `Checked ${pending.length} unfinished purchase${pending.length === 1 ? '' : 's'} from the last session: ${outcome.bought} recorded` +
        (outcome.failed ? `, ${outcome.failed} not bought (refused by the service, or answered with a label voided elsewhere; History says which, buy again)` : '') +
        (outcome.stillPending ? `, ${outcome.stillPending} still unconfirmed (the station will check again; nothing is charged twice)` : '') +
        '.',
    });
    return pending.map((r) => toShipment(deps.shipments.get(r.id) as ShipmentRow));
  }

  /**
   * A further return label of an order: the number after every return bought
   * for it (here, and in a warehouse at any bench, each bench getting its own),
   * for labels.buy to buy as a new package.
   */
  async function nextReturn(orderNumber: string): Promise<{ returnNumber: number }> {
    const clients = await deps.backend.clients();
    const target = { backendId: backendIdOf(clients), accountId: accountIdOf(clients), orderNumber: orderNumber.trim() };
    // Only bought returns count here: a pending or refused one keeps its number, so asking again settles it instead of buying past it.
    const bought = deps.shipments
      .labelsOfOrder(orderNumber)
      .filter((s) => s.is_return === 1 && s.state === 'bought')
      .map((s) => returnNumberOf(s.package_key, orderNumber) ?? 0);
    const returnNumber = await deps.claims.nextReturn({
      localNext: Math.max(0, ...bought) + 1,
      prefix: packageKeyOf({ orderNumber, packageIndex: 0 }, true),
      numberOf: (packageKey) => returnNumberOf(packageKey, orderNumber),
      claimOf: (n) => journal.claimRequest(target, packageKeyOf({ orderNumber, packageIndex: 0, returnNumber: n }, true)),
    });
    return { returnNumber };
  }

  return { buy, nextReturn, reconcile, printLabels, journal };
}

export type PurchaseService = ReturnType<typeof createPurchaseService>;
