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
 * The key stays in the address: it is what a reload presents, it changes
 * with every launch, and no other page can read it (a cookie could be read
 * by the host for any page on 127.0.0.1, whatever its port, so none is used).
 */
export function getStation(): StationLink {
  if (current) return current;
  if (window.station) {
    current = { api: window.station, link: () => 'open', onLink: () => () => undefined };
    return current;
  }
  const key = new URLSearchParams(window.location.search).get(BRIDGE_SECRET_PARAM);
  const url = `ws://${window.location.host}${BRIDGE_PATH}${key ? `?${BRIDGE_SECRET_PARAM}=${encodeURIComponent(key)}` : ''}`;
  const socket = createSocketStation(url);
  current = { api: socket, link: socket.link, onLink: socket.onLink };
  return current;
}
