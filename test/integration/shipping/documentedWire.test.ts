import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, cliJson, startCliService, type CliService } from '../../support/cli';
import { startFakeServer, type SeenRequest } from '../api/fakeServer';

// The command line's buy and returns buy with every option of the Ship screen,
// against a loopback service that speaks only the documented shapes
// (v2-docs.md 4.2, 4.3 and the insurance evidence of section 9): it refuses a
// top-level options object, additional_handling, a top-level or lower-case
// package code and an insured_value query, and hands everything else to the
// sandbox. The requests it saw are then read for the documented fields.

const csv = [
  'order_number,recipient_name,street,city,state,zip_code,country,weight_oz,length_in,width_in,height_in',
  'DW-1,Ann Lee,1457 Sunset Blvd,Los Angeles,CA,90026,US,12,10,8,4',
  'DW-2,Bo Park,350 5th Ave,New York,NY,10118,US,6,,,',
].join('\n');

/** The wrong shape a request carries, in words, or null when it keeps to the documented ones. */
function undocumented(request: SeenRequest): string | null {
  const url = new URL(request.url, 'http://x');
  if (url.pathname === '/api/shipment/insurance/rate' && (url.searchParams.has('insured_value') || !url.searchParams.has('declared_value'))) return 'insurance quote without declared_value';
  if (!request.body || !request.headers['content-type']?.includes('json')) return null;
  const body = JSON.parse(request.body) as Record<string, unknown>;
  for (const item of Array.isArray(body) ? (body as Record<string, unknown>[]) : [body]) {
    for (const key of ['options', 'additional_handling', 'carrier_package_code']) if (key in item) return `top-level ${key}`;
    const pkg = item.package_data as Record<string, unknown> | undefined;
    if (pkg && pkg.type !== 'my_package') return `package_data.type ${String(pkg.type)}`;
    if (pkg?.carrier_package_code !== undefined && !/^[A-Z0-9_]+$/.test(String(pkg.carrier_package_code))) return 'a lower-case package code';
  }
  return null;
}

let service: CliService;
let documented: Awaited<ReturnType<typeof startFakeServer>>;
/** The legacy (v1) service in front of the sandbox's: it records every request and hands it on. */
let legacy: Awaited<ReturnType<typeof startFakeServer>>;
let dir: string;
let shipFrom: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ps-documented-wire-'));
  fs.writeFileSync(path.join(dir, 'orders.csv'), csv);
  shipFrom = path.join(dir, 'from.json');
  fs.writeFileSync(shipFrom, JSON.stringify({ name: 'Shipping Desk', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip: '90021', phone: '2135550147' }));
  service = await startCliService({ seed: 83 });
  documented = await startFakeServer(async (request) => {
    const wrong = undocumented(request);
    if (wrong) return { status: 200, json: { code: 'param_invalid', msg: `undocumented request shape: ${wrong}`, data: null } };
    const headers: Record<string, string> = {};
    for (const name of ['authorization', 'content-type']) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const res = await fetch(`${service.sandbox.baseUrl}${request.url}`, { method: request.method, headers, ...(request.body ? { body: request.body } : {}) });
    return { status: res.status, text: await res.text() };
  });
  legacy = await startFakeServer(async (request) => {
    const res = await fetch(`${service.sandbox.legacyBaseUrl}${request.url}`, { method: request.method, ...(request.body ? { body: request.body, headers: { 'content-type': 'application/json' } } : {}) });
    return { status: res.status, text: await res.text() };
  });
});
afterAll(async () => {
  await legacy.close();
  await documented.close();
  await service.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const bodiesTo = (endpoint: string): Array<Record<string, unknown>> =>
  documented.seen.filter((r) => new URL(r.url, 'http://x').pathname === endpoint && r.body).map((r) => JSON.parse(r.body) as Record<string, unknown>);

describe('buy and returns buy with the Ship screen\'s options, in the documented shapes', () => {
  const data = () => path.join(dir, 'data');
  const flags = () => ['--data-dir', data(), '--base-url', documented.url, '--legacy-base-url', legacy.url];

  it('puts the options, the order number and the reference in option_data, and insures by declared_value', async () => {
    expect((await cli(['orders', 'import', path.join(dir, 'orders.csv'), ...flags()])).code).toBe(0);
    const bought = await cliJson<{ tracking_no: string; order_number: string }>([
      'buy', '--order', 'DW-1', '--signature', 'ADULT-SIGNATURE', '--additional-handling', '--reference', 'PO 4471', '--insure', '120',
      '--service', 'USPS_GROUND_ADVANTAGE', '--no-print', '--ship-from', shipFrom, '--json', ...flags(),
    ]);
    expect(bought).toMatchObject({ order_number: 'DW-1', tracking_no: expect.any(String) });

    const rated = bodiesTo('/api/shipment/get_rates').find((b) => (b.option_data as Record<string, unknown> | undefined)?.custom_text_on_label_1 === 'DW-1');
    expect(rated?.option_data).toEqual({ signature: 'adult_signature', custom_text_on_label_1: 'DW-1', custom_text_on_label_2: 'PO 4471', additional_handing: true });
    expect(rated?.package_data).toMatchObject({ type: 'my_package', weight_unit: 'lb', dimension_unit: 'in' });

    const insurance = documented.seen.map((r) => new URL(r.url, 'http://x')).find((u) => u.pathname === '/api/shipment/insurance/rate');
    expect(Object.fromEntries(insurance?.searchParams ?? [])).toEqual({ declared_value: '120', service_level: 'USPS_GROUND_ADVANTAGE' });
    const [paid] = bodiesTo('/api/shipment/create_and_pay');
    expect(paid?.insurance_data).toEqual({ rate_id: expect.any(String), coverage: 120, currency: 'USD', rate: expect.any(Number), service_level: 'USPS_GROUND_ADVANTAGE' });
  });

  it('sends a carrier package as package_data.carrier_package_code in upper case', async () => {
    const bought = await cli(['buy', '--order', 'DW-2', '--box', 'usps_flat_rate_envelope', '--saturday', '--service', 'USPS_PRIORITY_MAIL', '--no-print', '--ship-from', shipFrom, '--json', ...flags()]);
    expect(bought.code, bought.err.join('\n')).toBe(0);
    const rated = bodiesTo('/api/shipment/get_rates').find((b) => (b.option_data as Record<string, unknown> | undefined)?.custom_text_on_label_1 === 'DW-2');
    expect(rated?.package_data).toMatchObject({ type: 'my_package', carrier_package_code: 'USPS_FLAT_RATE_ENVELOPE' });
    expect(rated?.require_saturday_delivery).toBe(true);
  });

  it('returns buy prices the return with the options and the order number, then buys that very rate', async () => {
    const bought = await cli(['returns', 'buy', '--order', 'DW-1', '--service', 'USPS_GROUND_ADVANTAGE_RETURN', '--signature', 'signature', '--reference', 'RMA-5', '--no-print', '--ship-from', shipFrom, '--json', ...flags()]);
    expect(bought.code, bought.err.join('\n')).toBe(0);
    const rated = bodiesTo('/api/shipment/get_rates').find((b) => b.is_return_label === true);
    expect(rated?.option_data).toEqual({ signature: 'signature', custom_text_on_label_1: 'DW-1', custom_text_on_label_2: 'RMA-5' });
    const paid = bodiesTo('/api/shipment/create_and_pay').filter((b) => b.is_return_label === true);
    expect(paid).toHaveLength(1);
    expect(typeof paid[0]?.rate_id).toBe('string');
  });

  it('refuses bad option values in words, before anything is bought', async () => {
    const purchases = () => bodiesTo('/api/shipment/create_and_pay').length + bodiesTo('/api/shipment/direct_buy').length;
    const bought = purchases();
    const before = documented.seen.length;
    const signature = await cli(['buy', '--order', 'DW-2', '--signature', 'maybe', '--no-print', ...flags()]);
    expect(signature.code).toBe(2);
    expect(signature.err[0]).toMatch(/^--signature takes one of signature, adult_signature, usps_signature_restricted, usps_adult_signature_restricted; "maybe" is not one\./);
    const reference = await cli(['returns', 'buy', '--order', 'DW-1', '--service', 'USPS_PRIORITY_MAIL_RETURN', '--reference', 'x'.repeat(36), ...flags()]);
    expect(reference.code).toBe(2);
    expect(reference.err[0]).toMatch(/^--reference is printed on the label and can be at most 35 characters; this one has 36\./);
    expect(documented.seen.length).toBe(before);
    const box = await cli(['buy', '--order', 'DW-2', '--box', 'Shoebox', '--no-print', '--ship-from', shipFrom, ...flags()]);
    expect(box.code).toBe(1);
    expect(box.err.join('\n')).toContain('No box preset or carrier package is called "Shoebox"');
    expect(purchases()).toBe(bought);
  });

  it('never asks a real service for the practice order list: no pull, and a scan of an unknown order is answered from the inbox', async () => {
    const pull = await cli(['orders', 'pull', ...flags()]);
    expect(pull.code).toBe(2);
    expect(pull.err.join('\n')).toContain('The shipping service offers no list of its orders: import them with "orders import FILE.csv".');
    const practice = await cli(['orders', 'pull-practice', ...flags()]);
    expect(practice.code).toBe(1);
    expect(practice.err.join('\n')).toContain('The shipping service offers no list of its orders.');
    const unknown = await cli(['buy', '--order', 'DW-404', '--no-print', '--ship-from', shipFrom, ...flags()]);
    expect(unknown.code).toBe(1);
    expect(unknown.err.join('\n')).toContain('Order DW-404 is not in the inbox. Import it from a CSV file first.');
    expect(legacy.seen.map((r) => new URL(r.url, 'http://x').pathname).filter((p) => p.includes('orders/list'))).toEqual([]);
  });

  it('sent nothing the documented service refused', () => {
    expect(documented.seen.map(undocumented).filter((w) => w !== null)).toEqual([]);
  });
});
