import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SandboxError, sandboxErrors } from '../errorCodes';
import type { Router } from './router';
import type { FailureStyle, Reply, SandboxRequest } from './types';

const MAX_BODY_BYTES = 5 * 1024 * 1024;

export interface ServerOptions {
  readonly router: Router;
  /** Read per failure, so a fault mode can change it while serving. */
  readonly style: FailureStyle | (() => FailureStyle);
  /** Runs before routing (faults, authentication, rate limits); throws a SandboxError or returns a reply to answer early. */
  readonly before?: (req: SandboxRequest) => Reply | undefined | Promise<Reply | undefined>;
  /** Called with unexpected errors (sandbox bugs), which are answered as 500 internal_error. */
  readonly onError?: (error: unknown) => void;
}

export interface ListeningServer {
  readonly url: string;
  close(): Promise<void>;
}

/** The failure body in the server's style. */
export function failureReply(style: FailureStyle, error: SandboxError): Reply {
  const json =
    style === 'v2' ? { code: error.code, msg: error.message, data: null } : style === 'v1' ? { message: error.message, code: error.code } : { message: error.message };
  return { status: error.status, json, headers: error.headers };
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    // An oversized body is read to its end but not kept, so the client gets a 413 answer instead of a reset connection.
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      else chunks.length = 0;
    });
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) reject(new SandboxError('request_too_large'));
      else resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
    });
    req.on('error', reject);
  });
}

function send(res: http.ServerResponse, reply: Reply): void {
  if (reply.drop) {
    res.socket?.destroy();
    return;
  }
  const body = reply.body ?? JSON.stringify(reply.json ?? null);
  const headers: Record<string, string | number> = {
    'content-type': reply.contentType ?? 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    ...reply.headers,
  };
  res.writeHead(reply.status ?? 200, headers);
  res.end(body);
}

async function handle(options: ServerOptions, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  let reply: Reply;
  try {
    const url = URL.parse(req.url ?? '/', 'http://127.0.0.1') ?? new SandboxError('invalid_request', 'The request target is not a valid URL.');
    if (url instanceof SandboxError) throw url;
    const request: SandboxRequest = {
      method: req.method ?? 'GET',
      path: url.pathname.length > 1 && url.pathname.endsWith('/') ? url.pathname.slice(0, -1) : url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: await readBody(req),
      params: {},
    };
    const early = await options.before?.(request);
    if (early) {
      reply = early;
    } else {
      const { handler, params } = options.router.resolve(request.method, request.path);
      reply = await handler({ ...request, params });
    }
  } catch (error) {
    const style = typeof options.style === 'function' ? options.style() : options.style;
    if (error instanceof SandboxError) {
      reply = failureReply(style, error);
    } else {
      options.onError?.(error);
      reply = failureReply(style, new SandboxError('internal_error', sandboxErrors.internal_error[1]));
    }
  }
  if (!res.destroyed) send(res, reply);
}

/** Listens on 127.0.0.1 (port 0 picks a free port). */
export function listen(options: ServerOptions, port: number): Promise<ListeningServer> {
  const server = http.createServer({ keepAliveTimeout: 5_000 }, (req, res) => {
    void handle(options, req, res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      const address = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${address.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
