import type { CommandInput } from '../../shared/contract';
import type { BenchOptions } from '../../shared/contract/bench';
import type { CustomsDeclaration, PackageSpec, Rate, RateQuote, StationAddress } from '../../shared/contract/shippingTypes';

/** Lithium batteries ship only by USPS Ground Advantage (never its return service). */
export function lithiumRate(rates: readonly Rate[]): number | null {
  const index = rates.findIndex((r) => r.carrierCode === 'USPS' && /GROUND_ADVANTAGE/.test(r.serviceLevel) && !/RETURN/.test(r.serviceLevel));
  return index >= 0 ? index : null;
}

/** What a quote was asked for; a buy from the quote ships to exactly this address. */
export interface QuotedFor {
  readonly to: StationAddress;
}

export interface PlanInput {
  readonly quote: RateQuote;
  readonly quotedFor: QuotedFor;
  readonly picked: number;
  readonly to: StationAddress;
  readonly pkg: PackageSpec;
  readonly options: Pick<BenchOptions, 'signature' | 'saturday' | 'additionalHandling' | 'returnLabel' | 'lithiumBattery' | 'qrLabel' | 'insuranceAmount'>;
  readonly orderNumber: string | null;
  readonly box: number;
  readonly packageKey: string;
  readonly print: boolean;
  /** The operator's deliberate word to buy for an address the service did not confirm. */
  readonly addressOverride?: string;
  /** How the package was chosen, for History (rules, an automatic buy, a skipped check). */
  readonly decisions?: readonly string[];
  /** A ship-from other than the station's setting (the quote carries it; a direct purchase names it). */
  readonly from?: StationAddress;
  /** The declaration the quote was rated with; a direct purchase carries it itself. */
  readonly customs?: CustomsDeclaration;
  /** The label's second custom line; a quote carries it already (get_rates' option_data). */
  readonly reference?: string;
}

const sameAddress = (a: StationAddress, b: StationAddress): boolean =>
  a.street === b.street &&
  (a.street2 ?? '') === (b.street2 ?? '') &&
  a.city === b.city &&
  a.state === b.state &&
  a.zip === b.zip &&
  a.country === b.country &&
  (a.residential ?? true) === (b.residential ?? true);

/**
 * The one place that decides how a picked rate is bought (Ship, Batch and the
 * CLI all come here). From the quote when the label goes to the very address
 * that was rated; directly, naming the carrier and service, when the address
 * changed only in form after rating (the price does not depend on it, and a
 * second quote would cost the operator a round trip) or when the package holds
 * lithium batteries (a flag only a direct purchase carries). Insurance is sold
 * only with a rated label (create_and_pay's insurance_data), so an insured
 * package whose address changed only in form is bought from the quote, to the
 * address as rated: the service accepted it, and the form does not change
 * where the package goes.
 */
export function planPurchase(p: PlanInput): CommandInput<'labels.buy'> {
  const rate = p.quote.rates[p.picked];
  if (!rate) throw new RangeError('planPurchase: the picked rate is not in the quote');
  const common = {
    packageKey: p.packageKey,
    ...(p.orderNumber ? { orderNumber: p.orderNumber } : {}),
    packageIndex: p.box,
    ...(p.options.insuranceAmount ? { insuranceAmount: p.options.insuranceAmount } : {}),
    qrLabel: p.options.qrLabel,
    print: p.print,
    ...(p.addressOverride ? { addressOverride: p.addressOverride } : {}),
    ...(p.decisions?.length ? { decisions: [...p.decisions] } : {}),
  };
  const insured = (p.options.insuranceAmount ?? 0) > 0;
  if (!p.options.lithiumBattery && rate.rateId && (insured || sameAddress(p.quotedFor.to, p.to))) {
    return { method: 'rate', quoteId: p.quote.quoteId, rateId: rate.rateId, ...common };
  }
  const o = p.options;
  return {
    method: 'direct',
    carrierCode: rate.carrierCode,
    serviceLevel: rate.serviceLevel,
    to: p.to,
    ...(p.from ? { from: p.from } : {}),
    package: p.pkg,
    options: {
      ...(o.signature ? { signature: o.signature } : {}),
      ...(o.saturday ? { saturday: true } : {}),
      ...(o.additionalHandling ? { additionalHandling: true } : {}),
      ...(o.returnLabel ? { isReturnLabel: true } : {}),
      ...(p.reference ? { reference: p.reference } : {}),
    },
    lithiumBattery: o.lithiumBattery,
    ...(p.customs ? { customs: p.customs } : {}),
    ...common,
  };
}
