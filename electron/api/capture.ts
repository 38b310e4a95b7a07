import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Api } from './failures';
import { redactHeaders, redactJson, redactText } from '../log/redact';

/**
 * Wire capture for support (issue 10 part 3): every exchange with the
 * service, v2 and v1, written as one JSON file per request/answer pair, so
 * the first live account shows the true shapes of the answers the docs leave
 * out (shared/api/v2/assumptions.ts). Opt-in; secrets never reach the file.
 */

/** One exchange as the HTTP layer saw it, before redaction. */
export interface RawExchange {
  readonly api: Api;
  readonly at: string;
  readonly method: string;
  readonly path: string;
  /** The audited query only: the v1 api_token travels separately and is never handed here. */
  readonly query: Readonly<Record<string, string>>;
  readonly requestHeaders: Readonly<Record<string, string>>;
  readonly requestBody: unknown;
  /** HTTP status, or null when no answer arrived. */
  readonly status: number | null;
  /** The answer as parsed JSON, or its text when it was not JSON; null when none arrived. */
  readonly answerBody: unknown;
  readonly durationMs: number;
  /** 'ok' or why the attempt ended (the audit outcome). */
  readonly outcome: string;
}

/** What the file holds. */
export interface CapturedExchange {
  readonly api: Api;
  readonly time: string;
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string>;
  readonly status: number | null;
  readonly duration_ms: number;
  readonly outcome: string;
  readonly request: { readonly headers: Record<string, string>; readonly body: unknown };
  readonly answer: { readonly body: unknown };
}

export type WireCapture = (exchange: RawExchange) => void;

/** The redacted record of an exchange; `known` are secret values to blank wherever they appear (the keys). */
export function redactExchange(exchange: RawExchange, known: readonly string[] = []): CapturedExchange {
  const query = redactJson(exchange.query, { known }) as Record<string, string>;
  return {
    api: exchange.api,
    time: exchange.at,
    method: exchange.method,
    path: redactText(exchange.path, known),
    query,
    status: exchange.status,
    duration_ms: Math.round(exchange.durationMs),
    outcome: exchange.outcome,
    request: { headers: redactHeaders(exchange.requestHeaders, known), body: redactJson(exchange.requestBody ?? null, { known }) },
    answer: { body: redactJson(exchange.answerBody ?? null, { known }) },
  };
}

export interface WireCaptureOptions {
  /** The folder to write into now, or null when capture is off (asked per exchange, so a Settings switch applies at once). */
  readonly folder: () => string | null;
  /** Secret values to blank anywhere (AppKey, AppSecret, api_token), besides the secret-named fields. */
  readonly secrets?: () => readonly string[];
  /** A failed write never fails the call it describes. */
  readonly onError?: (error: unknown) => void;
}

let sequence = 0;

/** Writes each exchange to `<folder>/<time>-<api>-<method>-<path>-<n>.json`, created with mode 0600. */
export function createWireCapture(options: WireCaptureOptions): WireCapture {
  return (exchange) => {
    const folder = options.folder();
    if (!folder) return;
    try {
      const record = redactExchange(exchange, options.secrets?.() ?? []);
      fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
      sequence += 1;
      const slug = record.path.replace(/^\/+/, '').replace(/[^A-Za-z0-9]+/g, '_').slice(0, 60);
      const name = `${record.time.replace(/[:.]/g, '-')}-${record.api}-${record.method}-${slug}-${process.pid}-${sequence}-${crypto.randomBytes(2).toString('hex')}.json`;
      fs.writeFileSync(path.join(folder, name), `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      options.onError?.(error);
    }
  };
}
