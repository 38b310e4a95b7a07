import type { WebSocket } from 'ws';
import type { BridgeMessage } from '../../shared/contract/bridge';
import { bridgeRequest } from '../../shared/contract/bridgeSchema';
import type { Logger } from '../log/logger';
import type { Dispatch } from './dispatch';
import type { EventHub } from './events';

/** Calls one page may have running at once; a page that sends more is told to slow down, the station is not. */
export const MAX_CALLS_IN_FLIGHT = 64;

/**
 * One renderer connection: frames in, contract calls through the shared
 * dispatcher, results and events out. A malformed frame gets an error frame
 * and the connection stays up; nothing a client sends can crash the host.
 */
export function attachBridge(ws: WebSocket, station: { dispatch: Dispatch; events: EventHub }, log: Logger): void {
  const send = (message: BridgeMessage): void => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  };
  const unsubscribe = station.events.subscribe((name, payload) => send({ type: 'event', name, payload }));
  let inFlight = 0;

  ws.on('message', (data, isBinary) => {
    if (isBinary) {
      send({ type: 'error', message: 'The station only understands text messages.' });
      return;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(data.toString());
    } catch {
      send({ type: 'error', message: 'The station received a message that is not valid JSON.' });
      return;
    }
    const request = bridgeRequest.safeParse(raw);
    if (!request.success) {
      send({ type: 'error', message: 'The station received a message it does not understand.' });
      return;
    }
    const { id, name, input } = request.data;
    if (inFlight >= MAX_CALLS_IN_FLIGHT) {
      const message = 'This page asked the station for too much at once; wait a moment and try again.';
      send({ type: 'result', id, result: { ok: false, error: { code: 'rate_limited', message, retryable: true } } });
      return;
    }
    inFlight += 1;
    station
      .dispatch(name, input)
      .then(
        (result) => send({ type: 'result', id, result }),
        (error: unknown) => log.error('dispatch rejected', { error }),
      )
      .finally(() => {
        inFlight -= 1;
      });
  });
  ws.on('close', unsubscribe);
  ws.on('error', (error) => log.warn('bridge socket error', { error }));
}
