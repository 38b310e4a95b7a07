import type { StationApi } from '../../../shared/contract';
import { BRIDGE_PATH, BRIDGE_SECRET_PARAM } from '../../../shared/contract/bridge';
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
 * WebSocket bridge, keyed by the secret the host put on the page address.
 * The key is taken off the address bar at once so it is not bookmarked or
 * shown over a shoulder; the host also set it as an HttpOnly cookie for this
 * port, which is what a reload (or a socket opened without the key) presents.
 */
export function getStation(): StationLink {
  if (current) return current;
  if (window.station) {
    current = { api: window.station, link: () => 'open', onLink: () => () => undefined };
    return current;
  }
  const params = new URLSearchParams(window.location.search);
  const key = params.get(BRIDGE_SECRET_PARAM);
  if (key !== null) {
    params.delete(BRIDGE_SECRET_PARAM);
    const rest = params.toString();
    window.history.replaceState(null, '', `${window.location.pathname}${rest ? `?${rest}` : ''}${window.location.hash}`);
  }
  const url = `ws://${window.location.host}${BRIDGE_PATH}${key ? `?${BRIDGE_SECRET_PARAM}=${encodeURIComponent(key)}` : ''}`;
  const socket = createSocketStation(url);
  current = { api: socket, link: socket.link, onLink: socket.onLink };
  return current;
}
