import type { CommandArgs } from '../../shared/contract';
import { shownQuote, shownQuoteSchema, shownTotal, type BenchState, type ShownQuote } from '../../shared/contract/bench';
import { formatMoney, toCents } from '../../shared/domain/money';
import { buyInputSchema } from '../../shared/contract/shipping';
import type { PurchaseStage } from '../../shared/contract/shippingTypes';
import { purchaseKeyOf } from '../purchases/packageKey';
import { overrideNote } from './addressRule';
import { checked, type Attempt, type BenchPorts } from './ports';
import { planPurchase } from './purchasePlan';
import type { Insuring } from './insuring';
import type { Quoting } from './quoting';
import type { ShipState } from './shipState';

export interface BuyingDeps {
  readonly state: ShipState;
  readonly quoting: Quoting;
  readonly insuring: Insuring;
  readonly labels: BenchPorts['labels'];
  readonly attempt: Attempt;
  /** How long the purchase journal keeps asking the service before it gives up, in seconds. */
  readonly purchaseLimitSeconds: number;
}

const shownFields = Object.keys(shownQuoteSchema.shape) as ReadonlyArray<keyof ShownQuote>;

/**
 * Words when the price the operator saw is not what Buy would pay now (the
 * package, its weight, box, options, insurance or the quote changed since),
 * or no price was on screen; null when it is the current one.
 */
export function staleQuote(now: BenchState, shown: ShownQuote | null): string | null {
  const current = shownQuote(now);
  if (!current) return 'New prices are on their way for this package: press Enter once they show, to buy at the price then on screen.';
  if (!shown) return 'No price was on screen when the key was pressed. Check the price now shown and press Enter to buy at it.';
  if (shown.packageId !== current.packageId) return 'That price was for the package before. Check the price now shown and press Enter to buy at it.';
  if (shownFields.every((field) => shown[field] === current[field])) return null;
  const rate = now.rates.quote?.rates[current.picked];
  const total = formatMoney(toCents(shownTotal(current)), rate?.currency);
  return `The price changed since it was on screen: ${rate?.serviceName ?? 'the picked service'} now costs ${total} in all. Nothing was bought; press Enter to buy at this price.`;
}

/** The buy step of the Ship screen: exactly what is shown, through the one purchase plan, and the purchase's stages as they come. */
export function createBuying({ state, quoting, insuring, labels, attempt, purchaseLimitSeconds }: BuyingDeps) {
  const s = state.get;
  const set = state.set;

  /** A stage after the label is bought (printing, printed) still belongs to the package shown as bought. */
  function progress(key: string, stage: PurchaseStage): void {
    const { purchase } = s();
    if (key !== state.packageKey() || (purchase.status !== 'buying' && purchase.status !== 'bought') || purchase.stages.includes(stage)) return;
    set({ purchase: { ...purchase, stages: [...purchase.stages, stage] } });
  }

  /**
   * Buys the price the operator saw, only while it is the current quote. A
   * check or a quote still on its way is waited for rather than asked again;
   * if its answer changes the price, nothing is bought and the new price
   * stays on screen for the next key.
   */
  async function buy(args: CommandArgs<'bench.buy'>): Promise<BenchState> {
    const shown = s();
    if (shown.purchase.status === 'buying' || shown.purchase.status === 'bought' || !shown.order) {
      return shown.order ? shown : set({ purchase: { ...shown.purchase, error: { code: 'invalid_input', message: 'Scan an order first.', field: 'order' } } });
    }
    const packageId = shown.packageId;
    await quoting.settled();
    await insuring.settled();
    if (!state.isCurrent(packageId)) return s();
    const now = s();
    const blocker = now.blockers[0];
    if (blocker) return set({ purchase: { ...now.purchase, status: 'none', error: { code: 'invalid_input', message: blocker.message, field: blocker.field } } });
    const stale = staleQuote(now, args.shown);
    if (stale) return set({ purchase: { ...now.purchase, status: 'none', error: { code: 'invalid_input', message: stale, field: 'rate' } } });
    const quote = now.rates.quote;
    const to = now.to;
    const picked = now.rates.picked;
    const key = state.packageKey();
    const quotedFor = quoting.quotedFor();
    if (!quote || !to || picked === null || !key || !quotedFor || !now.order) return now;
    const input = planPurchase({
      quote,
      quotedFor,
      picked,
      to,
      pkg: state.pkg(),
      options: now.options,
      orderNumber: now.order.orderNumber,
      box: now.box,
      packageKey: key,
      print: true,
      ...(now.customs?.declaration ? { customs: now.customs.declaration } : {}),
      ...(now.address.status === 'overridden' ? { addressOverride: overrideNote(now.address) } : {}),
    });
    state.buyingAs(purchaseKeyOf(input, () => now.options.returnLabel));
    set({ purchase: { status: 'buying', stages: [], result: null, error: null, limitSeconds: purchaseLimitSeconds } });
    const result = await attempt(() => labels.buy(checked(buyInputSchema, input)));
    // The packer may have scanned the next order meanwhile: this answer belongs to History now.
    if (!state.isCurrent(packageId)) return s();
    const after = s();
    if (!result.ok) return set({ purchase: { ...after.purchase, status: 'failed', error: result.error, limitSeconds: null } });
    return set({ purchase: { ...after.purchase, status: 'bought', result: result.value, error: null, limitSeconds: null }, alreadyShipped: false });
  }

  return { buy, progress };
}
