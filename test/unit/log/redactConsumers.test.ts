import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UnreadableAnswerFailure } from '../../../electron/api/answer';
import { createSqliteAuditSink } from '../../../electron/api/audit';
import { redactExchange } from '../../../electron/api/capture';
import { SECRET_NAMES } from '../../../electron/log/redact';
import { createFileLogger } from '../../../electron/log/logger';
import { salvagedPurchase } from '../../../electron/purchases/salvage';
import { openDatabase } from '../../../electron/store/database';
import { makeTempDir } from '../../support/tempDir';

/**
 * Every writer of kept or logged text masks every name of the one secret
 * list: the log file, a wire capture, the audit log and a salvaged purchase
 * answer. Each name is tried in its listed spelling and in camelCase, as a
 * field and as a query parameter, with a value of its own to look for.
 */
const camel = (name: string): string => name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
const spellings = SECRET_NAMES.flatMap((name) => [name, camel(name)]);
const valueOf = (name: string): string => `V4L-${name.replace(/_/g, '')}-9x`;
const fields = Object.fromEntries(spellings.map((name) => [name, valueOf(name)]));
const query = SECRET_NAMES.map((name) => `${name}=${valueOf(name)}`).join('&');
const everyValue = spellings.map(valueOf);

const temps: Array<() => void> = [];
afterEach(() => temps.splice(0).forEach((cleanup) => cleanup()));
const tempDir = (): string => {
  const temp = makeTempDir();
  temps.push(temp.cleanup);
  return temp.dir;
};

const leaked = (text: string): string[] => everyValue.filter((value) => text.includes(value));

describe('one secret list, masked by every consumer', () => {
  it('the list holds the names the two old lists had between them', () => {
    expect(SECRET_NAMES).toEqual(expect.arrayContaining(['app_key', 'app_secret', 'api_token', 'access_token', 'refresh_token', 'id_token', 'client_id', 'client_secret', 'authorization', 'password']));
  });

  it('the log file', () => {
    const dir = tempDir();
    const log = createFileLogger({ dir });
    log.info(`called /api/x?${query}`, { ...fields, nested: [{ ...fields }], url: `https://svc.test/api/x?${query}` });
    log.close();
    const text = fs.readFileSync(path.join(dir, 'station.log'), 'utf8');
    expect(leaked(text)).toEqual([]);
    expect(text).toContain('/api/x?');
  });

  it('a wire capture', () => {
    const record = redactExchange({
      api: 'v2',
      at: '2026-11-28T10:00:00.000Z',
      method: 'POST',
      path: `/api/x?${query}`,
      query: { ...fields },
      requestHeaders: { ...fields, accept: 'application/json' },
      requestBody: { form: query, ...fields },
      status: 200,
      answerBody: { data: { ...fields, deep: [fields] } },
      durationMs: 12,
      outcome: 'ok',
    });
    expect(leaked(JSON.stringify(record))).toEqual([]);
    expect(record.request.headers.accept).toBe('application/json');
  });

  it('the audit log', () => {
    const db = openDatabase({ file: path.join(tempDir(), 'station.sqlite') });
    try {
      createSqliteAuditSink(db)({ at: '2026-11-28T10:00:00.000Z', api: 'v1', method: 'GET', endpoint: `/api/x?${query}`, status: 200, duration_ms: 3, outcome: 'ok' });
      const rows = db.prepare('SELECT endpoint FROM audit_log').all() as Array<{ endpoint: string }>;
      expect(rows).toHaveLength(1);
      expect(leaked(JSON.stringify(rows))).toEqual([]);
      expect(rows[0]?.endpoint).toMatch(/^\/api\/x\?/);
    } finally {
      db.close();
    }
  });

  it('a salvaged purchase answer', async () => {
    const body = { code: 'ok', data: { ...fields, label: { tracking_number: '1Z999AA10123456784', note: query } } };
    const { update } = await salvagedPurchase({
      failure: new UnreadableAnswerFailure('/api/shipment/create_and_pay', body),
      platformUkId: 'p-1',
      ownIds: ['p-1'],
      chosen: {},
      voidableById: true,
      fetchBytes: async () => new Uint8Array(),
    });
    expect(leaked(update.unreadableAnswer ?? '')).toEqual([]);
    expect(update.trackingNo).toBe('1Z999AA10123456784');
  });
});
