import http from 'node:http';
import ipp, { type IppAttribute, type IppGroup, type IppResponse, type IppValue } from 'ipp-encoder';
import type { CupsServer } from './cupsServer';

export const IPP = {
  printJob: 0x0002,
  getJobAttributes: 0x0009,
  getJobs: 0x000a,
  getPrinterAttributes: 0x000b,
  cupsGetPrinters: 0x4002,
  cupsGetDefault: 0x4001,
} as const;

export const TAG = {
  operation: 0x01,
  job: 0x02,
  printer: 0x04,
  integer: 0x21,
  boolean: 0x22,
  enum: 0x23,
  name: 0x42,
  keyword: 0x44,
  uri: 0x45,
  charset: 0x47,
  language: 0x48,
  mimeType: 0x49,
} as const;

/**
 * Why an IPP call failed. `delivered` tells whether the request may have
 * reached the scheduler: false when the connection never opened (sending
 * again is safe), true when it was written and no answer came back.
 */
export class IppCallError extends Error {
  override readonly name = 'IppCallError';
  constructor(
    message: string,
    readonly reason: 'unreachable' | 'no-answer' | 'status',
    readonly delivered: boolean,
    readonly statusCode: number | null = null,
  ) {
    super(message);
  }
}

/** Status codes the station tells apart (RFC 8011 section 4.1.6 and CUPS). */
export const STATUS = { notFound: 0x0406, notAuthorized: 0x0403, notAuthenticated: 0x0401, notAcceptingJobs: 0x0506 } as const;

let nextRequestId = 1;

/** The attributes every request starts with, in the order RFC 8011 demands. */
export function operationGroup(attributes: readonly IppAttribute[]): IppGroup {
  return {
    tag: TAG.operation,
    attributes: [{ tag: TAG.charset, name: 'attributes-charset', value: ['utf-8'] }, { tag: TAG.language, name: 'attributes-natural-language', value: ['en'] }, ...attributes],
  };
}

/** One IPP request over HTTP POST to the scheduler; resolves with the decoded answer when its status is a success. */
export function ippCall(
  server: CupsServer,
  resource: string,
  operationId: number,
  groups: readonly IppGroup[],
  options: { readonly data?: Uint8Array; readonly timeoutMs?: number } = {},
): Promise<IppResponse> {
  const request = { operationId, requestId: nextRequestId++, groups, ...(options.data ? { data: Buffer.from(options.data.buffer, options.data.byteOffset, options.data.byteLength) } : {}) };
  const body = ipp.request.encode(request, Buffer.alloc(ipp.request.encodingLength(request)));
  const where = server.kind === 'socket' ? { socketPath: server.path } : { host: server.host, port: server.port };
  return new Promise((resolve, reject) => {
    let connected = false;
    const req = http.request(
      { ...where, method: 'POST', path: resource, headers: { 'Content-Type': 'application/ipp', 'Content-Length': body.length }, timeout: options.timeoutMs ?? 15_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          if (res.statusCode !== 200) {
            reject(new IppCallError(`the scheduler answered HTTP ${res.statusCode ?? '?'}`, 'status', true, null));
            return;
          }
          let answer: IppResponse;
          try {
            answer = ipp.response.decode(Buffer.concat(chunks));
          } catch {
            reject(new IppCallError('the scheduler\'s answer could not be read', 'no-answer', true));
            return;
          }
          if (answer.statusCode >= 0x0400) reject(new IppCallError(statusMessage(answer) ?? `IPP status 0x${answer.statusCode.toString(16).padStart(4, '0')}`, 'status', true, answer.statusCode));
          else resolve(answer);
        });
        res.on('error', (error) => reject(new IppCallError(error.message, 'no-answer', true)));
      },
    );
    req.on('socket', (socket) => {
      if (!socket.connecting) connected = true;
      else socket.once('connect', () => (connected = true));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (error: NodeJS.ErrnoException) =>
      reject(connected ? new IppCallError(error.message, 'no-answer', true) : new IppCallError(error.code ?? error.message, 'unreachable', false)),
    );
    req.end(body);
  });
}

function statusMessage(answer: IppResponse): string | null {
  const value = attributes(answer, TAG.operation)[0]?.get('status-message')?.[0];
  return value === undefined ? null : text(value);
}

/** The groups of one kind in an answer (one per printer or job), each as name -> values. */
export function attributes(answer: IppResponse, groupTag: number): Array<Map<string, readonly IppValue[]>> {
  return answer.groups.filter((g) => g.tag === groupTag).map((g) => new Map(g.attributes.map((a) => [a.name, a.value] as const)));
}

export function text(value: IppValue | undefined): string | null {
  if (value === undefined) return null;
  if (typeof value === 'object') return value.value;
  return String(value);
}
