import type { CommandArgs } from '../../shared/contract';
import type { BenchState } from '../../shared/contract/bench';
import { buyInputSchema } from '../../shared/contract/shipping';
import type { PurchaseStage } from '../../shared/contract/shippingTypes';
import { purchaseKeyOf } from '../purchases/packageKey';
import { overrideNote } from './addressRule';
import { checked, type Attempt, type BenchPorts } from './ports';
import { planPurchase } from './purchasePlan';
import type { Quoting } from './quoting';
import type { ShipState } from './shipState';

export interface BuyingDeps {
  readonly state: ShipState;
  readonly quoting: Quoting;
  readonly labels: BenchPorts['labels'];
  readonly attempt: Attempt;
  /** How long the purchase journal keeps asking the service before it gives up, in seconds. */
  readonly purchaseLimitSeconds: number;
  /** The Weight and Insurance fields as the operator left them (Enter in either buys), applied before buying. */
  readonly typeWeight: (text: string) => void;
  readonly typeInsurance: (text: string) => void;
}

/** The buy step of the Ship screen: exactly what is shown, through the one purchase plan, and the purchase's stages as they come. */
export function createBuying({ state, quoting, labels, attempt, purchaseLimitSeconds, typeWeight, typeInsurance }: BuyingDeps) {
  const s = state.get;
  const set = state.set;

  /** A stage after the label is bought (printing, printed) still belongs to the package shown as bought. */
  function progress(key: string, stage: PurchaseStage): void {
    const { purchase } = s();
    if (key !== state.packageKey() || (purchase.status !== 'buying' && purchase.status !== 'bought') || purchase.stages.includes(stage)) return;
    set({ purchase: { ...purchase, stages: [...purchase.stages, stage] } });
  }

  /**
   * Buys exactly what is shown. The texts are the fields as the operator left
   * them, applied first; a check or a quote still on its way is waited for
   * rather than asked again.
   */
  async function buy(args: CommandArgs<'bench.buy'>): Promise<BenchState> {
    const shown = s();
    if (shown.purchase.status === 'buying' || shown.purchase.status === 'bought' || !shown.order) {
      return shown.order ? shown : set({ purchase: { ...shown.purchase, error: { code: 'invalid_input', message: 'Scan an order first.', field: 'order' } } });
    }
    if (args.weightText !== undefined) typeWeight(args.weightText);
    if (args.insuranceText !== undefined) typeInsurance(args.insuranceText);
    const packageId = shown.packageId;
    await quoting.settled();
    if (!state.isCurrent(packageId)) return s();
    const now = s();
    const blocker = now.blockers[0];
    if (blocker) return set({ purchase: { ...now.purchase, status: 'none', error: { code: 'invalid_input', message: blocker.message, field: blocker.field } } });
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
