import { describe, expect, it } from 'vitest';
import type { BatchRow } from '../../../shared/contract/batchBench';
import type { BenchAddress } from '../../../shared/contract/bench';
import { batchShown, returnsShown } from '../../../shared/contract/desks';
import type { OrderLine, PurchaseResult, Rate, RateQuote, StationAddress } from '../../../shared/contract/shippingTypes';
import { batchStep, initialBatch, STALE_LINE, type BatchEffect, type BatchEvent } from '../../../electron/bench/batchMachine';
import { initialReturns, returnsStep, STALE_RETURN, type ReturnsEffect, type ReturnsEvent } from '../../../electron/bench/returnsMachine';

const customer: StationAddress = { name: 'Ann Lee', street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };
const home: StationAddress = { name: 'Parcel Works', street: '500 Market St', city: 'San Francisco', state: 'CA', zip: '94105', country: 'US' };
const order: OrderLine = {
  orderNumber: 'R-1',
  source: 'manual',
  recipient: customer,
  package: { weightOz: 20 },
  customs: null,
  items: [],
  shipped: false,
  importedAt: '2026-11-28T00:00:00Z',
};
const rate = (rateId: string | null, serviceLevel: string, price: number): Rate => ({
  rateId,
  carrierCode: 'USPS',
  serviceLevel,
  serviceName: serviceLevel,
  price,
  currency: 'USD',
  deliveryDays: 3,
  priceDetails: null,
});
const quote = (quoteId: number, prices: readonly [number, number] = [6.1, 11.2]): RateQuote => ({
  quoteId,
  source: 'get_rates',
  rates: [rate(`g${quoteId}`, 'USPS_GROUND_ADVANTAGE_RETURN', prices[0]), rate(`p${quoteId}`, 'USPS_PRIORITY_MAIL_RETURN', prices[1])],
  errors: [],
  preselected: 0,
  rule: { kind: 'cheapest' },
});
const sold = { shipment: { orderNumber: 'R-1' }, reused: false } as unknown as PurchaseResult;

function drive<M, E, F extends { type: string }>(start: M, step: (m: M, e: E) => readonly [M, readonly F[]]) {
  let m = start;
  let effects: readonly F[] = [];
  const send = (event: E): M => {
    [m, effects] = step(m, event);
    return m;
  };
  const effect = <T extends F['type']>(type: T) => effects.find((e): e is Extract<F, { type: T }> => e.type === type);
  return { send, effect, effects: () => effects.map((e) => e.type), machine: () => m };
}

const returns = () => drive<ReturnType<typeof initialReturns>, ReturnsEvent, ReturnsEffect>(initialReturns('return:k'), returnsStep);

function pricedReturn(q: RateQuote = quote(1)) {
  const d = returns();
  d.send({ type: 'orderFound', order, scaleOz: null, packageKey: 'return:k2' });
  const ticket = d.effect('rate')?.ticket ?? -1;
  d.send({ type: 'rated', ticket, to: home, result: { ok: true, value: q } });
  return d;
}

describe('the Returns machine, without a browser', () => {
  it('starts idle with words for what is missing; an order takes its customer and weight and asks the price at once', () => {
    const d = returns();
    expect(d.machine().view.blockers.map((b) => b.field)).toEqual(['order', 'weight']);
    const started = d.send({ type: 'orderFound', order, scaleOz: null, packageKey: 'return:k2' }).view;
    expect(started).toMatchObject({ orderNumber: 'R-1', customer, weight: { oz: 20, source: 'order' }, rates: { status: 'rating' } });
    expect(started.blockers).toEqual([{ field: 'rate', message: 'The price is still on its way.' }]);
    expect(d.effect('rate')).toMatchObject({ from: customer, pkg: { weightOz: 20 }, orderNumber: 'R-1', options: { isReturnLabel: true } });
  });

  it('a stable scale reading wins over the order\'s weight', () => {
    const d = returns();
    expect(d.send({ type: 'orderFound', order, scaleOz: 33, packageKey: 'k' }).view.weight).toMatchObject({ oz: 33, source: 'scale' });
  });

  it('draws the price (Ground Advantage Return first); the buying key with the price shown buys that quote\'s rate for the order\'s return number', () => {
    const d = pricedReturn();
    const view = d.machine().view;
    expect(view.rates).toMatchObject({ status: 'ready', picked: 0 });
    expect(view.blockers).toEqual([]);
    const buying = d.send({ type: 'buyPressed', shown: returnsShown(view) }).view;
    expect(buying.purchase.status).toBe('buying');
    expect(d.effect('buy')?.input).toMatchObject({ method: 'rate', quoteId: 1, rateId: 'g1', orderNumber: 'R-1', returnNumber: 1 });
    expect(d.effect('buy')?.input.decisions).toEqual(['Return priced before buying: USPS_GROUND_ADVANTAGE_RETURN at $6.10 (the usual return service).']);
    const packageId = d.effect('buy')?.packageId ?? -1;
    expect(d.send({ type: 'bought', packageId, result: { ok: true, value: sold } }).view.purchase).toMatchObject({ status: 'bought', result: sold });
  });

  it('a weight typed clears the price until the new one is drawn, and a key pressed on the old price buys nothing, in words', () => {
    const d = pricedReturn();
    const old = returnsShown(d.machine().view);
    const typed = d.send({ type: 'weightTyped', text: '5 lb' }).view;
    expect(typed.rates.status).toBe('rating');
    expect(returnsShown(typed)).toBeNull();
    const ticket = d.effect('rate')?.ticket ?? -1;
    d.send({ type: 'rated', ticket, to: home, result: { ok: true, value: quote(2, [9.5, 14]) } });
    const refused = d.send({ type: 'buyPressed', shown: old }).view;
    expect(d.effects()).toEqual([]);
    expect(refused.purchase).toMatchObject({ status: 'none', error: { code: 'conflict', message: STALE_RETURN } });
    d.send({ type: 'buyPressed', shown: returnsShown(d.machine().view) });
    expect(d.effect('buy')?.input).toMatchObject({ quoteId: 2, rateId: 'g2' });
  });

  it('an answer to an older price is dropped; a weight it cannot read stops the key with words at the weight', () => {
    const d = returns();
    d.send({ type: 'orderFound', order, scaleOz: null, packageKey: 'k' });
    const first = d.effect('rate')?.ticket ?? -1;
    d.send({ type: 'weightTyped', text: '1 ib' });
    expect(d.machine().view.weight.error).toMatch(/is not a weight/);
    expect(d.send({ type: 'rated', ticket: first, to: home, result: { ok: true, value: quote(1) } }).view.rates.status).toBe('idle');
    const refused = d.send({ type: 'buyPressed', shown: null }).view;
    expect(refused.purchase.error?.message).toMatch(/is not a weight/);
    expect(refused.blockers[0]?.field).toBe('weight');
  });

  it('the service picked on screen is kept when the return is priced again; the command line\'s named service is the only one bought', () => {
    const d = pricedReturn();
    d.send({ type: 'picked', index: 1 });
    d.send({ type: 'weightTyped', text: '3 lb' });
    d.send({ type: 'rated', ticket: d.effect('rate')?.ticket ?? -1, to: home, result: { ok: true, value: quote(3) } });
    expect(d.machine().view.rates.picked).toBe(1);

    const cli = returns();
    cli.send({ type: 'chosen', choice: { options: { signature: null, saturday: false, additionalHandling: false, returnLabel: false, lithiumBattery: false, qrLabel: false, insuranceText: '', insuranceAmount: null, insuranceError: null } }, print: false, level: 'USPS_PRIORITY_MAIL_EXPRESS_RETURN' });
    cli.send({ type: 'orderFound', order, scaleOz: null, packageKey: 'k' });
    const view = cli.send({ type: 'rated', ticket: cli.effect('rate')?.ticket ?? -1, to: home, result: { ok: true, value: quote(4) } }).view;
    expect(view.rates.picked).toBeNull();
    expect(view.blockers[0]?.field).toBe('rate');
  });

  it('another return asks the next number and a new price; clearing starts a return typed by hand under a new key', () => {
    const d = pricedReturn();
    d.send({ type: 'buyPressed', shown: returnsShown(d.machine().view) });
    d.send({ type: 'bought', packageId: d.effect('buy')?.packageId ?? -1, result: { ok: true, value: sold } });
    const again = d.send({ type: 'anotherAsked', returnNumber: 2 }).view;
    expect(again).toMatchObject({ returnNumber: 2, purchase: { status: 'none' }, rates: { status: 'rating' } });
    d.send({ type: 'rated', ticket: d.effect('rate')?.ticket ?? -1, to: home, result: { ok: true, value: quote(5) } });
    d.send({ type: 'buyPressed', shown: returnsShown(d.machine().view) });
    expect(d.effect('buy')?.input).toMatchObject({ orderNumber: 'R-1', returnNumber: 2, quoteId: 5 });

    const fresh = pricedReturn();
    fresh.send({ type: 'cleared', packageKey: 'return:typed' });
    fresh.send({ type: 'customerTyped', address: customer });
    fresh.send({ type: 'weightTyped', text: '12 oz' });
    fresh.send({ type: 'rated', ticket: fresh.effect('rate')?.ticket ?? -1, to: home, result: { ok: true, value: { ...quote(6), rates: [rate(null, 'USPS_GROUND_ADVANTAGE_RETURN', 6)] } } });
    fresh.send({ type: 'buyPressed', shown: returnsShown(fresh.machine().view) });
    expect(fresh.effect('buy')?.input).toMatchObject({ method: 'direct', packageKey: 'return:typed', from: customer, to: home, serviceLevel: 'USPS_GROUND_ADVANTAGE_RETURN' });
  });

  it('a failed price or purchase is said in words and buys nothing more', () => {
    const d = returns();
    d.send({ type: 'orderFound', order, scaleOz: null, packageKey: 'k' });
    const failed = d.send({ type: 'rated', ticket: d.effect('rate')?.ticket ?? -1, to: null, result: { ok: false, error: { code: 'not_configured', message: 'No ship-from.' } } }).view;
    expect(failed.blockers).toEqual([{ field: 'rate', message: 'No ship-from.' }]);
    const p = pricedReturn();
    p.send({ type: 'buyPressed', shown: returnsShown(p.machine().view) });
    const view = p.send({ type: 'bought', packageId: p.effect('buy')?.packageId ?? -1, result: { ok: false, error: { code: 'conflict', message: 'Refused.' } } }).view;
    expect(view.purchase).toMatchObject({ status: 'failed', error: { message: 'Refused.' } });
  });
});

const unchecked: BenchAddress = { status: 'confirmed', entered: customer, suggestion: null, corrections: [], messages: [], problem: null };
const row = (key: string, q: RateQuote | null, over: Partial<BatchRow> = {}): BatchRow => ({
  key,
  orderNumber: key.slice(6).toUpperCase(),
  order,
  alreadyShipped: false,
  to: customer,
  address: unchecked,
  weight: { text: '1 lb 4 oz', oz: 20, source: 'order', error: null, scaleProblem: null },
  quote: q,
  picked: q ? 0 : null,
  error: null,
  blockers: [],
  ...over,
});

const batch = () => drive<ReturnType<typeof initialBatch>, BatchEvent, BatchEffect>(initialBatch(), batchStep);

function scanned(d: ReturnType<typeof batch>, key: string, answer: BatchRow) {
  d.send({ type: 'scanned', key, orderNumber: answer.orderNumber, weightText: '' });
  const ticket = d.effect('prepare')?.ticket ?? -1;
  return d.send({ type: 'prepared', key, ticket, result: { ok: true, value: answer } }).view;
}

describe('the Batch machine, without a browser', () => {
  it('a scan adds a line and asks it prepared; the prepared line is buyable, with its price in the total', () => {
    const d = batch();
    const added = d.send({ type: 'scanned', key: 'order:a-1', orderNumber: 'A-1', weightText: '' }).view;
    expect(added.lines[0]).toMatchObject({ key: 'order:a-1', row: null, buyable: false });
    expect(d.effect('prepare')).toMatchObject({ key: 'order:a-1', orderNumber: 'A-1' });
    const view = d.send({ type: 'prepared', key: 'order:a-1', ticket: d.effect('prepare')?.ticket ?? -1, result: { ok: true, value: row('order:a-1', quote(1)) } }).view;
    expect(view).toMatchObject({ ready: 1, total: 6.1 });
    expect(view.lines[0]).toMatchObject({ buyable: true, price: 6.1, picked: 0 });
  });

  it('the same order twice is refused; an order not found leaves the batch with words', () => {
    const d = batch();
    scanned(d, 'order:a-1', row('order:a-1', quote(1)));
    expect(d.send({ type: 'scanned', key: 'order:a-1', orderNumber: 'A-1', weightText: '' }).view.scanError?.message).toBe('Order A-1 is already in this batch.');
    const gone = scanned(d, 'order:zz-9', row('order:zz-9', null, { order: null, error: { code: 'not_found', message: 'Order ZZ-9 was not found.' } }));
    expect(gone.lines.map((l) => l.key)).toEqual(['order:a-1']);
    expect(gone.scanError?.message).toBe('Order ZZ-9 was not found.');
  });

  it('an unconfirmed address stops the line until SHIP is typed, and Alt+P carries the word', () => {
    const d = batch();
    const problem = 'The service could not confirm this address.';
    const view = scanned(d, 'order:a-1', row('order:a-1', quote(1), { address: { ...unchecked, status: 'needs_decision', problem }, blockers: [problem] }));
    expect(view.lines[0]).toMatchObject({ buyable: false, why: problem });
    const typed = d.send({ type: 'overrideTyped', key: 'order:a-1', word: 'ship' }).view;
    expect(typed.lines[0]?.buyable).toBe(true);
    d.send({ type: 'buyPressed', shown: batchShown(typed) });
    expect(d.effect('buy')?.rows).toEqual([{ key: 'order:a-1', quoteId: 1, picked: 0, price: 6.1, override: 'ship' }]);
  });

  it('a weight typed takes the line\'s price away until it is prepared again; Alt+P on the old price buys nothing, in words', () => {
    const d = batch();
    const before = scanned(d, 'order:a-1', row('order:a-1', quote(1)));
    const typed = d.send({ type: 'weightTyped', key: 'order:a-1', text: '5 lb' }).view;
    expect(typed.lines[0]).toMatchObject({ row: null, buyable: false, weightText: '5 lb' });
    expect(typed.total).toBe(0);
    const ticket = d.effect('prepare')?.ticket ?? -1;
    d.send({ type: 'prepared', key: 'order:a-1', ticket, result: { ok: true, value: row('order:a-1', quote(2, [9, 12])) } });
    const refused = d.send({ type: 'buyPressed', shown: batchShown(before) }).view;
    expect(d.effects()).toEqual([]);
    expect(refused.error?.message).toBe(STALE_LINE);
    expect(refused.running).toBe(false);
  });

  it('a pick changes the line\'s price; Alt+P buys the current lines as a queue, and their outcomes follow', () => {
    const d = batch();
    scanned(d, 'order:a-1', row('order:a-1', quote(1)));
    scanned(d, 'order:b-2', row('order:b-2', quote(2)));
    const picked = d.send({ type: 'picked', key: 'order:b-2', index: 1 }).view;
    expect(picked.total).toBe(17.3);
    const running = d.send({ type: 'buyPressed', shown: batchShown(picked) }).view;
    expect(running.running).toBe(true);
    expect(d.effect('buy')?.rows.map((r) => [r.key, r.price])).toEqual([
      ['order:a-1', 6.1],
      ['order:b-2', 11.2],
    ]);
    expect(d.send({ type: 'removed', key: 'order:a-1' }).view.lines).toHaveLength(2);
    const shipment = { trackingNo: 'T1' } as never;
    d.send({ type: 'outcome', outcome: { key: 'order:a-1', ok: true, shipment, printJobId: null, alreadyShipped: false } });
    d.send({ type: 'outcome', outcome: { key: 'order:b-2', ok: false, message: 'Refused.', code: 'conflict' } });
    const done = d.send({ type: 'buyFinished', error: null }).view;
    expect(done).toMatchObject({ running: false, done: 2, ready: 1 });
    expect(done.lines.map((l) => l.buyable)).toEqual([false, true]);
    const again = d.send({ type: 'rateAgain' }).view;
    expect(d.effects()).toEqual(['prepare']);
    expect(again.lines.map((l) => l.row === null)).toEqual([false, true]);
    expect(d.send({ type: 'cleared' }).view.lines).toEqual([]);
  });
});
