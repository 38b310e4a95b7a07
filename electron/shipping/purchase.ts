import type { CreateAndPayRequest, InsuranceData } from '../../shared/api/v2';
import type { CommandArgs } from '../../shared/contract';
import { fail } from '../../shared/contract/errors';
import { usPsReturnLevels } from '../../shared/contract/shipping';
import type { PurchaseResult, Rate, Shipment } from '../../shared/contract/shippingTypes';
import { toCents } from '../../shared/domain/money';
import { createPurchaseEngine, type PurchaseEngine, type PurchaseTarget } from '../purchases/engine';
import { fetchLabelBytes } from '../purchases/labelFetch';
import { packageKeyOf, purchaseKeyOf, returnNumberOf } from '../purchases/packageKey';
import { recipientOf, type ChosenService, type JournalDraft } from '../purchases/journal';
import type { ShipmentRow } from '../store/shipmentsRepo';
import type { ShippingDeps } from './deps';
import { checkShipment, toCustomData } from './customs';
import { createCustomsForms } from './customsForms';
import { accountIdOf, backendIdOf } from './ports';
import { createPrintAfterBuy } from './printAfterBuy';
import { createV2Adapter } from './v2Adapter';
import { optionDataOf, type RatesService, type StoredQuoteRequest } from './rates';
import { toShipment } from '../store/shipmentRecord';
import { labelPrintTypeFor, toOptionData, toWireAddress, toWirePackage, toWireShipDate, withLabelReference } from './wireMap';

export type BuyInput = CommandArgs<'labels.buy'>;

const overrideOf = (input: BuyInput) => ({
  ...(input.addressOverride ? { addressOverride: input.addressOverride } : {}),
  ...(input.decisions?.length ? { decisions: input.decisions } : {}),
});

/** `engine`: the station's purchase engine, shared with the v1 desk; one of its own when absent. */
export function createPurchaseService(deps: ShippingDeps, rates: RatesService, shared?: PurchaseEngine) {
  const { ctx } = deps;
  const customsForms = createCustomsForms(deps);
  const printLabels = createPrintAfterBuy({ ...deps, customsForms });
  const engine = shared ?? createPurchaseEngine({ shipments: deps.shipments, claims: deps.claims, log: deps.log.child('journal'), fetchBytes: fetchLabelBytes, emit: ctx.emit });
  const v2 = createV2Adapter({ backend: deps.backend, fetchBytes: fetchLabelBytes, log: deps.log.child('journal') });
  // The journal keeps the body without platform_uk_id: the adapter adds the row's id on every send.
  const journaled = (body: Readonly<Record<string, unknown>>, chosen: ChosenService) => ({ requestJson: JSON.stringify(body), chosenJson: JSON.stringify(chosen) });

  /**
   * Insurance is paid inside create_and_pay by the insurance rate_id for this value (v2-docs.md 9),
   * asked just before journaling, so a retry re-sends the same one with the same platform_uk_id.
   */
  async function insuranceData(amount: number, rate: Rate): Promise<InsuranceData> {
    const v2 = await deps.v2();
    const quote = await v2.insuranceRate({ declared_value: amount, service_level: rate.serviceLevel });
    return {
      rate_id: quote.rate_id,
      coverage: amount,
      currency: /^[A-Z]{3}$/.test(quote.currency?.trim().toUpperCase() ?? '') ? (quote.currency as string).trim().toUpperCase() : 'USD',
      ...(quote.fee === null ? {} : { rate: quote.fee }),
      service_level: rate.serviceLevel,
    };
  }

  async function draftFromQuote(input: Extract<BuyInput, { method: 'rate' }>): Promise<JournalDraft> {
    const quote = deps.quotes.get(input.quoteId);
    if (!quote) fail('not_found', 'Those rates are no longer on this station; get rates again', { field: 'quoteId' });
    const rate = (JSON.parse(quote.rates_json) as Rate[]).find((r) => r.rateId === input.rateId);
    if (!rate) fail('not_found', 'That rate is not one of the rates shown; get rates again', { field: 'rateId' });
    const stored = JSON.parse(quote.request_json) as StoredQuoteRequest;
    const insurance = input.insuranceAmount ? { insurance_data: await insuranceData(input.insuranceAmount, rate) } : {};
    const body: CreateAndPayRequest = {
      rate_id: input.rateId,
      platform_uk_id: '',
      label_print_type: labelPrintTypeFor(rate.carrierCode, input.qrLabel, deps.settings.get().upsLabelPrintType),
      ...insurance,
      ...(stored.input.options.isReturnLabel ? { is_return_label: true } : {}),
    };
    const { platform_uk_id: _id, ...withoutId } = body;
    return {
      method: 'create_and_pay',
      ...journaled(withoutId, { carrierCode: rate.carrierCode, serviceLevel: rate.serviceLevel, serviceName: rate.serviceName, price: rate.price, weightOz: stored.input.package.weightOz, ...overrideOf(input) }),
      orderNumber: input.orderNumber ?? stored.input.orderNumber ?? null,
      ...recipientOf(stored.input.to),
      insuranceCents: input.insuranceAmount ? toCents(input.insuranceAmount) : null,
      isReturn: stored.input.options.isReturnLabel === true,
    };
  }

  function draftDirect(input: Extract<BuyInput, { method: 'direct' }>): JournalDraft {
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
      method: 'direct_buy',
      ...journaled({
        carrier_code: input.carrierCode,
        service_level: input.serviceLevel,
        from_address_data: toWireAddress(from),
        to_address_data: toWireAddress(input.to),
        package_data: toWirePackage(rates.withSize(input.package)),
        ship_date: toWireShipDate(input.shipDate, deps.ctx.now()),
        ...(isReturn ? { is_return_label: true } : {}),
        ...(o.returnAddress ? { return_address_data: toWireAddress(o.returnAddress) } : {}),
        ...optionDataOf(toOptionData(withLabelReference(o, deps.settings.get().labelReference), input.orderNumber, input.lithiumBattery)),
        ...(o.saturday ? { require_saturday_delivery: true } : {}),
        label_print_type: labelPrintTypeFor(input.carrierCode, input.qrLabel, deps.settings.get().upsLabelPrintType),
        ...(customData ? { custom_data: customData } : {}),
      }, { carrierCode: input.carrierCode, serviceLevel: input.serviceLevel, serviceName: null, price: null, ...overrideOf(input) }),
      orderNumber: input.orderNumber ?? null,
      ...recipientOf(input.to),
      insuranceCents: null,
      isReturn,
    };
  }

  /** Why a label bought before is not printed now (whether it printed then is not known here). */
  const reusedWords = (hasImage: boolean): string =>
    hasImage
      ? 'This package was bought earlier, so its label was not printed again; use Reprint in History to print it.'
      : 'This package was bought earlier, but the station holds no image of its label; open it in History to fetch the label, or void it there.';

  const targetOf = (clients: Awaited<ReturnType<ShippingDeps['backend']['clients']>>): PurchaseTarget => {
    const backendId = backendIdOf(clients);
    return { backendId, claimBackendId: backendId, accountId: accountIdOf(clients) };
  };

  /** Buy and print as one step per package; a label bought before is shown, never printed again, so one label never ends up on two boxes. */
  async function buy(input: BuyInput): Promise<PurchaseResult> {
    const storedQuote = () => {
      const quote = input.method === 'rate' ? deps.quotes.get(input.quoteId) : undefined;
      return quote ? (JSON.parse(quote.request_json) as StoredQuoteRequest) : undefined;
    };
    const packageKey = purchaseKeyOf(input, () => storedQuote()?.input.options.isReturnLabel === true);
    const target = targetOf(await deps.backend.clients());
    const purchased = await engine.purchase(v2, { target, packageKey, orderNumber: input.orderNumber ?? storedQuote()?.input.orderNumber ?? null, draft: () => draftOf(input) });
    const { row } = purchased;
    // A second request for the package while the first runs hears the first one's label as what it is: already bought, nothing charged or printed again.
    const reused = purchased.joined || purchased.how === 'standing';
    if (!reused && row.rate_mismatch_json) {
      ctx.emit('station.notice', {
        level: 'warning',
        message: `This package had already been bought as ${row.service_name ?? row.service_level ?? 'another service'} (tracking ${row.tracking_no ?? 'unknown'}); that label is kept and shown, and nothing more was charged.`,
      });
    }
    await customsForms.collect(row);
    const image = deps.labels.get(row.id, 'label', 0);
    const printed = !input.print || purchased.joined
      ? { printJobId: null, printError: null }
      : reused
        ? { printJobId: null, printError: reusedWords(image !== undefined) }
        : await printLabels(row);
    const forms = deps.customsForms.list(row.id).map((f) => ({ mime: f.mime, base64: Buffer.from(f.bytes).toString('base64') }));
    const labelPng = image ? Buffer.from(image.png).toString('base64') : null;
    return { shipment: toShipment(deps.shipments.get(row.id) as ShipmentRow), reused, labelPng, customsForms: forms, ...printed };
  }

  /** The request for a package not bought yet; a direct buy without a ship-from uses the warehouse's, which another bench may have just changed. */
  async function draftOf(input: BuyInput): Promise<JournalDraft> {
    if (input.method === 'rate') return draftFromQuote(input);
    if (!input.from) await deps.settings.current();
    return draftDirect(input);
  }

  async function reconcile(): Promise<Shipment[]> {
    const target = targetOf(await deps.backend.clients());
    const elsewhere = deps.shipments.pendingOnOtherBackends(target.backendId);
    if (elsewhere > 0) {
      ctx.emit('station.notice', {
        level: 'warning',
        message: `${elsewhere} unconfirmed purchase${elsewhere === 1 ? ' was' : 's were'} made on another service; switch back to it to finish ${elsewhere === 1 ? 'it' : 'them'}.`,
      });
    }
    const pending = deps.shipments.pending(target.backendId);
    if (pending.length === 0) return [];
    const outcome = await engine.reconcile(v2, target);
    const level = outcome.stillPending > 0 || outcome.notSold > 0 ? 'warning' : 'info';
    ctx.emit('station.notice', {
      level,
      message:
        `Checked ${pending.length} unfinished purchase${pending.length === 1 ? '' : 's'} from the last session: ${outcome.bought} recorded` +
        (outcome.notSold ? `, ${outcome.notSold} not bought (refused by the service, or answered with a label voided elsewhere; History says which, buy again)` : '') +
        (outcome.stillPending ? `, ${outcome.stillPending} still unconfirmed (the station will check again; nothing is charged twice)` : '') +
        '.',
    });
    return pending.map((r) => toShipment(deps.shipments.get(r.id) as ShipmentRow));
  }

  /** The number of an order's next return label, after every one bought at any bench, for labels.buy to buy as a new package. */
  async function nextReturn(orderNumber: string): Promise<{ returnNumber: number }> {
    const clients = await deps.backend.clients();
    const target = targetOf(clients);
    // Only bought returns count here: a pending or refused one keeps its number, so asking again settles it instead of buying past it.
    const bought = deps.shipments
      .labelsOfOrder(orderNumber)
      .filter((s) => s.is_return === 1 && s.state === 'bought')
      .map((s) => returnNumberOf(s.package_key, orderNumber) ?? 0);
    const returnNumber = await deps.claims.nextReturn({
      localNext: Math.max(0, ...bought) + 1,
      prefix: packageKeyOf({ orderNumber, packageIndex: 0 }, true),
      numberOf: (packageKey) => returnNumberOf(packageKey, orderNumber),
      claimOf: (n) => engine.claimRequest(target, packageKeyOf({ orderNumber, packageIndex: 0, returnNumber: n }, true), orderNumber.trim()),
    });
    return { returnNumber };
  }

  return { buy, nextReturn, reconcile, engine };
}

export type PurchaseService = ReturnType<typeof createPurchaseService>;
