import type { CommandInput, CommandName, CommandOutput, EventName, EventPayload, StationApi } from '../../../shared/contract';
import type { Result, StationError } from '../../../shared/contract/errors';
import type { BridgeMessage } from '../../../shared/contract/bridge';

export type LinkState = 'connecting' | 'open' | 'closed';

export interface SocketStation extends StationApi {
  readonly link: () => LinkState;
  readonly onLink: (listener: (state: LinkState) => void) => () => void;
  readonly close: () => void;
}

interface Pending {
  readonly resolve: (result: Result<unknown>) => void;
}

/** How long a call made while the link is down waits for it before failing. */
const WAIT_FOR_LINK_MS = 5_000;
const MAX_BACKOFF_MS = 5_000;

const linkDown = (message: string): StationError => ({ code: 'service_unavailable', message, retryable: true });

/**
 * StationApi over the browser-mode bridge. The socket reconnects by itself;
 * a call in flight when the link drops fails with a typed error instead of
 * hanging, because the station may or may not have run it.
 */
export function createSocketStation(url: string): SocketStation {
  let socket: WebSocket | undefined;
  let state: LinkState = 'connecting';
  let nextId = 1;
  let backoff = 250;
  let closedByUs = false;
  const pending = new Map<number, Pending>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const linkListeners = new Set<(state: LinkState) => void>();
  const waiters = new Set<() => void>();

  const setState = (next: LinkState): void => {
    if (next === state) return;
    state = next;
    for (const listener of linkListeners) listener(state);
    if (state === 'open') for (const wake of [...waiters]) wake();
  };

  const failPending = (): void => {
    for (const [id, call] of pending) {
      pending.delete(id);
      call.resolve({
        ok: false,
        error: linkDown(
          'The connection to the station dropped before it answered. Check History before trying again: the action may have gone through.',
        ),
      });
    }
  };

  const onMessage = (raw: unknown): void => {
    if (typeof raw !== 'string') return;
    let message: BridgeMessage;
    try {
      message = JSON.parse(raw) as BridgeMessage;
    } catch {
      return;
    }
    if (message.type === 'result') {
      const call = pending.get(message.id);
      if (!call) return;
      pending.delete(message.id);
      call.resolve(message.result as Result<unknown>);
    } else if (message.type === 'event') {
      for (const listener of listeners.get(message.name) ?? []) listener(message.payload);
    } else if (message.type === 'error') {
      for (const listener of listeners.get('station.notice') ?? []) listener({ level: 'error', message: message.message });
    }
  };

  const connect = (): void => {
    setState('connecting');
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      backoff = 250;
      setState('open');
    };
    ws.onmessage = (ev: MessageEvent) => onMessage(ev.data);
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = undefined;
      failPending();
      setState('closed');
      if (closedByUs) return;
      setTimeout(connect, backoff);
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
    };
  };

  const waitForLink = (): Promise<boolean> =>
    new Promise((resolve) => {
      if (state === 'open') return resolve(true);
      const wake = (): void => {
        clearTimeout(timer);
        waiters.delete(wake);
        resolve(true);
      };
      const timer = setTimeout(() => {
        waiters.delete(wake);
        resolve(false);
      }, WAIT_FOR_LINK_MS);
      waiters.add(wake);
    });

  async function call<N extends CommandName>(name: N, input: CommandInput<N>): Promise<Result<CommandOutput<N>>> {
    if (!(await waitForLink()) || !socket) {
      return { ok: false, error: linkDown('The station is not reachable. Check that it is still running; this screen reconnects by itself.') };
    }
    const id = nextId++;
    const ws = socket;
    return new Promise((resolve) => {
      pending.set(id, { resolve: resolve as (result: Result<unknown>) => void });
      ws.send(JSON.stringify({ type: 'call', id, name, input: input ?? {} }));
    });
  }

  function on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void {
    const set = listeners.get(name) ?? new Set();
    listeners.set(name, set);
    const wrapped = listener as (payload: unknown) => void;
    set.add(wrapped);
    return () => set.delete(wrapped);
  }

  connect();
  return {
    call,
    on,
    link: () => state,
    onLink: (listener) => {
      linkListeners.add(listener);
      return () => linkListeners.delete(listener);
    },
    close: () => {
      closedByUs = true;
      socket?.close();
    },
  };
}
