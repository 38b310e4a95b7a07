import type { StationApi } from '../../../shared/contract';
import { BRIDGE_PATH } from '../../../shared/contract/bridge';
import { createSocketStation, type LinkState } from './socket-client';

declare global {
  interface Window {
    readonly station?: StationApi;
  }
}

export interface StationLink {
  readonly api: StationApi;
  readonly link: () => LinkState;
  readonly onLink: (listener: (state: LinkState) => void) => () => void;
}

let current: StationLink | undefined;

/**
 * Electron's preload provides window.station; a plain browser gets the
 * WebSocket bridge on its own origin. The host admitted this page by an
 * HttpOnly cookie (traded for the one-time code it was opened with), which
 * the browser presents on the socket too; the page never sees a key.
 */
export function getStation(): StationLink {
  if (current) return current;
  if (window.station) {
    current = { api: window.station, link: () => 'open', onLink: () => () => undefined };
    return current;
  }
  const socket = createSocketStation(`ws://${window.location.host}${BRIDGE_PATH}`);
  current = { api: socket, link: socket.link, onLink: socket.onLink };
  return current;
}
