import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileLogger } from '../../../electron/log/logger';
import { makeTempDir } from '../../support/tempDir';

const temps: Array<() => void> = [];
afterEach(() => temps.splice(0).forEach((cleanup) => cleanup()));

describe('file logger', () => {
  it('writes JSON lines and rotates by size, keeping a bounded number of files, each its user\'s alone (0600)', () => {
    const temp = makeTempDir();
    temps.push(temp.cleanup);
    const log = createFileLogger({ dir: temp.dir, maxBytes: 2_000, keep: 3 });
    for (let i = 0; i < 200; i += 1) log.child('api').info('service call', { method: 'POST', path: '/api/shipment/get_rates', status: 200, ms: i });
    log.close();
    const files = fs.readdirSync(temp.dir).sort();
    expect(files).toEqual(['station.log', 'station.log.1', 'station.log.2', 'station.log.3']);
    for (const file of files) {
      expect(fs.statSync(path.join(temp.dir, file)).size).toBeLessThanOrEqual(2_000);
      expect(fs.statSync(path.join(temp.dir, file)).mode & 0o777, file).toBe(0o600);
      const lines = fs.readFileSync(path.join(temp.dir, file), 'utf8').trim().split('\n');
      for (const line of lines) expect(JSON.parse(line)).toMatchObject({ level: 'info', scope: 'station.api', msg: 'service call' });
    }
  });

  it('never writes a secret, a token or a full address', () => {
    const temp = makeTempDir();
    temps.push(temp.cleanup);
    const log = createFileLogger({ dir: temp.dir });
    log.info('token refreshed Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl', {
      appSecret: 'hunter2-very-secret',
      url: 'http://127.0.0.1:1/api/balance?api_token=abcdef123456',
      to: { first_name: 'Ada', street: '1 Infinite Loop', city: 'Cupertino', state: 'CA' },
      appKeyUsed: 'SS_TEST_abcdef',
    });
    log.close();
    const text = fs.readFileSync(path.join(temp.dir, 'station.log'), 'utf8');
    for (const secret of ['hunter2', 'eyJzdWIiOiJ4In0', 'abcdef123456', 'Ada', 'Infinite Loop', 'SS_TEST_abcdef']) expect(text).not.toContain(secret);
    expect(text).toContain('Cupertino');
  });

  it('drops lines logged after close instead of writing to a closed (and possibly reused) descriptor', () => {
    const temp = makeTempDir();
    temps.push(temp.cleanup);
    const log = createFileLogger({ dir: temp.dir });
    log.info('before close');
    log.close();
    const other = fs.openSync(path.join(temp.dir, 'other.bin'), 'w');
    try {
      expect(() => log.warn('after close')).not.toThrow();
      expect(() => log.close()).not.toThrow();
    } finally {
      fs.closeSync(other);
    }
    expect(fs.readFileSync(path.join(temp.dir, 'other.bin'), 'utf8')).toBe('');
    const lines = fs.readFileSync(path.join(temp.dir, 'station.log'), 'utf8').trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(['before close']);
  });
});

describe.skipIf(!fs.existsSync('/dev/full'))('a log on a full disk', () => {
  it('drops the line instead of failing the caller', () => {
    const log = createFileLogger({ dir: '/dev', fileName: 'full' });
    try {
      expect(() => log.info('label bought', { shipmentNo: 'SN-1' })).not.toThrow();
    } finally {
      log.close();
    }
  });
});
