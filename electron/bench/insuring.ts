import type { Attempt, BenchPorts } from './ports';
import type { ShipState } from './shipState';

/**
 * What insuring the package costs with the picked service, asked of the
 * service whenever the amount or the pick changes, so the Buy panel draws the
 * whole price before the key that pays it. An answer for an older question
 * is dropped.
 */
export function createInsuring(state: ShipState, ports: Pick<BenchPorts, 'insurance'>, attempt: Attempt) {
  let asked: string | null = null;
  let running: Promise<void> | null = null;

  function follow(): void {
    const now = state.get();
    const amount = now.options.insuranceAmount;
    const { quote, picked, status } = now.rates;
    const rate = quote && picked !== null && status === 'ready' ? quote.rates[picked] : undefined;
    if (!amount || !rate) {
      asked = null;
      if (now.insurance.status !== 'none') state.set({ insurance: { status: 'none', premium: null, error: null } });
      return;
    }
    const key = JSON.stringify([now.packageId, amount, rate.carrierCode, rate.serviceLevel]);
    if (key === asked) return;
    asked = key;
    state.set({ insurance: { status: 'quoting', premium: null, error: null } });
    const answer = attempt(() => ports.insurance.insurance({ amount, carrierCode: rate.carrierCode, serviceLevel: rate.serviceLevel })).then((result) => {
      if (asked !== key) return;
      state.set({ insurance: result.ok ? { status: 'ready', premium: result.value.premium, error: null } : { status: 'failed', premium: null, error: result.error } });
    });
    const tracked: Promise<void> = answer.finally(() => {
      if (running === tracked) running = null;
    });
    running = tracked;
  }

  return {
    follow,
    /** The premium still on its way is waited for, as a quote is. */
    async settled(): Promise<void> {
      while (running) await running;
    },
  };
}

export type Insuring = ReturnType<typeof createInsuring>;
