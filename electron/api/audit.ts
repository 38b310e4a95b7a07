import { redactText } from '../log/redact';
import type { Db } from '../store/database';
import type { Api } from './failures';

/**
 * One service call attempt as the audit log keeps it: which endpoint, how it
 * ended and how long it took. Deliberately nothing else: no query string (it
 * carries the v1 api_token), no headers, no bodies (addresses).
 */
export interface AuditEntry {
  readonly at: string;
  readonly api: Api;
  readonly method: string;
  /** Path only, e.g. /api/shipment/void_label; never the query string. */
  readonly endpoint: string;
  /** HTTP status, or null when no answer arrived (timeout, reset). */
  readonly status: number | null;
  readonly duration_ms: number;
  readonly platform_uk_id?: string;
  /** 'ok' or the StationFailure code this attempt ended with. */
  readonly outcome: string;
}

export type AuditSink = (entry: AuditEntry) => void;

export const noAudit: AuditSink = () => undefined;

/**
 * Writes entries to the audit_log table of migration 001; a failed write
 * never fails the call it describes. The endpoint passes the redactor too: a
 * caller that put a query string in the path by mistake leaks no secret.
 */
export function createSqliteAuditSink(db: Db, onError?: (error: unknown) => void): AuditSink {
  const insert = db.prepare(
    'INSERT INTO audit_log (at, api, method, endpoint, status, duration_ms, platform_uk_id, outcome) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  return (entry) => {
    try {
      insert.run(
        entry.at,
        entry.api,
        entry.method,
        redactText(entry.endpoint),
        entry.status,
        Math.round(entry.duration_ms),
        entry.platform_uk_id ?? null,
        entry.outcome,
      );
    } catch (error) {
      onError?.(error);
    }
  };
}
