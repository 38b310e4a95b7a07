import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

export type Reply =
  | { readonly status: number; readonly json?: unknown; readonly text?: string; readonly headers?: Record<string, string> }
  /** Never answer (the client's timeout fires). */
  | 'hang'
  /** Drop the connection without an answer. */
  | 'reset';

export type Handler = (request: SeenRequest) => Reply | Promise<Reply>;

/**
 * A loopback HTTP server for the behaviours the sandbox cannot produce on
 * demand (a 5xx then a success, a hang, a reset at a chosen moment).
 */
export async function startFakeServer(handler: Handler): Promise<{ url: string; seen: SeenRequest[]; close(): Promise<void> }> {
  const seen: SeenRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: SeenRequest = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      seen.push(request);
      void Promise.resolve(handler(request)).then((reply) => {
        if (reply === 'hang') return;
        if (reply === 'reset') {
          req.socket.destroy();
          return;
        }
        const body = reply.text ?? (reply.json === undefined ? '' : JSON.stringify(reply.json));
        res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
        res.end(body);
      });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A closed port on loopback: connecting to it is refused. */
export async function refusedUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
