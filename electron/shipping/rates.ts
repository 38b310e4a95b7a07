import type { GetRatesRequest, OptionData, QuickRateItem } from '../../shared/api/v2';
import type { CommandArgs } from '../../shared/contract';
import { fail } from '../../shared/contract/errors';
import type { BatchRateResult, PackageSpec, RateQuote, StationAddress } from '../../shared/contract/shippingTypes';
import { pickRate, sortRates } from '../../shared/domain/rateRule';
import type { ShippingDeps } from './deps';
import { checkShipment, toCustomData } from './customs';
import { fromWireRate, fromWireRateErrors, toOptionData, toWireAddress, toWirePackage, toWireShipDate, withLabelReference } from './wireMap';

export type QuoteInput = CommandArgs<'rates.quote'>;

export const optionDataOf = (data: OptionData | undefined): { option_data?: OptionData } => (data ? { option_data: data } : {});

/** What a stored quote keeps besides the wire request: the station-level input a later purchase needs. */
export interface StoredQuoteRequest {
  readonly input: QuoteInput;
  readonly from: StationAddress;
  readonly wire: GetRatesRequest | QuickRateItem;
}

export function createRatesService(deps: ShippingDeps) {
  function shipFrom(from: StationAddress | undefined): StationAddress {
    const address = from ?? deps.settings.get().shipFrom;
    if (!address) fail('not_configured', 'Set the ship-from address in Settings before rating', { field: 'from' });
    return address;
  }

  /** Fills a package's missing size from the default preset, so a scan-and-weigh needs no typing. */
  function withSize(pkg: PackageSpec): PackageSpec {
    if (pkg.packageCode || (pkg.lengthIn && pkg.widthIn && pkg.heightIn)) return pkg;
    const preset = deps.settings.preset(undefined);
    if (!preset) return pkg;
    return { ...pkg, lengthIn: pkg.lengthIn ?? preset.lengthIn, widthIn: pkg.widthIn ?? preset.widthIn, heightIn: pkg.heightIn ?? preset.heightIn, ...(preset.packageCode ? { packageCode: preset.packageCode } : {}) };
  }

  function wireRequest(input: QuoteInput, from: StationAddress): GetRatesRequest {
    const o = input.options;
    checkShipment(from, input.to, input.customs);
    const customData = toCustomData(from, input.to, input.customs);
    return {
      ...(customData ? { custom_data: customData } : {}),
      from_address_data: toWireAddress(from),
      to_address_data: toWireAddress(input.to),
      package_data: toWirePackage(withSize(input.package)),
      ship_date: toWireShipDate(input.shipDate, deps.ctx.now()),
      ...(input.carriers?.length
        ? { shipment_rate_carrier_data: input.carriers.map((c) => ({ provider_id: c.providerId, ...(c.serviceLevels.length ? { service_levels: c.serviceLevels } : {}) })) }
        : {}),
      ...optionDataOf(toOptionData(withLabelReference(o, deps.settings.get().labelReference), input.orderNumber)),
      ...(o.saturday ? { require_saturday_delivery: true } : {}),
      ...(o.isReturnLabel ? { is_return_label: true } : {}),
      ...(o.returnAddress ? { return_address_data: toWireAddress(o.returnAddress) } : {}),
    };
  }

  async function quote(input: QuoteInput): Promise<RateQuote> {
    // Another bench of the warehouse may have changed the ship-from, presets or rule since this bench last looked.
    await deps.settings.current();
    const from = shipFrom(input.from);
    const request = wireRequest(input, from);
    const v2 = await deps.v2();
    let rates;
    let errors;
    let wire: GetRatesRequest | QuickRateItem = request;
    if (input.source === 'quick_rate') {
      const { is_return_label: _r, return_address_data: _a, ...rest } = request;
      wire = { request_unique_id: 'q1', ...rest };
      const [result] = await v2.quickRate([wire]);
      rates = result?.shipment_rate_data ?? [];
      errors = result?.error_data;
    } else {
      const result = await v2.getRates(request);
      rates = result.shipment_rate_data;
      errors = result.error_data;
    }
    const sorted = sortRates(rates.map(fromWireRate));
    const carrierErrors = fromWireRateErrors(errors);
    const stored: StoredQuoteRequest = { input, from, wire };
    const quoteId = deps.quotes.insert(input.source, stored, sorted, carrierErrors, input.orderNumber ?? null);
    const rule = deps.settings.get().rateRule;
    return { quoteId, source: input.source, rates: sorted, errors: carrierErrors, preselected: pickRate(sorted, rule), rule };
  }

  async function batch(requests: CommandArgs<'rates.batch'>['requests']): Promise<BatchRateResult[]> {
    const { rateRule: rule } = await deps.settings.current();
    const items: QuickRateItem[] = requests.map((r, index) => {
      const { is_return_label: _r, return_address_data: _a, ...rest } = wireRequest(
        { to: r.to, from: r.from, package: r.package, shipDate: r.shipDate, carriers: r.carriers, source: 'quick_rate', options: {}, customs: r.customs },
        shipFrom(r.from),
      );
      return { request_unique_id: `b${index}`, ...rest };
    });
    const results = await (await deps.v2()).quickRate(items);
    return requests.map((r, index) => {
      const sorted = sortRates((results[index]?.shipment_rate_data ?? []).map(fromWireRate));
      return { key: r.key, rates: sorted, errors: fromWireRateErrors(results[index]?.error_data), preselected: pickRate(sorted, rule) };
    });
  }

  return { quote, batch, shipFrom, withSize };
}

export type RatesService = ReturnType<typeof createRatesService>;
