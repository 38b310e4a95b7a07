import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../support/tempDir';
import { cli, jsonOf, startCliService, type CliService } from '../../support/cli';
import { demoOrdersCsv } from '../../support/demoOrders';

// The legacy v1 commands of the CLI against the embedded sandbox, reached as a
// live service would be (--base-url, --legacy-base-url and the key variables),
// once with full answers and once in the sparse-answers mode (optional fields
// left out, numbers as strings, unknown extra fields, {message}-only errors).
// A real v1 service lists no orders (GET /api/orders/list is not in its
// OpenAPI), so the orders are named by store and warehouse and read from the
// station's inbox, imported from a CSV of the sandbox's demo orders.

describe.each([
  { mode: 'full answers', sparseAnswers: false, seed: 71 },
  { mode: 'sparse answers', sparseAnswers: true, seed: 72 },
])('v1 commands with $mode', ({ sparseAnswers, seed }) => {
  let service: CliService;
  let temp: ReturnType<typeof makeTempDir>;
  beforeAll(async () => {
    temp = makeTempDir('ps-v1-cli-');
    fs.writeFileSync(path.join(temp.dir, 'from.json'), JSON.stringify({ name: 'Shipping Desk', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip: '90021', phone: '2135550147' }));
    service = await startCliService({ seed, sparseAnswers });
    // The demo orders the sandbox's v1 account holds, as the shop's CSV export would list them.
    fs.writeFileSync(path.join(temp.dir, 'orders.csv'), await demoOrdersCsv(service.sandbox));
  });
  afterAll(async () => {
    await service.close();
    temp.cleanup();
  });
  const flags = (name: string) => service.flags(path.join(temp.dir, name));
  const shipFrom = () => ['--ship-from', path.join(temp.dir, 'from.json')];
  const store = ['--store', 'Demo Store', '--warehouse-name', 'Main Warehouse'];
  /** The data folder's flags, its inbox holding the demo orders. */
  const inbox = async (name: string): Promise<string[]> => {
    const imported = await cli(['orders', 'import', path.join(temp.dir, 'orders.csv'), ...flags(name)]);
    expect(imported.code, imported.err.join('\n')).toBe(0);
    return flags(name);
  };

  it('tells the balance and the carrier accounts', async () => {
    const balance = jsonOf<{ balance: number; currency: string }>(await cli(['v1', 'balance', '--json', ...flags('account')]));
    expect(balance).toEqual({ balance: service.sandbox.stats().balanceCents / 100, currency: 'USD' });
    expect(balance.balance).toBeGreaterThan(0);

    const words = await cli(['v1', 'balance', ...flags('account')]);
    expect(words.out).toEqual([`Balance: ${balance.balance.toFixed(2)} USD`]);

    const carriers = jsonOf<{ carriers: Array<{ name: string; carrier: string; account: string }> }>(await cli(['v1', 'carriers', '--json', ...flags('account')]));
    expect(carriers.carriers.length).toBeGreaterThan(0);
    expect(carriers.carriers.map((c) => c.carrier)).toContain('USPS');
    for (const c of carriers.carriers) expect(c.name).not.toBe('');
  });

  it('says in words that the service lists no orders, and how to name an order instead', async () => {
    const listed = await cli(['v1', 'orders', '--status', 'awaiting', '--json', ...flags('orders')]);
    expect(listed.code).toBe(1);
    expect(listed.err.join('\n')).toContain('The shipping service offers no list of its orders.');
    const unnamed = await cli(['v1', 'rates', '--order', 'DEMO-1002', '--json', ...shipFrom(), ...flags('orders')]);
    expect(unnamed.code).toBe(1);
    expect(unnamed.err.join('\n')).toContain('name its v1 store and warehouse with --store and --warehouse-name');
    const bad = await cli(['v1', 'orders', '--status', 'lost', ...flags('orders')]);
    expect(bad.code).toBe(2);
    expect(bad.err[0]).toMatch(/^--status is awaiting, hold or shipped\.\n\nUsage: parcel-station v1 /);
  });

  it('rates an order package, cheapest first', async () => {
    type Rates = { order_number: string; store_name: string; rates: Array<{ carrier: string; service_level: string; price: number; delivery_days: number | null; rate_id: string }>; picked: string };
    const at = await inbox('rates');
    const run = await cli(['v1', 'rates', '--order', 'DEMO-1002', ...store, '--json', ...shipFrom(), ...at]);
    const quote = jsonOf<Rates>(run);
    expect(quote).toMatchObject({ order_number: 'DEMO-1002', store_name: 'Demo Store' });
    expect(quote.rates.length).toBeGreaterThan(1);
    for (const r of quote.rates) {
      expect(r.price).toBeGreaterThan(0);
      expect(r.rate_id).not.toBe('');
      expect(r.service_level).not.toBe('');
    }
    expect(quote.rates.map((r) => r.price)).toEqual([...quote.rates.map((r) => r.price)].sort((a, b) => a - b));
    expect(quote.picked).toBe(quote.rates[0]?.rate_id);
    // A heavier box costs more.
    const heavy = jsonOf<Rates>(await cli(['v1', 'rates', '--order', 'DEMO-1002', ...store, '--weight-oz', '160', '--json', ...shipFrom(), ...at]));
    expect(heavy.rates[0]?.price).toBeGreaterThan(quote.rates[0]?.price ?? Infinity);

    const sized = await cli(['v1', 'rates', '--order', 'DEMO-1002', '--size', '10x8', '--json', ...flags('rates')]);
    expect(sized.code).toBe(2);
    expect(sized.err[0]).toMatch(/^--size takes the box in inches as LxWxH, such as 10x8x4\./);

    const unknown = await cli(['v1', 'rates', '--order', 'NOPE-1', ...store, '--json', ...shipFrom(), ...at]);
    expect(unknown.code).toBe(1);
    expect(unknown.err.join('\n')).toContain('Order NOPE-1 is not in the inbox.');
  });

  it('buys once through the journal, prints, reprints, refuses a second purchase and voids', async () => {
    type Bought = { tracking_no: string; carrier: string; cost: number; duplicate_label: boolean; label_file: string; order_number: string; package: number };
    const sold = service.sandbox.stats().labelsSold;
    const at = await inbox('buy');
    const first = await cli(['v1', 'buy', '--order', 'DEMO-1003', ...store, '--json', ...shipFrom(), ...at]);
    expect(first.code, first.err.join('\n')).toBe(0);
    const bought = jsonOf<Bought>(first);
    expect(bought).toMatchObject({ order_number: 'DEMO-1003', package: 1, duplicate_label: false, print_status: 'done' });
    expect(bought.tracking_no).not.toBe('');
    expect(bought.cost).toBeGreaterThan(0);
    expect(fs.readFileSync(bought.label_file).subarray(1, 4).toString()).toBe('PNG');
    expect(service.sandbox.stats().labelsSold).toBe(sold + 1);

    const reprint = await cli(['reprint', bought.tracking_no, '--json', ...flags('buy')]);
    expect(reprint.code, reprint.err.join('\n')).toBe(0);
    expect(jsonOf(reprint)).toMatchObject({ tracking_no: bought.tracking_no, job_ids: [expect.any(String)], status: 'done' });

    const again = await cli(['v1', 'buy', '--order', 'DEMO-1003', ...store, '--json', ...shipFrom(), ...at]);
    expect(again.code, again.err.join('\n')).toBe(0);
    expect(jsonOf(again)).toMatchObject({ tracking_no: bought.tracking_no, duplicate_label: true, print_status: null });
    expect(again.err.join('\n')).toContain('it was not bought again');
    expect(service.sandbox.stats().labelsSold).toBe(sold + 1);

    // A rate id from another process's quote is not one this station can buy: told in words, nothing bought.
    const stale = await cli(['v1', 'buy', '--order', 'DEMO-1004', ...store, '--rate', 'rate-from-elsewhere', '--json', ...shipFrom(), ...at]);
    expect(stale.code).toBe(1);
    expect(stale.err).toEqual(['Error: That rate is not one this station quoted (or it was quoted before a restart). Get rates again and pick one.']);
    expect(service.sandbox.stats().labelsSold).toBe(sold + 1);

    const voided = await cli(['v1', 'void', bought.tracking_no, '--json', ...flags('buy')]);
    expect(voided.code, voided.err.join('\n')).toBe(0);
    expect(jsonOf(voided)).toEqual({ tracking_no: bought.tracking_no, voided: true });
    expect(service.sandbox.stats().labelsVoided).toBe(1);
    // The station holds the label as voided: voiding it again is refused in words, and nothing is refunded twice.
    const twice = await cli(['void', bought.tracking_no, '--json', ...flags('buy')]);
    expect(twice.code).toBe(1);
    expect(twice.err).toEqual([expect.stringMatching(/^Error: This label was already voided on \d{4}-\d\d-\d\d\. Nothing more to do; no second refund is made\.$/)]);
    expect(service.sandbox.stats().labelsVoided).toBe(1);
  });

  it('keeps a label whose purchase answer was lost or not understood: stored, printable, never bought twice', async () => {
    type Bought = { tracking_no: string; duplicate_label: boolean; label_file: string | null; print_status: string | null; note: string | null };
    const sold = service.sandbox.stats().labelsSold;
    const at = await inbox('faults');
    service.sandbox.faults.set({ dropPurchaseResponses: 1 });
    const lost = await cli(['v1', 'buy', '--order', 'DEMO-1006', ...store, '--json', ...shipFrom(), ...at]);
    expect(lost.code, lost.err.join('\n')).toBe(0);
    const found = jsonOf<Bought>(lost);
    expect(found).toMatchObject({ duplicate_label: false, print_status: 'done' });
    expect(found.note).toMatch(/read the order back: the label was bought once/);
    expect(service.sandbox.stats().labelsSold).toBe(sold + 1);

    service.sandbox.faults.set({ unreadablePurchaseAnswers: 1, unreadableKind: 'scattered' });
    const garbled = await cli(['v1', 'buy', '--order', 'DEMO-1007', ...store, '--json', ...shipFrom(), ...at]);
    expect(garbled.code, garbled.err.join('\n')).toBe(0);
    const salvaged = jsonOf<Bought>(garbled);
    expect(salvaged.tracking_no).not.toBe('');
    expect(salvaged.print_status).toBe('done');
    expect(fs.readFileSync(salvaged.label_file as string).subarray(1, 4).toString()).toBe('PNG');
    expect(service.sandbox.stats().labelsSold).toBe(sold + 2);

    for (const [order, label] of [['DEMO-1006', found], ['DEMO-1007', salvaged]] as const) {
      const again = await cli(['v1', 'buy', '--order', order, ...store, '--json', ...shipFrom(), ...at]);
      expect(jsonOf(again)).toMatchObject({ tracking_no: label.tracking_no, duplicate_label: true, print_status: null });
      const reprint = await cli(['reprint', label.tracking_no, '--json', ...flags('faults')]);
      expect(jsonOf(reprint)).toMatchObject({ tracking_no: label.tracking_no, status: 'done' });
    }
    expect(service.sandbox.stats().labelsSold).toBe(sold + 2);
  });

  it('verifies an address: a real one is confirmed and standardized, a wrong one is not, in words', async () => {
    type Check = { confirmed: boolean; standardized: { street: string; street2: string; city: string; state: string; zip: string } | null; problems: string[]; corrections: string[] };
    const good = await cli(['v1', 'verify', '--street', '1457 sunset blvd', '--street2', 'apt 3', '--city', 'los angeles', '--state', 'CA', '--zip', '90026', '--json', ...flags('verify')]);
    expect(good.code, good.err.join('\n')).toBe(0);
    expect(jsonOf<Check>(good)).toMatchObject({ confirmed: true, standardized: { street: '1457 SUNSET BLVD', street2: 'APT 3', city: 'LOS ANGELES', state: 'CA', zip: expect.stringMatching(/^90026/) }, problems: [] });

    const wrong = ['--street', '1 Nowhere Lane', '--city', 'Springfield', '--state', 'ZZ', '--zip', '00000'];
    const bad = await cli(['v1', 'verify', ...wrong, '--json', ...flags('verify')]);
    expect(bad.code).toBe(1);
    const refused = jsonOf<Check>(bad);
    expect(refused.confirmed).toBe(false);
    expect(refused.problems).toEqual(['"ZZ" is not a U.S. state or territory.', 'ZIP 00000 is not in service.']);
    const words = await cli(['v1', 'verify', ...wrong, ...flags('verify')]);
    expect(words.out.slice(0, 1)).toEqual(['The address is not confirmed.']);
    expect(words.out).toContain('  Problem: ZIP 00000 is not in service.');

    const missing = await cli(['v1', 'verify', '--street', '1 Main St', ...flags('verify')]);
    expect(missing.code).toBe(2);
    expect(missing.err[0]).toMatch(/^Give the address's --city, --state, --zip\./);
  });

  it('makes the USPS SCAN form for bought v1 labels', async () => {
    const at = await inbox('scan');
    const bought = jsonOf<{ tracking_no: string; carrier: string }>(await cli(['v1', 'buy', '--order', 'DEMO-1005', ...store, '--service', 'usps_ground_advantage', '--no-print', '--json', ...shipFrom(), ...at]));
    expect(bought.carrier).toBe('USPS');
    const run = await cli(['v1', 'scan-form', 'create', bought.tracking_no, '--json', ...flags('scan')]);
    expect(run.code, run.err.join('\n')).toBe(0);
    const form = jsonOf<{ status: string; url: string; tracking_codes: string[] }>(run);
    expect(form).toMatchObject({ status: 'ready', tracking_codes: [bought.tracking_no] });
    const pdf = Buffer.from(await (await fetch(form.url)).arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // A label is on one form only: the service's refusal is told in words, with no code.
    const twice = await cli(['v1', 'scan-form', 'create', bought.tracking_no, '--json', ...flags('scan')]);
    expect(twice.code).toBe(1);
    expect(twice.err).toEqual([`Error: ${bought.tracking_no} is already on SCAN form ${form.url.match(/(SF\d+)\.pdf$/)?.[1] ?? '?'}.`]);
  });
});

describe('v1 on the command line', () => {
  it('is listed by --help, and v1 --help lists its subcommands', async () => {
    const help = await cli(['--help']);
    expect(help.out.join('\n')).toMatch(/^ {2}v1 +The legacy v1 account/m);
    const v1Help = (await cli(['v1', '--help'])).out.join('\n');
    for (const sub of ['balance', 'carriers', 'orders', 'rates', 'buy', 'void', 'verify', 'scan-form']) expect(v1Help).toMatch(new RegExp(`^ {2}${sub} `, 'm'));
  });

  it('refuses an unknown subcommand in words, with the usage', async () => {
    const run = await cli(['v1', 'refund']);
    expect(run.code).toBe(2);
    expect(run.err.join('\n')).toContain('There is no v1 subcommand "refund".');
  });
});
