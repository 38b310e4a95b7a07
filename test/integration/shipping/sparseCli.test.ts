import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, cliJson, startCliService, type CliPickup, type CliService } from '../../support/cli';

// The command line against a service that answers in the documented shapes
// with every optional field left out, numbers as strings, day ranges and
// unknown extra fields (the sandbox in sparse mode, over HTTP on 127.0.0.1,
// reached with --base-url and the key variables, as a live account would be).

const csv = [
  'order_number,recipient_name,company,street,street2,city,state,zip_code,country,phone,email,weight_oz,length_in,width_in,height_in',
  'SP-1,Ann Lee,,1457 sunset blvd,apt 3,los angeles,CA,90026,US,,,12,10,8,4',
].join('\n');

let service: CliService;
let dir: string;
let shipFrom: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ps-sparse-cli-'));
  fs.writeFileSync(path.join(dir, 'orders.csv'), csv);
  shipFrom = path.join(dir, 'from.json');
  fs.writeFileSync(shipFrom, JSON.stringify({ name: 'Shipping Desk', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip: '90021', phone: '2135550147' }));
  service = await startCliService({ seed: 61, sparseAnswers: true });
});
afterAll(async () => {
  await service.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The sandbox's full record of a purchase (its duplicate answer, read with sparse answers off for a moment). */
async function soldAs(platformUkId: string): Promise<Record<string, unknown>> {
  const { sandbox } = service;
  sandbox.faults.set({ sparseAnswers: false });
  try {
    const basic = Buffer.from(`${sandbox.credentials.appKey}:${sandbox.credentials.appSecret}`).toString('base64');
    const token = (await (await fetch(`${sandbox.baseUrl}/oauth2/token`, { method: 'POST', headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' })).json()) as { access_token: string };
    const res = await fetch(`${sandbox.baseUrl}/api/shipment/create_and_pay`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ rate_id: 'unused-for-a-duplicate', platform_uk_id: platformUkId, label_print_type: 'common' }),
    });
    return ((await res.json()) as { data: Record<string, unknown> }).data;
  } finally {
    sandbox.faults.set({ sparseAnswers: true });
  }
}

describe('the command line against sparse answers', () => {
  it('validates, rates, quotes insurance, buys with insurance, prints, prints again, tracks and voids', async () => {
    const flags = service.flags(path.join(dir, 'data'));
    expect((await cli(['orders', 'import', path.join(dir, 'orders.csv'), ...flags])).code).toBe(0);

    const checked = await cliJson<unknown>(['address', 'validate', '--street', '1457 sunset blvd', '--street2', 'apt 3', '--city', 'los angeles', '--state', 'CA', '--zip', '90026', '--name', 'Ann', '--json', ...flags]);
    expect(checked).toEqual({ confirmed: true, standardized: { street: '1457 SUNSET BLVD', street2: 'apt 3', city: 'LOS ANGELES', state: 'CA', zip: '90026-1137' }, problems: [] });
    const wrongZip = await cliJson<{ confirmed: boolean; standardized: unknown; problems: string[] }>(['address', 'validate', '--street', '1 Nowhere Rd', '--city', 'Nowhere', '--state', 'CA', '--zip', '99999', '--json', ...flags]);
    expect(wrongZip).toMatchObject({ confirmed: false, standardized: null });
    expect(wrongZip.problems.join(' ')).toContain('99999');
    const noStreet = await cli(['address', 'validate', '--city', 'Nowhere', '--state', 'CA', '--zip', '90026', '--json', ...flags]);
    expect(noStreet.code).toBe(2);
    expect(noStreet.err[0]?.split('\n')[0]).toBe('--street: Enter the street address.');

    interface RateLine {
      carrier: string;
      service_level: string;
      price: number;
      delivery_days: number | null;
      rate_id: string;
    }
    const rated = await cliJson<{ rates: RateLine[]; picked: string }>(['rates', '--order', 'SP-1', '--ship-from', shipFrom, '--json', ...flags]);
    expect(rated.rates.length).toBeGreaterThan(3);
    for (const r of rated.rates) {
      expect(r.price).toBeGreaterThan(0);
      expect(typeof r.rate_id).toBe('string');
    }
    expect(rated.rates.map((r) => r.price)).toEqual([...rated.rates.map((r) => r.price)].sort((a, b) => a - b));
    // The station's rule (cheapest, leaving out the mail classes a packer never means) picks Ground Advantage here.
    expect(rated.rates.find((r) => r.rate_id === rated.picked)).toMatchObject({ carrier: 'USPS', service_level: 'USPS_GROUND_ADVANTAGE', delivery_days: 2 });
    const heavier = await cliJson<{ rates: RateLine[] }>(['rates', '--order', 'SP-1', '--weight-oz', '1 lb 12 oz', '--ship-from', shipFrom, '--json', ...flags]);
    const ground = (list: RateLine[]) => list.find((r) => r.service_level === 'USPS_GROUND_ADVANTAGE')?.price ?? 0;
    expect(ground(heavier.rates)).toBeGreaterThan(ground(rated.rates));
    const unknown = await cli(['rates', '--order', 'NO-SUCH', '--ship-from', shipFrom, '--json', ...flags]);
    expect(unknown.code).toBe(1);
    expect(unknown.err[0]).toMatch(/^Error: .*NO-SUCH|^Error: No such order/);

    const insured = await cliJson<{ fee: number; rate_id: string }>(['insure', 'quote', '--amount', '120', '--service', 'USPS_GROUND_ADVANTAGE', '--json', ...flags]);
    expect(insured.fee).toBeGreaterThan(0);
    expect(insured.rate_id).toMatch(/\S/);

    const buy = await cli(['buy', '--order', 'SP-1', '--insure', '120', '--ship-from', shipFrom, '--json', ...flags]);
    expect(buy.code, buy.err.join('\n')).toBe(0);
    const bought = JSON.parse(buy.out[0] as string) as { platform_uk_id: string; tracking_no: string; label_file: string; duplicate_label: boolean };
    expect(bought.tracking_no).toBeTruthy();
    expect(bought.duplicate_label).toBe(false);
    expect(fs.readFileSync(bought.label_file).subarray(1, 4).toString()).toBe('PNG');
    expect(service.sandbox.stats().labelsSold).toBe(1);

    const reprint = await cli(['reprint', bought.tracking_no, '--json', ...flags]);
    expect(reprint.code, reprint.err.join('\n')).toBe(0);
    expect(JSON.parse(reprint.out[0] as string)).toMatchObject({ tracking_no: bought.tracking_no, job_ids: [expect.any(String)] });

    const again = await cli(['buy', '--order', 'SP-1', '--insure', '120', '--ship-from', shipFrom, '--json', ...flags]);
    expect(again.code, again.err.join('\n')).toBe(0);
    expect(JSON.parse(again.out[0] as string)).toMatchObject({ tracking_no: bought.tracking_no, duplicate_label: true });
    expect(service.sandbox.stats().labelsSold).toBe(1);

    interface Tracked {
      status: string;
      events: Array<{ description: string }>;
      tracking_no: string;
      carrier: string;
    }
    for (const args of [[bought.tracking_no], [bought.tracking_no, '--by', 'tracking', '--carrier', 'USPS'], [bought.tracking_no, '--by', 'direct', '--carrier', 'usps']]) {
      const tracked = await cliJson<Tracked>(['track', ...args, '--json', ...flags]);
      expect(tracked).toMatchObject({ status: 'created', tracking_no: bought.tracking_no, carrier: 'USPS' });
      expect(tracked.events[0]?.description).toMatch(/label created/i);
    }
    const wrongBy = await cli(['track', bought.tracking_no, '--by', 'post', ...flags]);
    expect(wrongBy.code).toBe(2);
    expect(wrongBy.err[0]?.split('\n')[0]).toBe('--by takes tracking, platform or direct, not "post".');

    const voided = await cli(['void', bought.tracking_no, '--json', ...flags]);
    expect(voided.code, voided.err.join('\n')).toBe(0);
    expect(JSON.parse(voided.out[0] as string)).toMatchObject({ state: 'voided', trackingNo: bought.tracking_no });
    expect(service.sandbox.stats().labelsVoided).toBe(1);
    // What the service sold, read back in full (last: reading it takes the AppKey's token): the insurance was bought with the label.
    expect(await soldAs(bought.platform_uk_id)).toMatchObject({ tracking_no: bought.tracking_no, status: 'voided', insured_value: 120, insurance_fee: insured.fee });
  });

  it('buys an order\'s return label (again: the same label; --another: a second one) and asks for proof of delivery', async () => {
    const flags = service.flags(path.join(dir, 'data-returns'));
    expect((await cli(['orders', 'import', path.join(dir, 'orders.csv'), ...flags])).code).toBe(0);
    const sold = () => service.sandbox.stats().labelsSold;
    const before = sold();
    interface ReturnLine {
      order_number: string;
      return_number: number;
      platform_uk_id: string;
      tracking_no: string;
      service_level: string;
      duplicate_label: boolean;
      label_file: string;
    }
    const returnArgs = ['returns', 'buy', '--order', 'sp-1', '--service', 'usps_ground_advantage_return', '--ship-from', shipFrom, '--json', ...flags];
    const first = await cli(returnArgs);
    expect(first.code, first.err.join('\n')).toBe(0);
    expect(first.err).toEqual([]);
    const returned = JSON.parse(first.out[0] as string) as ReturnLine;
    expect(returned).toMatchObject({ order_number: 'SP-1', return_number: 1, service_level: 'USPS_GROUND_ADVANTAGE_RETURN', duplicate_label: false });
    expect(fs.readFileSync(returned.label_file).subarray(1, 4).toString()).toBe('PNG');
    expect(sold()).toBe(before + 1);

    const again = await cli(returnArgs);
    expect(again.code, again.err.join('\n')).toBe(0);
    expect(JSON.parse(again.out[0] as string)).toMatchObject({ return_number: 1, tracking_no: returned.tracking_no, duplicate_label: true });
    expect(again.err.join(' ')).toContain('--another');
    expect(sold()).toBe(before + 1);

    const another = await cliJson<ReturnLine>([...returnArgs, '--another', '--no-print']);
    expect(another).toMatchObject({ return_number: 2, duplicate_label: false });
    expect(another.tracking_no).not.toBe(returned.tracking_no);
    expect(sold()).toBe(before + 2);
    const history = await cliJson<Array<{ isReturn: boolean; state: string; trackingNo: string }>>(['history', 'SP-1', '--json', ...flags]);
    expect(history.filter((s) => s.isReturn && s.state === 'bought').map((s) => s.trackingNo).sort()).toEqual([returned.tracking_no, another.tracking_no].sort());

    const outbound = await cli(['returns', 'buy', '--order', 'SP-1', '--service', 'USPS_GROUND_ADVANTAGE', '--json', ...flags]);
    expect(outbound.code).toBe(2);
    expect(outbound.err[0]?.split('\n')[0]).toBe('Give the return service with --service: USPS_GROUND_ADVANTAGE_RETURN, USPS_PRIORITY_MAIL_RETURN, USPS_PRIORITY_MAIL_EXPRESS_RETURN.');
    const noOrder = await cli(['returns', 'buy', '--order', 'NO-SUCH', '--service', 'USPS_PRIORITY_MAIL_RETURN', '--ship-from', shipFrom, '--json', ...flags]);
    expect(noOrder.code).toBe(1);
    expect(noOrder.err[0]).toMatch(/^Error: .*NO-SUCH/);
    expect(sold()).toBe(before + 2);

    const pod = await cliJson<{ tracking_no: string; emails: string[]; message: string }>(['pod', 'submit', returned.tracking_no, '--email', 'ann@example.com', '--email', 'desk@example.com', '--json', ...flags]);
    expect(pod).toMatchObject({ tracking_no: returned.tracking_no, emails: ['ann@example.com', 'desk@example.com'] });
    expect(pod.message).toContain(returned.tracking_no);
    const unknown = await cli(['pod', 'submit', '9400000000000000000000', '--email', 'ann@example.com', '--json', ...flags]);
    expect(unknown.code).toBe(1);
    expect(unknown.err[0]).toMatch(/^Error: /);
    const tooMany = await cli(['pod', 'submit', returned.tracking_no, ...['a', 'b', 'c', 'd'].flatMap((n) => ['--email', `${n}@example.com`]), '--json', ...flags]);
    expect(tooMany.code).toBe(1);
    expect(tooMany.err).toEqual(['Error: The letter goes to at most 3 addresses']);
    const noEmail = await cli(['pod', 'submit', returned.tracking_no, '--json', ...flags]);
    expect(noEmail.code).toBe(2);
    expect(noEmail.err[0]?.split('\n')[0]).toBe('Give the address the letter goes to with --email.');
  });

  it("puts the day's label on a SCAN form once and books, lists and cancels a pickup of it", async () => {
    const flags = service.flags(path.join(dir, 'data-end-of-day'));
    const orders = path.join(dir, 'end-of-day.csv');
    fs.writeFileSync(orders, csv.replace('SP-1,Ann Lee', 'SP-2,Bo Ray'));
    expect((await cli(['orders', 'import', orders, ...flags])).code).toBe(0);
    const bought = await cliJson<{ tracking_no: string }>(['buy', '--order', 'SP-2', '--no-print', '--ship-from', shipFrom, '--json', ...flags]);

    const form = await cliJson<{ status: string; url: string | null; tracking_nos: string[] }>(['scan-form', 'create', '--json', ...flags]);
    expect(form).toMatchObject({ status: 'ready', tracking_nos: [bought.tracking_no] });
    expect(form.url).toMatch(/^http/);
    const nothingLeft = await cli(['scan-form', 'create', ...flags]);
    expect(nothingLeft.code).toBe(1);
    expect(nothingLeft.err).toEqual(['Error: There are no USPS labels from today that are not already on a SCAN form.']);

    // The answer carries only the pickup number, as a bare number: the rest is what the station asked for.
    const pickup = await cliJson<CliPickup>(['pickups', 'add', '--where', 'mail-room', '--where', 'other', '--describe', 'by the loading dock', '--json', ...flags]);
    expect(pickup).toMatchObject({ pickup_no: expect.stringMatching(/^\d+$/), status: 'CONFIRMED', tracking_nos: [bought.tracking_no], packages: 1 });
    expect(pickup.pickup_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const listed = await cliJson<{ pickups: CliPickup[]; total: number }>(['pickups', 'list', '--json', ...flags]);
    // The list's items carry no tracking numbers or count either: the ones the station booked are shown.
    expect(listed.pickups.find((p) => p.pickup_no === pickup.pickup_no)).toMatchObject({ status: 'CONFIRMED', pickup_date: pickup.pickup_date, tracking_nos: [bought.tracking_no], packages: 1 });
    expect(listed.total).toBeGreaterThanOrEqual(1);

    const canceled = await cli(['pickups', 'cancel', pickup.pickup_no, ...flags]);
    expect(canceled.code, canceled.err.join('\n')).toBe(0);
    expect(canceled.out).toEqual([expect.stringMatching(new RegExp(`^Canceled: Pickup ${pickup.pickup_no}  CANCELED  ${pickup.pickup_date}`))]);
    const afterCancel = await cliJson<{ pickups: CliPickup[] }>(['pickups', 'list', '--status', 'canceled', '--json', ...flags]);
    expect(afterCancel.pickups.find((p) => p.pickup_no === pickup.pickup_no)?.status).toBe('CANCELED');
    const unknown = await cli(['pickups', 'cancel', '999', '--json', ...flags]);
    expect(unknown.code).toBe(1);
    expect(unknown.out).toEqual([]);
    expect(unknown.err[0]).toMatch(/^Error: .*999/);
    expect(unknown.err[0]).not.toMatch(/pickup_no|not_found/);
    const past = await cli(['pickups', 'add', bought.tracking_no, '--where', 'office', '--date', '2020-01-01', '--json', ...flags]);
    expect(past.code).toBe(1);
    expect(past.err[0]).toMatch(/^Error: 2020-01-01 has passed\./);

    const places = await cliJson<{ locations: string[] }>(['pickups', 'locations', '--json', ...flags]);
    expect(places.locations).toEqual(expect.arrayContaining(['front_door', 'mail_room', 'other']));
  });
});
