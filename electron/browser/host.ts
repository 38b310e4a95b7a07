import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { BRIDGE_PATH, PAGE_CODE_PARAM } from '../../shared/contract/bridge';
import type { Logger } from '../log/logger';
import type { Dispatch } from '../core/dispatch';
import type { EventHub } from '../core/events';
import { attachBridge } from '../core/bridge';
import { isPagePath, serveStatic } from '../station/staticFiles';
import { ENDPOINT_KEY_HEADER } from '../station/endpoint';
import { createPageSessions } from './pageSessions';

export interface BrowserHostOptions {
  readonly station: { readonly dispatch: Dispatch; readonly events: EventHub };
  /** The built renderer (dist/renderer). */
  readonly staticDir: string;
  readonly log: Logger;
  /** 0 picks any free port. */
  readonly port?: number;
  /**
   * The key a process of this user presents (in the endpoint key header) to
   * ask for a fresh page address: a second `browser` on the folder reads it
   * from the endpoint file. Without it no process can ask.
   */
  readonly codeKey?: string;
  /** The clock one-time codes expire by (tests move it); default Date.now. */
  readonly now?: () => number;
  /** A connection silent this long (no request, or idle between requests) is closed. Default 10 s. */
  readonly idleTimeoutMs?: number;
}

export interface BrowserHost {
  /** A fresh address for the operator's browser: it opens the page once, within a minute. */
  pageUrl(): string;
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

/** Where a process of this user asks the host for a fresh page address. */
export const PAGE_CODE_PATH = '/page-code';

const REFUSED_PAGE = 'Open the station with the address `parcel-station browser` opens or prints; run it again for a fresh one.';
const USED_CODE = 'This address opened the station once already, or is more than a minute old. Run `parcel-station browser` again for a fresh one.';

function keyMatches(expected: Buffer | null, given: string | string[] | undefined): boolean {
  if (!expected || typeof given !== 'string') return false;
  const candidate = Buffer.from(given);
  return candidate.length === expected.length && timingSafeEqual(candidate, expected);
}

/**
 * A navigation the operator made (typed, opened from the desktop, reloaded)
 * or one from the station's own page. A page on another port of 127.0.0.1
 * is the same site, so its navigation carries the station's cookie: it is
 * refused here by the browser's own account of where it came from.
 */
function fromOperator(request: http.IncomingMessage): boolean {
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'none' || site === 'same-origin';
}

function plain(response: http.ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end(text);
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
 * name). The address handed to the browser carries a one-time code, good
 * once within a minute, which the page trades for an HttpOnly,
 * SameSite=Strict cookie (see pageSessions.ts): nothing that opens the
 * station lasts on a command line another user can read. The page (by
 * whatever path it is asked for) and the socket demand that cookie, and the
 * socket also our own Origin, so another site open in the same browser
 * cannot drive the station.
 */
export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const log = options.log.child('browser');
  const codeKey = options.codeKey ? Buffer.from(options.codeKey) : null;
  let allowedHosts: ReadonlySet<string> = new Set();
  let origin = '';
  let sessions = createPageSessions(0, options.now);
  const pageUrl = (): string => `${origin}/?${PAGE_CODE_PARAM}=${sessions.mintCode()}`;

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
    if (url.pathname === PAGE_CODE_PATH) {
      // A browser always sends an Origin with a POST: only a process holding the endpoint key gets here.
      if (request.method !== 'POST' || request.headers.origin !== undefined || !keyMatches(codeKey, request.headers[ENDPOINT_KEY_HEADER])) {
        return plain(response, 403, 'Only the station\'s own command line asks for a page address.');
      }
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify({ url: pageUrl() }));
      return;
    }
    // Decided on the file the path resolves to, so no spelling of the page's path (/%69ndex.html, //index.html) skips the cookie.
    if (isPagePath(options.staticDir, url.pathname)) {
      const admitted = sessions.admits(request.headers.cookie);
      if (!fromOperator(request)) return plain(response, 403, REFUSED_PAGE);
      const code = url.searchParams.get(PAGE_CODE_PARAM);
      if (code !== null) {
        // The code leaves the address at once: a used one kept in history or on screen opens nothing.
        if (sessions.redeem(code)) return void response.writeHead(303, { location: '/', 'set-cookie': sessions.setCookie, 'cache-control': 'no-store' }).end();
        if (admitted) return void response.writeHead(303, { location: '/', 'cache-control': 'no-store' }).end();
        log.warn('page code refused');
        return plain(response, 403, USED_CODE);
      }
      if (!admitted) return plain(response, 403, REFUSED_PAGE);
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
    if (!sessions.admits(request.headers.cookie)) return refuse(401, 'no session cookie');
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
  sessions = createPageSessions(port, options.now);
  log.info('browser host listening', { port });

  return {
    pageUrl,
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
