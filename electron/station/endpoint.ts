import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { attachBridge } from '../core/bridge';
import type { Logger } from '../log/logger';
import type { Dispatch } from '../core/dispatch';
import type { EventHub } from '../core/events';

export const ENDPOINT_FILE = 'endpoint.json';
export const ENDPOINT_PATH = '/station';

/** Which front end started the station that holds the folder. */
export type HostKind = 'desktop' | 'browser' | 'cli';

/**
 * What a CLI command reads to reach the station that holds the folder. The
 * file is the user's alone (0600 in a 0700 folder; under %APPDATA% on
 * Windows, which only the user can read), and the key changes every launch.
 */
export interface EndpointInfo {
  readonly pid: number;
  readonly kind: HostKind;
  readonly url: string;
  readonly key: string;
  readonly startedAt: string;
  /** Browser mode only: where its page is served (a fresh one-time address comes from the host, asked with `key`). */
  readonly browserOrigin?: string;
}

export interface StationEndpoint {
  readonly info: EndpointInfo;
  /** Rewrites the endpoint file with more to tell (browser mode adds its page address once it listens). */
  announce(extra: { browserOrigin?: string }): void;
  /**
   * Withdraws the endpoint file (no new caller finds it), waits up to drainMs
   * for the callers already connected to hang up, then closes.
   */
  close(drainMs?: number): Promise<void>;
}

const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

function endpointFile(dataDir: string): string {
  return path.join(dataDir, ENDPOINT_FILE);
}

function writeEndpoint(dataDir: string, info: EndpointInfo): void {
  const file = endpointFile(dataDir);
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(info)}\n`, { mode: 0o600 });
  // Replaced in one step, so a reader never sees half a file.
  fs.renameSync(temp, file);
}

/** The endpoint of the station holding `dataDir`, or null when there is none (or the file is not ours). */
export function readEndpoint(dataDir: string): EndpointInfo | null {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(endpointFile(dataDir), 'utf8'));
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const kind = r.kind === 'desktop' || r.kind === 'browser' || r.kind === 'cli' ? r.kind : null;
  if (typeof r.pid !== 'number' || kind === null || typeof r.url !== 'string' || typeof r.key !== 'string') return null;
  return {
    pid: r.pid,
    kind,
    url: r.url,
    key: r.key,
    startedAt: typeof r.startedAt === 'string' ? r.startedAt : '',
    ...(typeof r.browserOrigin === 'string' ? { browserOrigin: r.browserOrigin } : {}),
  };
}

export const ENDPOINT_KEY_HEADER = 'x-parcel-station-key';

/**
 * The station's door for other processes on this machine (CLI commands):
 * the same contract frames as the browser bridge, on 127.0.0.1, for callers
 * that present this launch's key in a header. A browser cannot set that
 * header on a WebSocket and always sends an Origin, so any request with an
 * Origin is refused: no web page can drive the station through this door.
 */
export async function startStationEndpoint(options: {
  readonly dataDir: string;
  readonly kind: HostKind;
  readonly station: { readonly dispatch: Dispatch; readonly events: EventHub };
  readonly log: Logger;
}): Promise<StationEndpoint> {
  const log = options.log.child('endpoint');
  const key = randomBytes(24).toString('base64url');
  const expected = Buffer.from(key);
  const server = http.createServer((_request, response) => {
    response.writeHead(426, { 'content-type': 'text/plain; charset=utf-8' }).end('This is the station\'s endpoint for its own command line.');
  });
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  server.on('upgrade', (request, socket, head) => {
    socket.on('error', () => socket.destroy());
    const refuse = (status: number, reason: string): void => {
      log.warn('endpoint connection refused', { reason });
      socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    if (request.headers.origin !== undefined) return refuse(403, 'a browser origin');
    if (request.url !== ENDPOINT_PATH) return refuse(404, 'unknown path');
    const given = Buffer.from(String(request.headers[ENDPOINT_KEY_HEADER] ?? ''));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return refuse(401, 'missing or wrong key');
    sockets.handleUpgrade(request, socket, head, (ws: WebSocket) => attachBridge(ws, options.station, log));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      server.on('error', (error) => log.warn('endpoint error', { error }));
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  let info: EndpointInfo = { pid: process.pid, kind: options.kind, url: `ws://127.0.0.1:${port}${ENDPOINT_PATH}`, key, startedAt: new Date().toISOString() };
  writeEndpoint(options.dataDir, info);

  return {
    get info() {
      return info;
    },
    announce(extra) {
      info = { ...info, ...extra };
      writeEndpoint(options.dataDir, info);
    },
    async close(drainMs = 0) {
      // Only our own file: after a crash another station may already have written its own.
      if (readEndpoint(options.dataDir)?.key === key) fs.rmSync(endpointFile(options.dataDir), { force: true });
      if (drainMs > 0 && sockets.clients.size > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, drainMs);
          const check = (): void => {
            if (sockets.clients.size > 0) return;
            clearTimeout(timer);
            resolve();
          };
          for (const client of sockets.clients) client.once('close', () => setImmediate(check));
        });
      }
      for (const client of sockets.clients) client.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
