import { useCallback, useEffect, useRef, useState } from 'react';
import type { CommandInput, CommandName, CommandOutput, EventName, EventPayload } from '../../../shared/contract';
import type { ChangeTopic } from '../../../shared/contract/station';
import type { StationError } from '../../../shared/contract/errors';
import { getStation } from './get-station';
import { run } from './run';

export interface Query<T> {
  readonly data: T | undefined;
  readonly error: StationError | undefined;
  readonly loading: boolean;
  readonly reload: () => void;
}

/**
 * Reads from the station and reads again whenever `station.changed` names one
 * of `topics`, or when the link comes back: the main process stays the source
 * of truth and nothing polls. `input` of null skips the call.
 */
export function useQuery<N extends CommandName>(
  name: N,
  input: CommandInput<N> | null,
  topics: readonly ChangeTopic[],
): Query<CommandOutput<N>> {
  const [data, setData] = useState<CommandOutput<N>>();
  const [error, setError] = useState<StationError>();
  // Stale data stays on screen while a refetch runs; `loading` marks only the first answer.
  const [loading, setLoading] = useState(input !== null);
  const key = JSON.stringify(input);
  const topicKey = topics.join(',');
  const generation = useRef(0);

  const load = useCallback(() => {
    if (key === 'null') return;
    const mine = ++generation.current;
    void run(name, JSON.parse(key) as CommandInput<N>).then((result) => {
      if (mine !== generation.current) return;
      setLoading(false);
      if (result.ok) {
        setData(result.value);
        setError(undefined);
      } else setError(result.error);
    });
  }, [name, key]);

  useEffect(() => {
    load();
    const station = getStation();
    const wanted = new Set(topicKey.split(','));
    const offChanged = station.api.on('station.changed', (payload) => {
      if (payload.topics.some((topic) => wanted.has(topic))) load();
    });
    const offLink = station.onLink((state) => {
      if (state === 'open') load();
    });
    return () => {
      offChanged();
      offLink();
    };
  }, [load, topicKey]);

  return { data, error, loading, reload: load };
}

/** Subscribes to one contract event for the life of the component. */
export function useEvent<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => getStation().api.on(name, (payload) => latest.current(payload)), [name]);
}
