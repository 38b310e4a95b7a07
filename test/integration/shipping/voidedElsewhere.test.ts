import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../electron/store/database';
import type { ShipmentRow } from '../../../electron/store/shipmentsRepo';
import { cli, jsonOf, startCliService, type CliRun, type CliService } from '../../support/cli';
import { makeTempDir } from '../../support/tempDir';

/**
 * Two data folders on one account, no warehouse: bench B never hears of a
 * void made at bench A, derives the same platform_uk_id for the package and
 * is answered the voided shipment as a duplicate.
 */
const csv = [
  'order_number,recipient_name,company,street,street2,city,state,zip_code,country,phone,email,weight_oz,length_in,width_in,height_in',
  'V-1,Ann Lee,,1457 Sunset Boulevard,Apt 3,Los Angeles,CA,90026,US,,,12,10,8,4',
].join('\n');

interface Bought {
  readonly platform_uk_id: string;
  readonly tracking_no: string;
  readonly duplicate_label: boolean;
  readonly label_file: string | null;
}

let service: CliService;
let temp: { dir: string; cleanup: () => void };
beforeEach(async () => {
  temp = makeTempDir('ps-voided-elsewhere-');
  fs.writeFileSync(path.join(temp.dir, 'orders.csv'), csv);
  fs.writeFileSync(path.join(temp.dir, 'from.json'), JSON.stringify({ name: 'Shipping Desk', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip: '90021' }));
  service = await startCliService({ seed: 71 });
});
afterEach(async () => {
  await service.close();
  temp.cleanup();
});

async function bench(name: string): Promise<string> {
  const data = path.join(temp.dir, name);
  const run = await cli(['orders', 'import', path.join(temp.dir, 'orders.csv'), ...service.flags(data)]);
  expect(run.code, run.err.join('\n')).toBe(0);
  return data;
}

const buy = (data: string): Promise<CliRun> => cli(['buy', '--order', 'V-1', '--no-print', '--json', '--ship-from', path.join(temp.dir, 'from.json'), ...service.flags(data)]);

async function bought(data: string): Promise<Bought> {
  const run = await buy(data);
  expect(run.code, run.err.join('\n')).toBe(0);
  return jsonOf<Bought>(run);
}

/** Bench A buys the order and voids its label at the service. */
async function boughtAndVoidedAtA(): Promise<Bought> {
  const a = await bought(await bench('bench-a'));
  const voided = await cli(['void', a.tracking_no, '--json', ...service.flags(path.join(temp.dir, 'bench-a'))]);
  expect(voided.code, voided.err.join('\n')).toBe(0);
  expect(service.sandbox.stats().labelsSold).toBe(1);
  return a;
}

function rowsOf(data: string): ShipmentRow[] {
  const db = openDatabase({ file: path.join(data, 'station.sqlite') });
  try {
    return db.prepare("SELECT * FROM shipments WHERE order_number = 'V-1' ORDER BY id").all() as ShipmentRow[];
  } finally {
    db.close();
  }
}

describe('a label voided at another data folder on the same account', () => {
  it('is not taken as bought: the second bench records the void and buys a new label', async () => {
    const a = await boughtAndVoidedAtA();
    const dataB = await bench('bench-b');
    const b = await bought(dataB);

    expect(b.tracking_no).not.toBe(a.tracking_no);
    expect(b.platform_uk_id).not.toBe(a.platform_uk_id);
    expect(b.duplicate_label).toBe(false);
    expect(service.sandbox.stats().labelsSold).toBe(2);
    expect(b.label_file && path.basename(b.label_file)).toBe(`${b.tracking_no}.png`);

    const rows = rowsOf(dataB);
    const live = rows.filter((r) => r.state === 'bought');
    expect(live.map((r) => r.tracking_no)).toEqual([b.tracking_no]);
    // The void is B's own record now: the old id is kept as voided, with the reason in words.
    const old = rows.find((r) => r.platform_uk_id === a.platform_uk_id);
    expect(old).toMatchObject({ state: 'voided', tracking_no: a.tracking_no });
    expect(old?.error).toMatch(/voided/i);

    // B's own label, bought again from B, is its duplicate with no second sale.
    const again = await bought(dataB);
    expect(again).toMatchObject({ tracking_no: b.tracking_no, duplicate_label: true });
    expect(service.sandbox.stats().labelsSold).toBe(2);
  }, 60_000);

  it('is refused in words when the service cannot say whether it was voided, and nothing is kept as bought', async () => {
    const a = await boughtAndVoidedAtA();
    const dataB = await bench('bench-b');
    service.sandbox.faults.set({ failTracking: true });
    const refused = await buy(dataB);

    expect(refused.code).not.toBe(0);
    const words = refused.err.join('\n');
    expect(words).toMatch(/may already exist/i);
    expect(words).toMatch(/voided/i);
    expect(words).not.toMatch(/service_unavailable|platform_uk_id|duplicate_label/);
    expect(refused.out.join('\n')).not.toContain(a.tracking_no);
    expect(rowsOf(dataB).filter((r) => r.state === 'bought')).toEqual([]);
    expect(fs.existsSync(path.join(dataB, 'labels', `${a.tracking_no}.png`))).toBe(false);
    expect(service.sandbox.stats().labelsSold).toBe(1);

    // Once the service answers again, the next Buy checks, finds the void and buys a new label.
    service.sandbox.faults.set({ failTracking: false });
    const b = await bought(dataB);
    expect(b.tracking_no).not.toBe(a.tracking_no);
    expect(service.sandbox.stats().labelsSold).toBe(2);
  }, 60_000);
});
