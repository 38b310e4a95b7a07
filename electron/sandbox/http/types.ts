import type { IncomingHttpHeaders } from 'node:http';

/** A fully read request, handed to route handlers. */
export interface SandboxRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  /** Path parameters captured by `:name` segments. */
  readonly params: Readonly<Record<string, string>>;
}

export interface Reply {
  readonly status?: number;
  /** Serialised as JSON unless `body` is given. */
  readonly json?: unknown;
  readonly body?: Buffer | string;
  readonly contentType?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Destroy the socket instead of answering (fault injection: the work is done, the answer is lost). */
  readonly drop?: boolean;
}

export type Handler = (req: SandboxRequest) => Reply | Promise<Reply>;

/** How a server renders a failure: v2 envelope, v1 `{message, code}`, or v1 as the OpenAPI documents it (`{message}` only). */
export type FailureStyle = 'v2' | 'v1' | 'v1-documented';
