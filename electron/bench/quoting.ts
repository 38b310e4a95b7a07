import type { BenchOptions } from '../../shared/contract/bench';
import { addressCheckSchema, quoteInputSchema } from '../../shared/contract/shipping';
import type { RateQuote, StationAddress } from '../../shared/contract/shippingTypes';
import { isInternational, SERVICE_HOME_COUNTRY } from '../../shared/domain/countries';
import { judgeAddress } from './addressRule';
import { autoPick, disabledRates } from './benchState';
import { customsTextOf, readCustoms } from './customs';
import { checked, type Attempt, type BenchPorts } from './ports';
import type { QuotedFor } from './purchasePlan';
import { ratingInput, ratingKey } from './rating';
import type { ShipState } from './shipState';

/**
 * Rates and the address check of the package on the bench. Both start at
 * once; when the check returns, the address rule decides and rates follow
 * only what they depend on. An answer overtaken by a newer question, or for a
 * package no longer on the bench, is dropped.
 */
export function createQuoting(state: ShipState, ports: Pick<BenchPorts, 'quotes' | 'addresses'>, attempt: Attempt) {
  const s = state.get;
  const set = state.set;
  /** The key and address the quote on the bench was asked for. */
  let quoted: (QuotedFor & { readonly key: string }) | null = null;
  let checking: Promise<void> | null = null;
  let rating: Promise<void> | null = null;
  let checkGeneration = 0;
  let rateGeneration = 0;
  /** The ship-from country, as the settings had it at the last scan: a package to another country needs customs. */
  let origin: string = SERVICE_HOME_COUNTRY;

  /**
   * A package to another country carries a customs declaration (the order's,
   * until the packer edits it); one that stays home carries none. Asked again
   * whenever the address may have changed country.
   */
  function followCountry(): void {
    const { to, order, customs } = s();
    const abroad = to !== null && order !== null && isInternational(origin, to.country ?? SERVICE_HOME_COUNTRY);
    if (!abroad && customs) set({ customs: null });
    else if (abroad && !customs) set({ customs: readCustoms(customsTextOf(order?.customs ?? null)) });
  }

  /** Rates for the package as it is now, unless the rates on the bench already answer it. */
  function requote(): void {
    followCountry();
    const now = s();
    // A declaration that breaks a rule is not rated: its words stop Buy until the packer fixes it.
    if (!now.to || now.weight.oz === null || !now.order || (now.customs !== null && now.customs.declaration === null)) {
      rateGeneration += 1;
      quoted = null;
      rating = null;
      if (now.rates.status !== 'idle') set({ rates: { status: 'idle', quote: null, error: null, picked: null, disabled: [], pickNote: null, noteConfirmed: false } });
      return;
    }
    const input = ratingInput(now.to, state.pkg(), now.options, now.order.orderNumber, now.customs?.declaration ?? null);
    const key = ratingKey(input);
    if (quoted?.key === key && (now.rates.status === 'ready' || now.rates.status === 'rating')) return;
    const mine = ++rateGeneration;
    const packageId = now.packageId;
    quoted = { key, to: input.to };
    // The prices for the package as it was leave the screen: no key buys them while new ones are drawn.
    set({ rates: { status: 'rating', quote: null, error: null, picked: null, disabled: [], pickNote: null, noteConfirmed: false } });
    const running = attempt(() => ports.quotes.quote(checked(quoteInputSchema, input))).then((result) => {
      if (mine !== rateGeneration || !state.isCurrent(packageId)) return;
      if (!result.ok) {
        set({ rates: { status: 'failed', quote: null, error: result.error, picked: null, disabled: [], pickNote: null, noteConfirmed: false } });
        return;
      }
      showQuote(result.value);
    });
    const tracked: Promise<void> = running.finally(() => {
      if (rating === tracked) rating = null;
    });
    rating = tracked;
  }

  function showQuote(quote: RateQuote, options: BenchOptions = s().options): void {
    const picked = autoPick(quote.rates, quote.preselected, options);
    set({ rates: { status: 'ready', quote, error: null, picked, disabled: disabledRates(quote.rates, options), pickNote: null, noteConfirmed: false } });
  }

  /** Validation runs beside rating; when it returns, the address rule decides, and rates follow only what they depend on. */
  function check(entered: StationAddress): void {
    const mine = ++checkGeneration;
    const packageId = s().packageId;
    set({ address: { status: 'checking', entered, suggestion: null, corrections: [], messages: [], problem: null } });
    const running = attempt(() => ports.addresses.validate(checked(addressCheckSchema, { address: entered }))).then((result) => {
      if (mine !== checkGeneration || !state.isCurrent(packageId)) return;
      const verdict = judgeAddress(entered, result.ok ? result.value : null, result.ok ? null : result.error);
      set({ address: verdict.address, to: verdict.to });
      requote();
    });
    const tracked: Promise<void> = running.finally(() => {
      if (checking === tracked) checking = null;
    });
    checking = tracked;
  }

  return {
    requote,
    showQuote,
    check,
    /** The answers still on their way belong to the package before: they are dropped when they come. */
    forget(): void {
      rateGeneration += 1;
      checkGeneration += 1;
      quoted = null;
    },
    /** The prices on the bench no longer hold (the address was edited): they leave the screen until the next requote draws new ones. */
    drop(): void {
      rateGeneration += 1;
      quoted = null;
      rating = null;
      set({ rates: { status: 'idle', quote: null, error: null, picked: null, disabled: [], pickNote: null, noteConfirmed: false } });
    },
    /** A check or a quote still on its way is waited for rather than asked again. */
    async settled(): Promise<void> {
      while (checking || rating) await (checking ?? rating);
    },
    quotedFor: (): QuotedFor | null => quoted,
    shipFrom(country: string): void {
      origin = country;
    },
  };
}

export type Quoting = ReturnType<typeof createQuoting>;
