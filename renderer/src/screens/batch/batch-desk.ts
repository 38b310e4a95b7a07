import { useEffect } from 'react';
import { create } from 'zustand';
import type { CommandInput } from '../../../../shared/contract';
import { batchShown, type BatchView } from '../../../../shared/contract/desks';
import type { StationError } from '../../../../shared/contract/errors';
import { getStation } from '../../station/get-station';
import { run } from '../../station/run';
import { sounds } from '../../ui/sounds';

type BatchIntent = 'batchDesk.scan' | 'batchDesk.weight' | 'batchDesk.pick' | 'batchDesk.override' | 'batchDesk.remove' | 'batchDesk.rateAgain' | 'batchDesk.clear' | 'batchDesk.buy';

/** The batch as the station last pushed it; the screen draws this and nothing else. */
export const useBatchDesk = create<{ readonly view: BatchView | null; readonly failed: StationError | null }>(() => ({ view: null, failed: null }));

/** Keeps the newest view: pushes and answers may cross on the way. */
function take(next: BatchView): void {
  const current = useBatchDesk.getState().view;
  if (current && current.seq >= next.seq) return;
  useBatchDesk.setState({ view: next });
}

/** Sends an intent; the station answers with the view it leads to (also pushed to every window). */
export async function batchIntent<N extends BatchIntent>(name: N, input: CommandInput<N>): Promise<BatchView | null> {
  const result = await run(name, input);
  useBatchDesk.setState({ failed: result.ok ? null : result.error });
  if (!result.ok) return null;
  const view = result.value as BatchView;
  take(view);
  if (name === 'batchDesk.scan') {
    if (view.scanError) sounds.scanError();
    else sounds.scanOk();
  }
  return view;
}

/** Alt+P: every line carries the price drawn for it right now, and the station buys only the ones still current. */
export async function buyShownLines(): Promise<void> {
  const view = useBatchDesk.getState().view;
  if (view) await batchIntent('batchDesk.buy', { shown: batchShown(view) });
}

/** Follows the station's batch while the screen is open; a window that opens (or reloads) sees the lines where they are. */
export function useFollowBatch(): void {
  useEffect(() => {
    const station = getStation();
    const load = (): void => {
      void run('batchDesk.state', {}).then((result) => {
        if (result.ok) take(result.value);
      });
    };
    load();
    const offChanged = station.api.on('batch.changed', take);
    const offLink = station.onLink((state) => {
      if (state === 'open') {
        // A reconnected station may have restarted: its numbering starts again.
        useBatchDesk.setState({ view: null });
        load();
      }
    });
    return () => {
      offChanged();
      offLink();
    };
  }, []);
}
