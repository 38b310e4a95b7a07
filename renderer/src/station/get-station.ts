import type { StationApi } from '../../../shared/contract';
import type { BRIDGE_PATH as ContractPath, BRIDGE_SECRET_PARAM as ContractParam } from '../../../shared/contract/bridge';
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

// Typed as the contract's literals, so a change there fails the type check; imported as types only
// because bridge.ts also holds its zod schema, which would put zod into the first screen's bundle.
const BRIDGE_PATH: typeof ContractPath = '/bridge';
const BRIDGE_SECRET_PARAM: typeof ContractParam = 'key';

let current: StationLink | undefined;

/**
 * Electron's preload provides window.station; a plain browser gets the
 * WebSocket bridge, keyed by the secret the host put on the page address.
 * The key is taken off the address bar at once so it is not bookmarked or
 * shown over a shoulder.
 */
export function getStation(): StationLink {
  if (current) return current;
  if (window.station) {
    current = { api: window.station, link: () => 'open', onLink: () => () => undefined };
    return current;
  }
  const params = new URLSearchParams(window.location.search);
  const key = params.get(BRIDGE_SECRET_PARAM) ?? sessionStorage.getItem('station-key') ?? '';
  if (params.has(BRIDGE_SECRET_PARAM)) {
    // Survives a reload of this tab only, never shared with another tab or written to disk.
    sessionStorage.setItem('station-key', key);
    params.delete(BRIDGE_SECRET_PARAM);
    const rest = params.toString();
    window.history.replaceState(null, '', `${window.location.pathname}${rest ? `?${rest}` : ''}${window.location.hash}`);
  }
  const url = `ws://${window.location.host}${BRIDGE_PATH}?${BRIDGE_SECRET_PARAM}=${encodeURIComponent(key)}`;
  const socket = createSocketStation(url);
  current = { api: socket, link: socket.link, onLink: socket.onLink };
  return current;
}
