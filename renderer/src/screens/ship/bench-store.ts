import { create } from 'zustand';
import type { CommandInput } from '../../../../shared/contract';
import { shownQuote, type BenchState } from '../../../../shared/contract/bench';
import { getStation } from '../../station/get-station';
import { run } from '../../station/run';
import { sounds } from '../../ui/sounds';

type BenchIntent = 'bench.scan' | 'bench.weight' | 'bench.box' | 'bench.option' | 'bench.pick' | 'bench.address' | 'bench.customs' | 'bench.buy' | 'bench.confirmService' | 'bench.anotherBox' | 'bench.clear' | 'bench.verify' | 'bench.release' | 'bench.stopAutoBuy';

/** The bench as the station last pushed it; the screen draws this and nothing else. */
export const useBench = create<{ readonly bench: BenchState | null }>(() => ({ bench: null }));

/** Keeps the newest state: pushes and answers may cross on the way. */
function take(next: BenchState): void {
  const current = useBench.getState().bench;
  if (current && current.seq >= next.seq) return;
  useBench.setState({ bench: next });
  // Auto-buy has a sound of its own: the packer hears that a label was bought without their key.
  if (next.autoBuy.status === 'fired' && !(current?.autoBuy.status === 'fired' && current.packageId === next.packageId)) sounds.autoBuy();
}

/** What the packer hears after their own scan or Buy: the package started, or it was refused. */
function sound(name: BenchIntent, state: BenchState): void {
  if ((name === 'bench.scan' || name === 'bench.verify') && !state.scanError && state.verify.problem) sounds.itemRefused();
  else if (name === 'bench.scan' || name === 'bench.anotherBox') {
    if (state.scanError) sounds.scanError();
    else if (state.order) sounds.scanOk();
  } else if (name === 'bench.buy' && (state.purchase.error || state.purchase.status === 'failed')) sounds.scanError();
}

/** Sends an intent; the station answers with the state it leads to (also pushed to every window). */
export async function intent<N extends BenchIntent>(name: N, input: CommandInput<N>): Promise<BenchState | null> {
  const result = await run(name, input, { action: 'Working on the package' });
  if (!result.ok) return null;
  const state = result.value as BenchState;
  take(state);
  sound(name, state);
  return state;
}

/** Every buying key: Buy carries the price drawn on screen right now, and the station buys only while it is current. */
export async function buyShown(): Promise<void> {
  const bench = useBench.getState().bench;
  await intent('bench.buy', { shown: bench ? shownQuote(bench) : null });
}

/** Follows the station's bench from now on; a window that opens (or reloads) mid-purchase sees where it is. */
export function followBench(): () => void {
  const station = getStation();
  const load = (): void => {
    void run('bench.state', {}).then((result) => {
      if (result.ok) take(result.value);
    });
  };
  load();
  const offChanged = station.api.on('bench.changed', take);
  const offLink = station.onLink((state) => {
    if (state === 'open') {
      // A reconnected station may have restarted: its numbering starts again.
      useBench.setState({ bench: null });
      load();
    }
  });
  return () => {
    offChanged();
    offLink();
  };
}
