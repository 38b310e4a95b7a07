import WebSocket from 'ws';
import type { BridgeMessage } from '../../shared/contract/bridge';
import type { Result, StationError } from '../../shared/contract/errors';
import { ENDPOINT_KEY_HEADER, type EndpointInfo } from './endpoint';

export interface RemoteStation {
  readonly endpoint: EndpointInfo;
  call(name: string, input: unknown): Promise<Result<unknown>>;
  /** Station events as they arrive; returns the unsubscribe. */
  onEvent(listener: (name: string, payload: unknown) => void): () => void;
  close(): Promise<void>;
}

const dropped: StationError = {
  code: 'service_unavailable',
  message: 'The running station stopped before it answered. Check History before trying again: the action may have gone through.',
  retryable: true,
};

/** Connects to the station that holds a data folder, through the endpoint it announced. */
export async function connectRemoteStation(endpoint: EndpointInfo): Promise<RemoteStation> {
  const ws = new WebSocket(endpoint.url, { headers: { [ENDPOINT_KEY_HEADER]: endpoint.key }, perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_request, response) => reject(new Error(`the station refused the connection (${response.statusCode ?? 'no status'})`)));
  });
  let nextId = 1;
  const pending = new Map<number, (result: Result<unknown>) => void>();
  const listeners = new Set<(name: string, payload: unknown) => void>();
  ws.on('message', (data) => {
    let message: BridgeMessage;
    try {
      message = JSON.parse(data.toString()) as BridgeMessage;
    } catch {
      return;
    }
    if (message.type === 'result') {
      const settle = pending.get(message.id);
      pending.delete(message.id);
      settle?.(message.result as Result<unknown>);
    } else if (message.type === 'event') {
      for (const listener of listeners) listener(message.name, message.payload);
    }
  });
  ws.on('error', () => undefined);
  ws.on('close', () => {
    for (const [id, settle] of pending) {
      pending.delete(id);
      settle({ ok: false, error: dropped });
    }
  });
  return {
    endpoint,
    call(name, input) {
      if (ws.readyState !== ws.OPEN) return Promise.resolve({ ok: false, error: dropped });
      const id = nextId++;
      return new Promise((resolve) => {
        pending.set(id, resolve);
        ws.send(JSON.stringify({ type: 'call', id, name, input }));
      });
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      if (ws.readyState === ws.CLOSED) return;
      await new Promise<void>((resolve) => {
        ws.once('close', () => resolve());
        ws.close();
      });
    },
  };
}
