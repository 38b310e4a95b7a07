import { useEffect } from 'react';
import { create } from 'zustand';
import type { CommandInput } from '../../../../shared/contract';
import { returnsShown, type ReturnsView } from '../../../../shared/contract/desks';
import type { StationError } from '../../../../shared/contract/errors';
import { getStation } from '../../station/get-station';
import { run } from '../../station/run';
import { sounds } from '../../ui/sounds';

type ReturnsIntent = 'returnsDesk.order' | 'returnsDesk.customer' | 'returnsDesk.weight' | 'returnsDesk.pick' | 'returnsDesk.buy' | 'returnsDesk.another' | 'returnsDesk.clear';

/** The return as the station last pushed it; the screen draws this and nothing else. */
export const useReturnsDesk = create<{ readonly view: ReturnsView | null; readonly failed: StationError | null }>(() => ({ view: null, failed: null }));

function take(next: ReturnsView): void {
  const current = useReturnsDesk.getState().view;
  if (current && current.seq >= next.seq) return;
  useReturnsDesk.setState({ view: next });
}

/** Sends an intent; the station answers with the view it leads to (also pushed to every window). */
export async function returnsIntent<N extends ReturnsIntent>(name: N, input: CommandInput<N>): Promise<ReturnsView | null> {
  const result = await run(name, input);
  useReturnsDesk.setState({ failed: result.ok ? null : result.error });
  if (!result.ok) {
    sounds.scanError();
    return null;
  }
  const view = result.value as ReturnsView;
  take(view);
  if (name === 'returnsDesk.order') {
    if (view.lookupError) sounds.scanError();
    else sounds.scanOk();
  } else if (name === 'returnsDesk.buy' && view.purchase.error) sounds.scanError();
  return view;
}

/** The buying key: it carries the price drawn on screen right now, and the station buys only while it is current. */
export async function buyShownReturn(): Promise<ReturnsView | null> {
  const view = useReturnsDesk.getState().view;
  return returnsIntent('returnsDesk.buy', { shown: view ? returnsShown(view) : null });
}

/** Follows the station's return while the screen is open. */
export function useFollowReturns(): void {
  useEffect(() => {
    const station = getStation();
    const load = (): void => {
      void run('returnsDesk.state', {}).then((result) => {
        if (result.ok) take(result.value);
      });
    };
    load();
    const offChanged = station.api.on('returns.changed', take);
    const offLink = station.onLink((state) => {
      if (state === 'open') {
        useReturnsDesk.setState({ view: null });
        load();
      }
    });
    return () => {
      offChanged();
      offLink();
    };
  }, []);
}
