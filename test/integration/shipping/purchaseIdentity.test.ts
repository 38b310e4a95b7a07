import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../electron/sandbox';
import { openDatabase } from '../../../electron/store/database';
import { createShipmentsRepo } from '../../../electron/store/shipmentsRepo';
import { cli, startCliService, type CliService } from '../../support/cli';

const csv = [
  'order_number,recipient_name,company,street,street2,city,state,zip_code,country,phone,email,weight_oz,length_in,width_in,height_in',
  'W-1,Ann Lee,,1457 Sunset Boulevard,Apt 3,Los Angeles,CA,90026,US,,,12,10,8,4',
  'W-2,Bo Ray,,500 Pine Street,Suite 1200,Seattle,WA,98101,US,,,30,12,10,6',
  'W-3,Cy Dale,,2 Oak St,,Austin,TX,78701,US,,,8,6,6,6',
].join('\n');

interface Bought {
  readonly platform_uk_id: string;
  readonly tracking_no: string;
  readonly duplicate_label: boolean;
}

let service: CliService;
let sandbox: RunningSandbox;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ps-identity-'));
  fs.writeFileSync(path.join(dir, 'orders.csv'), csv);
  fs.writeFileSync(path.join(dir, 'from.json'), JSON.stringify({ name: 'Shipping Desk', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip: '90021' }));
  service = await startCliService({ seed: 53 });
  sandbox = service.sandbox;
});
afterAll(async () => {
  await service.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The service's port, spelled as an operator might type it. */
const port = () => new URL(sandbox.baseUrl).port;
const legacyPort = () => new URL(sandbox.legacyBaseUrl).port;

async function buy(data: string, order: string, baseUrl = sandbox.baseUrl, legacyBaseUrl = sandbox.legacyBaseUrl): Promise<Bought> {
  const run = await cli(['buy', '--order', order, '--no-print', '--ship-from', path.join(dir, 'from.json'), '--data-dir', data, '--base-url', baseUrl, '--legacy-base-url', legacyBaseUrl]);
  expect(run.code, run.err.join('\n')).toBe(0);
  return JSON.parse(run.out[0] as string) as Bought;
}

async function imported(name: string): Promise<string> {
  const data = path.join(dir, name);
  const run = await cli(['orders', 'import', path.join(dir, 'orders.csv'), ...service.flags(data)]);
  expect(run.code, run.err.join('\n')).toBe(0);
  return data;
}

describe('a package bought from two data folders on one account', () => {
  it('is sold once: the second bench gets the first bench\'s label as a duplicate', async () => {
    const benchA = await imported('bench-a');
    const benchB = await imported('bench-b');
    const before = sandbox.stats().labelsSold;
    for (const order of ['W-1', 'W-2', 'W-3']) {
      const a = await buy(benchA, order);
      const b = await buy(benchB, order);
      expect(a.duplicate_label).toBe(false);
      expect(b).toMatchObject({ duplicate_label: true, platform_uk_id: a.platform_uk_id, tracking_no: a.tracking_no });
    }
    expect(sandbox.stats().labelsSold - before).toBe(3);
  }, 60_000);
});

describe('one service under three spellings of its address', () => {
  it('is one backend: the package is bought once from one data folder', async () => {
    const data = await imported('spellings');
    const before = sandbox.stats().labelsSold;
    const spellings = [
      [`http://127.0.0.1:${port()}`, `http://127.0.0.1:${legacyPort()}`],
      [`http://localhost:${port()}`, `http://localhost:${legacyPort()}`],
      [`http://127.0.0.1:${port()}/.`, `http://127.0.0.1:${legacyPort()}/.`],
    ] as const;
    const answers: Bought[] = [];
    for (const [v2, v1] of spellings) answers.push(await buy(data, 'W-1', v2, v1));
    expect(new Set(answers.map((a) => a.tracking_no)).size).toBe(1);
    expect(sandbox.stats().labelsSold - before).toBe(0);

    const db = openDatabase({ file: path.join(data, 'station.sqlite') });
    const rows = db.prepare("SELECT DISTINCT backend_id FROM shipments WHERE order_number = 'W-1'").all() as Array<{ backend_id: string }>;
    db.close();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.backend_id).not.toContain(sandbox.credentials.appKey);
  }, 60_000);

  it('takes over purchases journaled under an address as typed before the upgrade', async () => {
    const data = await imported('upgraded');
    const bought = await buy(data, 'W-2');
    // Rewrite the row as an older station stored it: the address as typed, no key.
    const db = openDatabase({ file: path.join(data, 'station.sqlite') });
    db.prepare('UPDATE shipments SET backend_id = ?').run(`test:http://localhost:${port()}/`);
    db.close();
    const before = sandbox.stats().labelsSold;
    const again = await buy(data, 'W-2');
    expect(again.tracking_no).toBe(bought.tracking_no);
    expect(sandbox.stats().labelsSold - before).toBe(0);
    const after = openDatabase({ file: path.join(data, 'station.sqlite') });
    const shipments = createShipmentsRepo(after, () => new Date());
    expect(shipments.findByRef(bought.tracking_no)?.backend_id).toMatch(/^test:http:\/\/127\.0\.0\.1:\d+#[0-9a-f]{16}$/);
    after.close();
  }, 60_000);
});
