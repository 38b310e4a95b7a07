import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox';
import { openDatabase } from '../../../electron/store/database';
import { createSettingsStore } from '../../../electron/store/settings';
import { cli, cliJson, startCliService, type CliPickup, type CliService } from '../../support/cli';
import { sandboxKeys } from '../../support/keyVariables';

const root = path.resolve(__dirname, '../../..');
const csv = [
  'order_number,recipient_name,company,street,street2,city,state,zip_code,country,phone,email,weight_oz,length_in,width_in,height_in',
  'H-1,Ann Lee,,1457 Sunset Boulevard,Apt 3,Los Angeles,CA,90026,US,,,12,10,8,4',
  'H-2,,,2 Oak St,,Austin,TX,78701,US,,,8,,,',
  'H-3,Bo Ray,,500 Pine Street,Suite 1200,Seattle,WA,98101,US,,,30,12,10,6',
].join('\n');

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ps-cli-'));
  fs.writeFileSync(path.join(dir, 'orders.csv'), csv);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('headless commands on the embedded sandbox', () => {
  it('buys an international order with its customs declaration and writes the customs form next to the label', async () => {
    const data = path.join(dir, 'intl');
    const file = path.join(dir, 'intl.csv');
    fs.writeFileSync(
      file,
      [
        'order_number,recipient_name,street,city,state,zip_code,country,phone,weight_oz,length_in,width_in,height_in,contents_type,item_description,item_quantity,item_value_usd,item_weight_oz,item_hs_code,item_origin_country',
        'UK-7,Olivia Hart,10 Downing St,London,,SW1A 2AA,GB,+44 20 7946 0958,20,10,8,4,merchandise,Wool scarf,2,35,5,6117.10,GB',
        'UK-7,,,,,,,,,,,,,Leather gloves,1,49.50,4,420329,IT',
      ].join('\n'),
    );
    expect((await cli(['orders', 'import', file, '--data-dir', data])).code).toBe(0);
    const result = await cli(['buy', '--order', 'UK-7', '--no-print', '--data-dir', data]);
    expect(result.code, result.err.join('\n')).toBe(0);
    const bought = JSON.parse(result.out[0] as string) as { label_file: string; customs_form_files: string[] };
    expect(bought.customs_form_files).toEqual([bought.label_file.replace(/\.png$/, '-customs-1.png')]);
    expect(fs.readFileSync(bought.customs_form_files[0] as string).subarray(1, 4).toString()).toBe('PNG');
  });

  it('imports, buys (once), voids (once) and searches history', async () => {
    const data = path.join(dir, 'data');
    const imported = await cli(['orders', 'import', path.join(dir, 'orders.csv'), '--data-dir', data]);
    expect(imported.code).toBe(1);
    expect(imported.err).toEqual(['line 3: recipient_name is empty']);
    expect(imported.out[0]).toMatch(/Imported 2 new orders/);

    const first = await cli(['buy', '--order', 'H-1', '--insure', '25', '--data-dir', data]);
    expect(first.code).toBe(0);
    expect(first.out).toHaveLength(1);
    const bought = JSON.parse(first.out[0] as string) as Record<string, unknown>;
    expect(Object.keys(bought)).toEqual(['order_number', 'platform_uk_id', 'shipment_no', 'tracking_no', 'duplicate_label', 'cost', 'label_file', 'customs_form_files']);
    expect(bought.customs_form_files).toEqual([]);
    expect(bought.duplicate_label).toBe(false);
    expect(fs.readFileSync(bought.label_file as string).subarray(1, 4).toString()).toBe('PNG');

    const again = JSON.parse((await cli(['buy', '--order', 'h-1', '--data-dir', data])).out[0] as string) as Record<string, unknown>;
    expect(again.platform_uk_id).toBe(bought.platform_uk_id);
    expect(again.duplicate_label).toBe(true);

    const fastest = await cli(['buy', '--order', 'H-3', '--service', 'fastest', '--no-print', '--data-dir', data]);
    expect(fastest.code).toBe(0);

    expect((await cli(['void', bought.tracking_no as string, '--data-dir', data])).code).toBe(0);
    const twice = await cli(['void', bought.tracking_no as string, '--data-dir', data]);
    expect(twice.code).toBe(1);
    expect(twice.err[0]).toMatch(/already voided/);

    const history = await cli(['history', '--json', 'lee', '--data-dir', data]);
    const rows = JSON.parse(history.out[0] as string) as Array<{ state: string; trackingNo: string }>;
    expect(rows.map((r) => [r.trackingNo, r.state])).toEqual([[bought.tracking_no, 'voided']]);
    const text = await cli(['history', '--data-dir', data]);
    expect(text.out).toHaveLength(2);
    // The text lines speak the operator's words for a state, never the store's lowercase code.
    expect(text.out.some((l) => l.includes(`Voided   ${bought.tracking_no}`))).toBe(true);
    expect(text.out.some((l) => /\bvoided\b|\bbought\b/.test(l))).toBe(false);
  }, 60_000);

  it("puts today's label on a SCAN form once, books a pickup of it, lists it, cancels it and lists the places, in words when refused", async () => {
    const data = path.join(dir, 'end-of-day');
    const at = ['--data-dir', data];
    const file = path.join(dir, 'end-of-day.csv');
    fs.writeFileSync(file, csv.split('\n').slice(0, 2).join('\n'));
    expect((await cli(['orders', 'import', file, ...at])).code).toBe(0);
    const bought = await cliJson<{ tracking_no: string }>(['buy', '--order', 'H-1', '--no-print', ...at]);

    interface Form {
      id: number;
      status: string;
      url: string | null;
      tracking_nos: string[];
    }
    const form = await cliJson<Form>(['scan-form', 'create', '--json', ...at]);
    expect(form).toMatchObject({ status: 'ready', tracking_nos: [bought.tracking_no] });
    expect(form.url).toMatch(/^http.*\.pdf$/);
    const nothingLeft = await cli(['scan-form', 'create', '--json', ...at]);
    expect(nothingLeft.code).toBe(1);
    expect(nothingLeft.out).toEqual([]);
    expect(nothingLeft.err).toEqual(['Error: There are no USPS labels from today that are not already on a SCAN form.']);

    const pickup = await cliJson<CliPickup>(['pickups', 'add', '--where', 'front-door', '--json', ...at]);
    expect(pickup).toMatchObject({ status: 'CONFIRMED', tracking_nos: [bought.tracking_no], packages: 1 });
    expect(pickup.pickup_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const none = await cli(['pickups', 'add', '--where', 'office', ...at]);
    expect(none.code).toBe(1);
    expect(none.err[0]).toMatch(/^Error: There are no USPS labels from today waiting for a pickup/);

    const listed = await cliJson<{ pickups: CliPickup[]; total: number }>(['pickups', 'list', '--json', ...at]);
    expect(listed.pickups.find((p) => p.pickup_no === pickup.pickup_no)).toMatchObject({ status: 'CONFIRMED', pickup_date: pickup.pickup_date });
    const text = await cli(['pickups', 'list', ...at]);
    expect(text.out).toEqual([expect.stringMatching(new RegExp(`^Pickup ${pickup.pickup_no}  CONFIRMED  ${pickup.pickup_date}  1 package`))]);

    const canceled = await cliJson<CliPickup>(['pickups', 'cancel', pickup.pickup_no, '--json', ...at]);
    expect(canceled).toMatchObject({ pickup_no: pickup.pickup_no, status: 'CANCELED' });
    const afterCancel = await cliJson<{ pickups: CliPickup[] }>(['pickups', 'list', '--status', 'canceled', '--json', ...at]);
    expect(afterCancel.pickups.map((p) => [p.pickup_no, p.status])).toEqual([[pickup.pickup_no, 'CANCELED']]);
    const twice = await cli(['pickups', 'cancel', pickup.pickup_no, ...at]);
    expect(twice.code).toBe(1);
    expect(twice.err).toEqual(['Error: This pickup is already canceled; a canceled pickup cannot be changed.']);
    const unknown = await cli(['pickups', 'cancel', '999', ...at]);
    expect(unknown.code).toBe(1);
    expect(unknown.err[0]).toMatch(/^Error: .*999/);
    expect(unknown.err[0]).not.toMatch(/pickup_no|not_found|\b[45]\d\d\b/);

    const past = await cli(['pickups', 'add', bought.tracking_no, '--where', 'front-door', '--date', '2020-01-01', ...at]);
    expect(past.code).toBe(1);
    expect(past.err[0]).toMatch(/^Error: 2020-01-01 has passed\./);
    const nowhere = await cli(['pickups', 'add', bought.tracking_no, '--where', 'garage', ...at]);
    expect(nowhere.code).toBe(2);
    expect(nowhere.err[0]?.split('\n')[0]).toMatch(/^--where takes one of front-door, .*; not "garage"\.$/);
    const unsaid = await cli(['pickups', 'add', bought.tracking_no, '--where', 'other', ...at]);
    expect(unsaid.code).toBe(2);
    expect(unsaid.err[0]?.split('\n')[0]).toBe('--where other needs --describe TEXT saying where the packages wait.');

    const places = await cliJson<{ locations: string[] }>(['pickups', 'locations', '--json', ...at]);
    expect(places.locations).toEqual(expect.arrayContaining(['front_door', 'mail_room', 'other']));
    expect((await cli(['pickups', 'locations', ...at])).out).toContain('front-door');

    const overview = await cli(['--help']);
    expect(overview.out.join('\n')).toMatch(/^ {2}pickups +USPS carrier pickups/m);
    expect(overview.out.join('\n')).toMatch(/^ {2}scan-form +The USPS SCAN form/m);
  }, 60_000);
});

describe('a station process killed mid-purchase', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-needed', '--quiet', '--no-renderer'], { cwd: root, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`build failed: ${build.stderr}`);
    sandbox = await startSandbox({ seed: 31, latencyMs: 250 });
  }, 120_000);
  afterAll(() => sandbox.close());

  function run(args: string[]) {
    const env = { ...process.env, ...sandboxKeys(sandbox) };
    const child = spawn(process.execPath, ['dist/electron/cli.cjs', ...args, '--base-url', sandbox.baseUrl, '--legacy-base-url', sandbox.legacyBaseUrl], { cwd: root, env });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    return { child, exited };
  }

  async function finish(args: string[]): Promise<string> {
    const { child, exited } = run(args);
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await exited;
    expect(code, err).toBe(0);
    return out;
  }

  it('is reconciled on the next start: one label sold, and the station holds it', async () => {
    const data = path.join(dir, 'killed');
    // A station pointed at a service by address ships from its configured address, set once like a bench would.
    fs.mkdirSync(data, { recursive: true });
    const settingsDb = openDatabase({ file: path.join(data, 'station.sqlite') });
    createSettingsStore(settingsDb).set('shipping.shipFrom', { name: 'Shipping Desk', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip: '90021', country: 'US' });
    settingsDb.close();
    fs.writeFileSync(path.join(dir, 'one.csv'), csv.split('\n').slice(0, 2).join('\n'));
    await finish(['orders', 'import', path.join(dir, 'one.csv'), '--data-dir', data]);
    const before = sandbox.stats().labelsSold;
    const { child, exited } = run(['buy', '--order', 'H-1', '--no-print', '--data-dir', data]);
    const file = path.join(data, 'station.sqlite');
    // Kill -9 as soon as the purchase is journaled and on the wire.
    for (let i = 0; i < 400; i += 1) {
      await new Promise((r) => setTimeout(r, 10));
      const db = new Database(file, { readonly: true, fileMustExist: true });
      const pending = db.prepare("SELECT count(*) AS n FROM shipments WHERE state = 'pending' AND attempts > 0").get() as { n: number };
      db.close();
      if (pending.n > 0) break;
    }
    child.kill('SIGKILL');
    await exited;
    const db = new Database(file, { readonly: true });
    const left = db.prepare("SELECT state FROM shipments WHERE order_number = 'H-1'").get() as { state: string };
    db.close();
    expect(left.state).toBe('pending');

    // The next command starts the station, which reconciles before doing anything else.
    const history = JSON.parse(await finish(['history', '--json', 'H-1', '--data-dir', data])) as Array<{ state: string; labelCount: number }>;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ state: 'bought', labelCount: 1 });
    const again = JSON.parse(await finish(['buy', '--order', 'H-1', '--no-print', '--data-dir', data])) as { duplicate_label: boolean };
    expect(again.duplicate_label).toBe(true);
    expect(sandbox.stats().labelsSold - before).toBe(1);
  }, 60_000);
});

describe('headless commands pointed at a separately started service', () => {
  let service: CliService;
  beforeAll(async () => {
    service = await startCliService({ seed: 41 });
  });
  afterAll(() => service.close());

  it('buys with keys from the environment and --ship-from on a fresh data folder, once', async () => {
    const data = path.join(dir, 'by-address');
    const at = service.flags(data);
    expect((await cli(['orders', 'import', path.join(dir, 'orders.csv'), ...at])).out[0]).toMatch(/Imported 2 new orders/);

    const noFrom = await cli(['buy', '--order', 'H-1', '--no-print', ...at]);
    expect(noFrom.code).toBe(1);
    expect(noFrom.err.join('\n')).toMatch(/--ship-from/);
    expect(service.sandbox.stats().labelsSold).toBe(0);

    const fromFile = path.join(dir, 'from.json');
    fs.writeFileSync(fromFile, JSON.stringify({ name: 'Shipping Desk', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip: '90021' }));
    const first = await cli(['buy', '--order', 'H-1', '--no-print', '--ship-from', fromFile, ...at]);
    expect(first.code, first.err.join('\n')).toBe(0);
    expect(first.out).toHaveLength(1);
    const bought = JSON.parse(first.out[0] as string) as { duplicate_label: boolean; tracking_no: string };
    expect(bought.duplicate_label).toBe(false);
    const again = JSON.parse((await cli(['buy', '--order', 'H-1', '--no-print', '--ship-from', fromFile, ...at])).out[0] as string) as typeof bought;
    expect(again).toMatchObject({ duplicate_label: true, tracking_no: bought.tracking_no });
    expect(service.sandbox.stats().labelsSold).toBe(1);

    fs.writeFileSync(fromFile, JSON.stringify({ name: 'Shipping Desk', city: 'Los Angeles' }));
    const bad = await cli(['buy', '--order', 'H-3', '--no-print', '--ship-from', fromFile, ...at]);
    expect(bad.code).toBe(2);
    expect(bad.err.join('\n')).toMatch(/--ship-from: street/);
  }, 60_000);
});
