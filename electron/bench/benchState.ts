import { OVERRIDE_WORD, type BenchOptions, type BenchState } from '../../shared/contract/bench';
import type { Rate } from '../../shared/contract/shippingTypes';
import { isContentRestricted } from '../../shared/domain/rateRule';
import { formatOunces } from '../../shared/domain/units';
import { lithiumRate } from './purchasePlan';
import { verifyBlocker, verifyOff } from './verify';

export const noOptions: BenchOptions = {
  signature: null,
  saturday: false,
  additionalHandling: false,
  returnLabel: false,
  lithiumBattery: false,
  qrLabel: false,
  insuranceText: '',
  insuranceAmount: null,
  insuranceError: null,
};

/** The bench with nothing on it; seq and packageId are the machine's to keep. */
export function emptyBench(seq: number, packageId: number): BenchState {
  return {
    seq,
    packageId,
    order: null,
    box: 0,
    alreadyShipped: false,
    to: null,
    address: { status: 'none', entered: null, suggestion: null, corrections: [], messages: [], problem: null },
    presetName: null,
    dims: null,
    weight: { text: '', oz: null, source: null, error: null, scaleProblem: null },
    options: noOptions,
    insurance: { status: 'none', premium: null, error: null },
    customs: null,
    rates: { status: 'idle', quote: null, error: null, picked: null, disabled: [], pickNote: null, noteConfirmed: false },
    blockers: [],
    purchase: { status: 'none', stages: [], result: null, error: null, limitSeconds: null },
    scanError: null,
    voidAsked: null,
    verify: verifyOff,
    choices: [],
    hold: null,
    autoBuy: { status: 'off', capUsd: null, countdownSeconds: 1, total: null, reason: null },
  };
}

/** Rows that cannot be bought with these options: with lithium batteries, every one but USPS Ground Advantage. */
export function disabledRates(rates: readonly Rate[], options: BenchOptions): number[] {
  if (!options.lithiumBattery) return [];
  const allowed = lithiumRate(rates);
  return rates.flatMap((_, index) => (index === allowed ? [] : [index]));
}

/** The rate picked for the operator: the rule's, never a content-restricted one, and with lithium only Ground Advantage. */
export function autoPick(rates: readonly Rate[], preselected: number | null, options: BenchOptions): number | null {
  if (options.lithiumBattery) return lithiumRate(rates);
  if (preselected !== null && rates[preselected] && !isContentRestricted(rates[preselected])) return preselected;
  return null;
}

/** The heaviest package each carrier takes, in ounces (USPS 70 lb; UPS, FedEx and DHL 150 lb). */
const carrierLimitOz: Readonly<Record<string, number>> = { USPS: 1120, UPS: 2400, FEDEX: 2400, DHL: 2400 };

/** Words when the package is heavier than the picked service carries; null when it is not, or the carrier's limit is not known. */
function overLimit(s: BenchState): string | null {
  const rate = s.rates.quote && s.rates.picked !== null ? s.rates.quote.rates[s.rates.picked] : undefined;
  const limit = rate ? carrierLimitOz[rate.carrierCode.toUpperCase()] : undefined;
  if (!rate || limit === undefined || s.weight.oz === null || s.weight.oz <= limit) return null;
  return `${rate.serviceName} carries at most ${formatOunces(limit)}; this package weighs ${formatOunces(s.weight.oz)}. Pick another service (↑ ↓) or check the weight (Alt+W).`;
}

/** Everything that still stops Buy, each in words at its field, in the order the operator meets them. */
export function blockersOf(s: BenchState): BenchState['blockers'] {
  const out: Array<BenchState['blockers'][number]> = [];
  if (!s.order || !s.to) return [{ field: 'order', message: 'Scan an order first.' }];
  if (s.hold !== null) out.push({ field: 'hold', message: `A rule holds this order: "${s.hold}". To ship it now, release the hold (Alt+H).` });
  if (s.address.status === 'needs_decision') out.push({ field: 'address', message: s.address.problem ?? 'Check the ship-to address first.' });
  const items = verifyBlocker(s.verify);
  if (items) out.push({ field: 'verify', message: items });
  const customs = s.customs?.problems[0];
  if (customs) out.push({ field: 'customs', message: customs.message });
  if (s.weight.oz === null) out.push({ field: 'weight', message: s.weight.error ?? 'Put the box on the scale, or type its weight (Alt+W).' });
  else if (s.weight.source !== 'typed' && s.weight.scaleProblem) out.push({ field: 'weight', message: `${s.weight.scaleProblem} Type the weight (Alt+W) to buy without the scale.` });
  if (s.options.insuranceError) out.push({ field: 'insurance', message: s.options.insuranceError });
  else if (s.options.insuranceAmount && s.insurance.status === 'failed') out.push({ field: 'insurance', message: s.insurance.error?.message ?? 'The service did not price the insurance.' });
  const { rates } = s;
  if (s.weight.oz !== null && rates.status === 'failed') out.push({ field: 'rate', message: rates.error?.message ?? 'No rates for this package.' });
  else if (rates.status === 'ready' && rates.picked === null) {
    out.push({
      field: 'rate',
      message: s.options.lithiumBattery
        ? 'Lithium batteries ship only by USPS Ground Advantage, which is not offered for this package.'
        : (rates.quote?.rates.length ?? 0) === 0
          ? 'No carrier offered a rate for this package.'
          : 'Pick a rate with ↑ ↓.',
    });
  }
  const heavy = rates.status === 'ready' ? overLimit(s) : null;
  if (heavy) out.push({ field: 'rate', message: heavy });
  if (rates.status === 'ready' && rates.pickNote && !rates.noteConfirmed) {
    out.push({ field: 'service', message: `${rates.pickNote} To buy it anyway, type ${OVERRIDE_WORD} in the box under the rates and press Enter; or pick another service (↑ ↓).` });
  }
  return out;
}
