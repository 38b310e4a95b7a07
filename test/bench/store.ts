// Store benchmark (issue 4 item 8): fills a station database with realistic
// shipments (labels excluded), then times history searches by tracking number,
// recipient name prefix and order number, by any part of a value (a tracking
// number's tail, a city, a ZIP: the trigram index), and the time to open, migrate and start the
// damage check on the filled file after a clean shutdown (open_migrate_ms), how long the background
// check then takes and its longest hold of the event loop, and the open after an unclean shutdown
// (the whole check at open), and how soon the background check finds an index page damaged while the
// file was closed cleanly (damage_found_ms). `--json` prints one JSON object; `--rows N` changes the size;
// `--quick` is 1,000 rows and 50 samples (what CI runs, so the benchmark cannot rot).
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openStationDatabase } from '../../electron/store/database';
import { createHistorySearch } from '../../electron/store/historySearch';
import { lastNameKey, normalizeKey, normalizeTracking } from '../../electron/store/shipmentsRepo';
import { damageAnIndex } from '../support/damage';

const { values } = parseArgs({
  options: { json: { type: 'boolean', default: false }, quick: { type: 'boolean', default: false }, rows: { type: 'string' }, samples: { type: 'string' }, keep: { type: 'string' } },
});
const rows = Number(values.rows ?? (values.quick ? 1000 : 1_000_000));
const samples = Number(values.samples ?? (values.quick ? 50 : 2000));

const firstNames = ['Maria', 'James', 'Priya', 'Tom', 'Aisha', 'Daniel', 'Emily', 'Robert', 'Sofia', 'Marcus', 'Hannah', 'Carlos', 'Olivia', 'Ethan', 'Grace', 'Noah', 'Liam', 'Ava', 'Mia', 'Lucas', 'Chloe', 'Mateo', 'Zoe', 'Wei', 'Fatima', 'Yuki', 'Omar', 'Ingrid', 'Kwame', 'Elena'];
const lastNames = ['Gonzalez', 'Whitfield', 'Raman', 'Becker', 'Johnson', 'Kim', 'Carter', 'Nguyen', 'Rossi', 'Lee', 'Schmidt', 'Herrera', 'Brooks', 'Walker', 'Smith', 'Garcia', 'Miller', 'Davis', 'Martinez', 'Lopez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Robinson', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Hill'];
const cities = [['Los Angeles', 'CA', '90026'], ['Seattle', 'WA', '98101'], ['Houston', 'TX', '77098'], ['Atlanta', 'GA', '30309'], ['New York', 'NY', '10018'], ['Chicago', 'IL', '60610'], ['Boston', 'MA', '02116'], ['Denver', 'CO', '80202']] as const;
const services = [['USPS', 'USPS_GROUND_ADVANTAGE', 'USPS Ground Advantage'], ['USPS', 'USPS_PRIORITY_MAIL', 'USPS Priority Mail'], ['UPS', 'UPS_GROUND', 'UPS Ground'], ['FEDEX', 'FEDEX_2_DAY', 'FedEx 2Day']] as const;

// A fixed seed so every run measures the same data.
let state = 0x9e3779b9;
const random = (): number => {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return (state >>> 0) / 4294967296;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const digits = (n: number): string => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');

function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round((sorted[index] ?? 0) * 1000) / 1000;
}

function time(run: (i: number) => unknown): { p50_ms: number; p95_ms: number } {
  const times: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const start = performance.now();
    run(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50_ms: percentile(times, 50), p95_ms: percentile(times, 95) };
}

const say = (line: string) => {
  if (!values.json) process.stderr.write(`${line}\n`);
};

const dir = values.keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ps-bench-store-'));
const file = path.join(dir, 'station.sqlite');
async function main(): Promise<void> {
  const fillStart = performance.now();
  const filling = openStationDatabase(file);
  const db = filling.db;
  const insert = db.prepare(`INSERT INTO shipments (package_key, platform_uk_id, state, method, request_json, chosen_json, result_json,
      order_number, order_number_lc, recipient_name, recipient_lc, recipient_last_lc, recipient_city, recipient_zip, shipment_no, tracking_no, tracking_lc, carrier_code, service_level,
      service_name, cost_cents, currency, duplicate_label, attempts, created_at, updated_at, bought_at, voided_at)
    VALUES (?, ?, ?, 'create_and_pay', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'USD', 0, 1, ?, ?, ?, ?)`);
  const trackings: string[] = [];
  const orders: string[] = [];
  const names: string[] = [];
  const startMs = Date.UTC(2023, 0, 1);
  const batch = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i += 1) {
      const name = `${pick(firstNames)} ${pick(lastNames)}`;
      const [city, st, zip] = pick(cities);
      const [carrier, level, serviceName] = pick(services);
      const order = `SO-${String(100000 + i)}`;
      const tracking = carrier === 'USPS' ? `9400${digits(18)}` : carrier === 'UPS' ? `1Z${digits(16)}` : digits(12);
      const at = new Date(startMs + i * 60_000).toISOString();
      const platformId = `ps-${i.toString(16).padStart(8, '0')}-${digits(12)}`;
      const voided = random() < 0.02;
      const request = JSON.stringify({ rate_id: `r_${digits(10)}`, label_print_type: 'common' });
      const result = JSON.stringify({ shipment_no: `SN${i}`, tracking_no: tracking, carrier_code: carrier, service_level: level, total_fee: 5.25, label_urls: [`https://labels.example/${i}.png`], to: { name, city, state: st, zip } });
      const cost = 400 + Math.floor(random() * 4000);
      insert.run(`order:${order.toLowerCase()}#0`, platformId, voided ? 'voided' : 'bought', request, JSON.stringify({ carrierCode: carrier, serviceLevel: level }), result,
        order, normalizeKey(order), name, normalizeKey(name), lastNameKey(name), city, zip, `SN${i}`, tracking, normalizeTracking(tracking), carrier, level, serviceName, cost, at, at, at, voided ? at : null);
      if (i % 97 === 0) {
        trackings.push(tracking);
        orders.push(order);
        names.push(name);
      }
    }
  });
  const chunk = 50_000;
  for (let from = 0; from < rows; from += chunk) {
    batch(from, Math.min(rows, from + chunk));
    say(`filled ${Math.min(rows, from + chunk)} / ${rows}`);
  }
  db.pragma('wal_checkpoint(TRUNCATE)');
  filling.close();
  say(`fill took ${Math.round(performance.now() - fillStart)} ms`);

  const openStart = performance.now();
  const station = openStationDatabase(file);
  const openMigrateMs = Math.round((performance.now() - openStart) * 10) / 10;
  await station.check.sound();
  const checkDoneMs = Math.round(performance.now() - openStart);
  const reopened = station.db;
  const search = createHistorySearch(reopened);
  const run = (query: string) => search({ query, limit: 50 });
  // Warm the page cache as a running station would have it.
  for (let i = 0; i < 200; i += 1) run(trackings[i % trackings.length] as string);

  const prefixes = names.map((n, i) => n.toLowerCase().slice(0, 3 + (i % 5)));
  const result = {
    rows,
    search: {
      tracking: time((i) => run(trackings[(i * 7) % trackings.length] as string)),
      name_prefix: time((i) => run(prefixes[(i * 11) % prefixes.length] as string)),
      order: time((i) => run(orders[(i * 13) % orders.length] as string)),
    },
    any_part: {
      tracking_tail: time((i) => run((trackings[(i * 7) % trackings.length] as string).slice(-6))),
      city: time((i) => run((cities[i % cities.length] as readonly string[])[0]?.slice(1, 6) ?? '')),
      zip: time((i) => run((cities[i % cities.length] as readonly string[])[2]?.slice(1) ?? '')),
      order_tail: time((i) => run((orders[(i * 13) % orders.length] as string).slice(-4))),
    },
    open_migrate_ms: openMigrateMs,
    background_check: { done_ms: checkDoneMs, longest_slice_ms: Math.round(station.check.longestSliceMs()) },
    open_after_unclean_ms: 0,
    damage_found_ms: 0,
  };
  station.close();
  // A process that never closed (kill -9) leaves its row in store_sessions: the next open checks the file whole.
  openStationDatabase(file).db.close();
  const uncleanStart = performance.now();
  const afterUnclean = openStationDatabase(file);
  result.open_after_unclean_ms = Math.round(performance.now() - uncleanStart);
  afterUnclean.close();
  // The row left above is this live process's, which an open keeps; a dead process's is forgotten after the whole check.
  new Database(file).exec('DELETE FROM store_sessions').close();
  // A bad sector in the journal's index of a cleanly closed file: found before any purchase, by the
  // background check on a large file, or at open on a small one (--quick), which then opens a rescue.
  damageAnIndex(file, 'shipments');
  const damagedStart = performance.now();
  const damaged = openStationDatabase(file);
  const found = damaged.damage !== undefined || (await damaged.check.sound().then(() => false, () => true));
  if (!found) throw new Error('bench:store damaged an index page of shipments and the station did not find it');
  result.damage_found_ms = Math.round(performance.now() - damagedStart);
  damaged.db.close();
  if (values.json) process.stdout.write(`${JSON.stringify(result)}\n`);
  else process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}

main()
  .catch((error: unknown) => {
    process.exitCode = 1;
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  })
  .finally(() => {
    if (!values.keep) fs.rmSync(dir, { recursive: true, force: true });
  });
