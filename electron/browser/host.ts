import { randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { BRIDGE_PATH, BRIDGE_SECRET_PARAM } from '../../shared/contract/bridge';
import type { Logger } from '../log/logger';
import type { Dispatch } from '../core/dispatch';
import type { EventHub } from '../core/events';
import { attachBridge } from '../core/bridge';
import { isPagePath, serveStatic } from '../station/staticFiles';

export interface BrowserHostOptions {
  readonly station: { readonly dispatch: Dispatch; readonly events: EventHub };
  /** The built renderer (dist/renderer). */
  readonly staticDir: string;
  readonly log: Logger;
  /** 0 picks any free port. */
  readonly port?: number;
  /** Tests pass a fixed secret; otherwise a fresh one per launch. */
  readonly secret?: string;
  /** A connection silent this long (no request, or idle between requests) is closed. Default 10 s. */
  readonly idleTimeoutMs?: number;
}

export interface BrowserHost {
  readonly url: string;
  readonly origin: string;
  readonly port: number;
  close(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;
/** Open TCP connections of every kind at once; beyond this Node drops new ones at accept. */
export const MAX_CONNECTIONS = 256;
/** Station pages connected at once (a tab or two and their reconnects); more are refused. */
export const MAX_BRIDGE_SOCKETS = 16;
/** A connection that sends nothing for this long is closed, so idle sockets cannot pile up to the cap. */
const IDLE_TIMEOUT_MS = 10_000;

function secretMatches(expected: Buffer, given: string | null | undefined): boolean {
  if (given === null || given === undefined) return false;
  const candidate = Buffer.from(given);
  return candidate.length === expected.length && timingSafeEqual(candidate, expected);
}

/** The request's target, or null when it is not a URL at all (an absolute-form target such as `http://[`). */
function requestUrl(request: http.IncomingMessage, origin: string): URL | null {
  try {
    return new URL(request.url ?? '/', origin);
  } catch {
    return null;
  }
}

/**
 * Serves the renderer and the contract to a browser on loopback only. Every
 * request must name this host exactly (no DNS-rebinding through another
 * name); the page (by whatever path it is asked for) and the socket demand
 * the per-launch secret in their own address, and the socket also demands
 * our own Origin, so another site open in the same browser cannot drive the
 * station. No cookie is set or read: every page on 127.0.0.1 shares cookies
 * whatever its port, so a cookie would let another page open the station
 * (and a tossed one could lock it out). The key stays in the page's address,
 * which is what a reload presents; another page cannot read that address.
 */
export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const secret = options.secret ?? randomBytes(24).toString('base64url');
  const expectedSecret = Buffer.from(secret);
  const log = options.log.child('browser');
  let allowedHosts: ReadonlySet<string> = new Set();
  let origin = '';
  const presentedKey = (url: URL): string | null => url.searchParams.get(BRIDGE_SECRET_PARAM);

  const server = http.createServer((request, response) => {
    const host = request.headers.host ?? '';
    if (!allowedHosts.has(host)) {
      response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end('This station only answers on its own loopback address.');
      return;
    }
    const url = requestUrl(request, origin);
    if (!url) {
      response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('That address is not understood.');
      return;
    }
    // Decided on the file the path resolves to, so no spelling of the page's path (/%69ndex.html, //index.html) skips the key.
    if (isPagePath(options.staticDir, url.pathname) && !secretMatches(expectedSecret, presentedKey(url))) {
      response
        .writeHead(403, { 'content-type': 'text/plain; charset=utf-8' })
        .end('Open the station with the full address it printed when it started; that address carries its key.');
      return;
    }
    serveStatic(options.staticDir, url.pathname, request, response);
  });
  const idleMs = options.idleTimeoutMs ?? IDLE_TIMEOUT_MS;
  server.maxConnections = MAX_CONNECTIONS;
  // An upgraded socket is the bridge's: ws clears this timeout when it takes the socket over.
  server.timeout = idleMs;
  server.headersTimeout = idleMs;
  server.requestTimeout = idleMs * 3;
  server.keepAliveTimeout = Math.min(idleMs, 5_000);

  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  server.on('upgrade', (request, socket, head) => {
    // Node hands an upgrade's socket over without an error listener: a client that resets it would end the host.
    socket.on('error', () => socket.destroy());
    const refuse = (status: number, reason: string): void => {
      log.warn('bridge connection refused', { reason });
      socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    const url = requestUrl(request, origin);
    if (!url) return refuse(400, 'malformed address');
    if (!allowedHosts.has(request.headers.host ?? '')) return refuse(403, 'foreign host');
    if (url.pathname !== BRIDGE_PATH) return refuse(404, 'unknown path');
    if (request.headers.origin !== origin) return refuse(403, 'foreign origin');
    if (!secretMatches(expectedSecret, presentedKey(url))) return refuse(401, 'missing or wrong key');
    if (sockets.clients.size >= MAX_BRIDGE_SOCKETS) return refuse(503, 'too many station pages');
    sockets.handleUpgrade(request, socket, head, (ws: WebSocket) => attachBridge(ws, options.station, log));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      // Node reports a failed accept (out of file descriptors, say) as a server 'error': with no listener it would end the station.
      server.on('error', (error) => log.warn('browser host error', { error }));
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  allowedHosts = new Set([`127.0.0.1:${port}`]);
  log.info('browser host listening', { port });

  return {
    url: `${origin}/?${BRIDGE_SECRET_PARAM}=${encodeURIComponent(secret)}`,
    origin,
    port,
    async close() {
      for (const client of sockets.clients) client.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
