import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StationError } from '../../../shared/contract/errors';
import type { AccountCommandName } from '../../../electron/account/module';
import { v1ShipmentRequest } from '../../../electron/account/v1Request';
import { toCustomData } from '../../../electron/shipping/customs';
import { createOrdersRepo } from '../../../electron/store/ordersRepo';
import { openV1Desk, type V1Desk } from '../../support/v1Desk';

let desk: V1Desk;
const sent: Array<{ path: string; body: unknown }> = [];

const call: V1Desk['call'] = (name, input) => desk.call(name, input);
const printed = (): string[] => desk.printJobs.map((job) => job.title ?? '');
async function refusal(name: AccountCommandName, input: unknown): Promise<StationError> {
  try {
    await call(name, input);
  } catch (error) {
    // A shape the contract refuses comes back as its first issue, in the same words the station would show.
    const issue = (error as { issues?: Array<{ message: string }> }).issues?.[0];
    return issue ? { code: 'invalid_input', message: issue.message } : (error as { error: StationError }).error;
  }
  throw new Error(`${name} was not refused`);
}

const shipFrom = { name: 'Desk', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip: '90021', country: 'US', phone: '213-555-0100' };
const london = { name: 'Olivia Hart', phone: '+44 20 7946 0958', street: '10 Downing St', city: 'London', state: '', zip: 'SW1A 2AA', country: 'GB' };
const pkg = { weightOz: 20, lengthIn: 10, widthIn: 8, heightIn: 4 };
const scarf = { description: 'Wool scarf', quantity: 2, valueUsd: 35, weightOz: 4, hsCode: '6117.10', originCountry: 'GB' };
const merchandise = { contentsType: 'merchandise', nonDelivery: 'return', items: [scarf] } as const;
const shipment = (extra: Record<string, unknown> = {}) => ({ storeName: 'Intl Store', orderNumber: 'V1-UK-1', warehouseName: 'Main Warehouse', to: london, package: pkg, ...extra });
const lastRatesBody = (): unknown => sent.filter((s) => s.path === '/api/rates/list').at(-1)?.body;

beforeAll(async () => {
  desk = await openV1Desk({
    sandbox: { seed: 15 },
    client: {
      fetch: async (url, init) => {
        sent.push({ path: new URL(String(url)).pathname, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
        return fetch(url, init);
      },
    },
    shipFrom,
  });
  // The orders exist at the service (its v1 order form takes U.S. addresses); the label desk ships them abroad.
  const placeholder = { name: 'Olivia Hart', street: '1457 Sunset Boulevard', city: 'Los Angeles', state: 'CA', zip: '90026' };
  for (const orderNumber of ['V1-UK-1', 'V1-UK-2', 'V1-UK-3', 'V1-X']) {
    await call('account.orders.create', { storeName: 'Intl Store', warehouseName: 'Main Warehouse', orderNumber, verifyAddress: false, recipient: placeholder, packages: [pkg] });
  }
});
afterAll(() => desk.close());

describe('v1 label desk: international shipments with contents', () => {
  it('sends contents (pounds per unit), contents_type, non_delivery_option, eel_pfc_type/code and the phones; rates only international levels, cheapest first', async () => {
    const quote = await call('account.rates', shipment({ customs: merchandise }));
    const body = lastRatesBody() as {
      from: { phone: string };
      to: { phone: string };
      shipments: Array<{ contents: unknown[] }>;
      order: Record<string, string>;
    };
    expect(body.shipments[0]?.contents).toEqual([{ description: 'Wool scarf', quantity: 2, value: 35, weight: 0.25, hs_tariff_number: '611710', origin_country: 'GB' }]);
    expect(body.order).toMatchObject({ contents_type: 'MERCHANDISE', non_delivery_option: 'RETURN', eel_pfc_type: 'EXEMPTION_CODE', eel_pfc_code: 'NOEEI 30.37(a)' });
    expect([body.from.phone, body.to.phone]).toEqual(['213-555-0100', '+44 20 7946 0958']);
    expect(quote.rates.length).toBeGreaterThan(0);
    expect(quote.rates.every((r) => /international|worldwide|standard/i.test(r.serviceType))).toBe(true);
    expect(quote.rates.map((r) => r.price)).toEqual([...quote.rates.map((r) => r.price)].sort((a, b) => a - b));
  });

  it('buys directly with its customs form on the same printer after the label', async () => {
    const before = printed().length;
    const bought = await call('account.buyDirect', shipment({ orderNumber: 'V1-UK-2', customs: merchandise, serviceType: 'usps_priority_mail_international' }));
    expect(bought.trackingCode ?? bought).toBeTruthy();
    expect(printed().slice(before)).toEqual([expect.not.stringMatching(/Customs/), expect.stringMatching(/^Customs form 1 /)]);
  });

  it('an order the station holds carries its items into the declaration', async () => {
    createOrdersRepo(desk.db, () => new Date()).upsert({
      orderNumber: 'V1-UK-3',
      source: 'v1',
      recipient: london,
      package: pkg,
      customs: { contentsType: 'gift', nonDelivery: 'abandon', items: [{ description: 'Teacup', quantity: 1, valueUsd: 12, weightOz: 8, originCountry: 'GB' }] },
      recipientName: london.name,
    });
    await call('account.rates', shipment({ orderNumber: 'V1-UK-3' }));
    const body = lastRatesBody() as { shipments: Array<{ contents: unknown[] }>; order: Record<string, string> };
    expect(body.order).toMatchObject({ contents_type: 'GIFT', non_delivery_option: 'ABANDON' });
    expect(body.shipments[0]?.contents).toEqual([{ description: 'Teacup', quantity: 1, value: 12, weight: 0.5, origin_country: 'GB' }]);
  });

  it('refuses in words before sending anything: no phone, no items, a line over $2,500 without an ITN, a U.S. state for a Canadian address', async () => {
    const count = sent.length;
    expect((await refusal('account.rates', shipment({ orderNumber: 'V1-X', to: { ...london, phone: '' }, customs: merchandise }))).message).toBe(
      "Enter the recipient's phone number: carriers need it on shipments that leave the country",
    );
    expect((await refusal('account.rates', shipment({ orderNumber: 'V1-X' }))).message).toBe('This package leaves the country: declare its contents for customs');
    expect((await refusal('account.rates', shipment({ orderNumber: 'V1-X', customs: { ...merchandise, items: [{ ...scarf, valueUsd: 1300 }] } }))).message).toBe(
      'HS 611710 (Wool scarf) is worth $2,600.00, over $2,500.00: file the export in AES and enter its ITN',
    );
    const montreal = { name: 'Noah Tremblay', phone: '514-555-0142', street: '1 Rue Sainte-Catherine', city: 'Montreal', state: 'NY', zip: 'H2X 1Y4', country: 'CA' };
    expect((await refusal('account.rates', shipment({ orderNumber: 'V1-X', to: montreal, customs: merchandise }))).message).toMatch(/province/i);
    expect(sent.length).toBe(count);
  });

  it('the sandbox v1 applies the documented rules itself', async () => {
    const from = shipFrom;
    const base = { storeName: 'Intl Store', orderNumber: 'V1-RAW', packageIndex: 1, warehouseName: 'Main Warehouse', to: london, package: pkg };
    const noCustoms = v1ShipmentRequest(base, from);
    await expect(desk.v1.ratesList({ ...noCustoms, order: { warehouse_name: 'Main Warehouse' } })).rejects.toMatchObject({ message: expect.stringMatching(/contents|customs/i) });
    const noPhone = v1ShipmentRequest({ ...base, to: { ...london, phone: '' } }, from, toCustomData(from, london, merchandise));
    await expect(desk.v1.ratesList({ ...noPhone, order: { ...noPhone.order, order_number: undefined, store_name: undefined } })).rejects.toMatchObject({ message: expect.stringMatching(/phone/i) });
    const dear = { ...merchandise, items: [{ ...scarf, valueUsd: 1300 }] };
    const over = v1ShipmentRequest(base, from, toCustomData(from, london, dear));
    await expect(desk.v1.ratesList({ ...over, order: { ...over.order, order_number: undefined, store_name: undefined } })).rejects.toMatchObject({ message: expect.stringMatching(/ITN/) });
  });
});
