import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StationFailure } from '../../../shared/contract/errors';
import { shippingCommands } from '../../../shared/contract/shipping';
import { startBench, type Bench, type BenchStation } from './harness';

let bench: Bench;
let station: BenchStation;

async function call<N extends keyof typeof shippingCommands>(name: N, input: unknown): Promise<Awaited<ReturnType<BenchStation['module']['handlers'][N]>>> {
  const parsed = shippingCommands[name].input.parse(input) as never;
  return (await station.module.handlers[name](parsed)) as never;
}

async function refusal(name: keyof typeof shippingCommands, input: unknown): Promise<{ message: string; field?: string | undefined }> {
  const error = await call(name, input).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (error instanceof StationFailure) return error.error;
  const issue = (error as { issues?: Array<{ message: string; path: Array<string | number> }> }).issues?.[0];
  if (issue) return { message: issue.message, field: issue.path.join('.') };
  throw new Error(`expected a refusal from ${name}`);
}

const london = { name: 'Olivia Hart', phone: '+44 20 7946 0958', street: '10 Downing St', city: 'London', zip: 'SW1A 2AA', country: 'GB' };
const montreal = { name: 'Noah Tremblay', phone: '514-555-0142', street: '1 Rue Sainte-Catherine', city: 'Montreal', state: 'QC', zip: 'H2X 1Y4', country: 'CA' };
const scarf = { description: 'Wool scarf', quantity: 2, valueUsd: 35, weightOz: 5, hsCode: '6117.10', originCountry: 'GB' };
const gloves = { description: 'Leather gloves', quantity: 1, valueUsd: 49.5, weightOz: 4, hsCode: '420329', originCountry: 'IT' };
const merchandise = { contentsType: 'merchandise', nonDelivery: 'return', items: [scarf, gloves] };
const pkg = { weightOz: 20, lengthIn: 10, widthIn: 8, heightIn: 4 };

beforeAll(async () => {
  bench = await startBench();
  station = await bench.open();
});

afterAll(async () => {
  await station.close();
  await bench.close();
});

describe('international shipments', () => {
  it('rates international service levels only, buys with customs, and stores and prints the customs form after the label', async () => {
    const quote = await call('rates.quote', { to: london, package: pkg, customs: merchandise });
    const levels = quote.rates.map((r) => r.serviceLevel);
    expect(levels).toContain('USPS_PRIORITY_MAIL_INTERNATIONAL');
    expect(levels.every((l) => /INTERNATIONAL|WORLDWIDE|UPS_STANDARD/.test(l))).toBe(true);
    expect(quote.rates.map((r) => r.price)).toEqual([...quote.rates.map((r) => r.price)].sort((a, b) => a - b));
    const jobsBefore = bench.printer.jobs.length;
    const bought = await call('labels.buy', { method: 'rate', quoteId: quote.quoteId, rateId: quote.rates[0]?.rateId, orderNumber: 'UK-1' });
    expect(bought.shipment).toMatchObject({ state: 'bought', labelCount: 1, customsFormCount: 1 });
    const jobs = bench.printer.jobs.slice(jobsBefore);
    expect(jobs.map((j) => j.title)).toEqual([expect.not.stringMatching(/Customs/), expect.stringMatching(/^Customs form 1 /)]);
    const reprint = await call('history.reprint', { shipmentId: bought.shipment.id, kind: 'customs' });
    expect(reprint.jobIds).toHaveLength(1);
    expect(bench.printer.jobs.at(-1)?.title).toMatch(/^Customs form Reprint/);
  });

  it('ships a gift to Canada by direct buy with its form', async () => {
    const gift = { contentsType: 'gift', nonDelivery: 'abandon', items: [{ description: 'Maple syrup', quantity: 1, valueUsd: 18, weightOz: 16, hsCode: '170220', originCountry: 'US' }] };
    const bought = await call('labels.buy', { method: 'direct', carrierCode: 'USPS', serviceLevel: 'USPS_PRIORITY_MAIL_INTERNATIONAL', to: montreal, package: pkg, customs: gift, orderNumber: 'CA-1', print: false });
    expect(bought.shipment).toMatchObject({ state: 'bought', customsFormCount: 1 });
  });

  it('refuses, in words, what carriers refuse', async () => {
    expect(await refusal('rates.quote', { to: { ...london, phone: undefined }, package: pkg, customs: merchandise })).toEqual({
      code: 'invalid_input',
      message: "Enter the recipient's phone number: carriers need it on shipments that leave the country",
      field: 'to.phone',
    });
    expect(await refusal('rates.quote', { to: london, package: pkg })).toMatchObject({ message: 'This package leaves the country: declare its contents for customs', field: 'customs.items' });
    expect(await refusal('rates.quote', { to: london, package: pkg, customs: { ...merchandise, items: [] } })).toMatchObject({
      message: 'List the items in the package for customs: merchandise need at least one',
    });
    const laptop = { description: 'Laptop', quantity: 1, valueUsd: 2600, weightOz: 64, hsCode: '8471.30', originCountry: 'CN' };
    expect(await refusal('rates.quote', { to: london, package: pkg, customs: { ...merchandise, items: [laptop] } })).toMatchObject({
      message: 'HS 847130 (Laptop) is worth $2,600.00, over $2,500.00: file the export in AES and enter its ITN',
      field: 'customs.itn',
    });
    const withItn = await call('rates.quote', { to: london, package: pkg, customs: { ...merchandise, items: [laptop], itn: 'X20250627012345' } });
    expect(withItn.rates.length).toBeGreaterThan(0);
    expect(await refusal('rates.quote', { to: { ...montreal, state: 'NY' }, package: pkg, customs: merchandise })).toMatchObject({
      message: '"NY" is not a province of Canada (that is a U.S. state); use one of AB, BC, MB, NB, NL, NS, NT, NU, ON, PE, QC, SK, YT',
      field: 'to.state',
    });
  });
});
