import { describe, expect, it } from 'vitest';
import type { AutoBuySetting } from '../../../shared/contract/autoBuyView';
import { shownQuote } from '../../../shared/contract/bench';
import type { OrderLine, PurchaseResult, Rate, RateQuote, StationAddress } from '../../../shared/contract/shippingTypes';
import { initialMachine, step, type Effect, type ShipEvent, type ShipMachine } from '../../../electron/bench/shipMachine';
import { readAutoBuyFlag, withCapFromFlag } from '../../../electron/bench/autoBuySetting';
import { orderBoxKey } from '../../../electron/purchases/packageKey';

const to: StationAddress = { name: 'Ann Lee', street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };
const order: OrderLine = {
  orderNumber: 'A-1',
  source: 'manual',
  recipient: to,
  package: { weightOz: 20, lengthIn: 10, widthIn: 8, heightIn: 4 },
  customs: null,
  items: [],
  shipped: false,
  importedAt: '2026-11-28T00:00:00Z',
};
const rate = (rateId: string, price: number): Rate => ({
  rateId,
  carrierCode: 'USPS',
  serviceLevel: 'USPS_GROUND_ADVANTAGE',
  serviceName: 'USPS Ground Advantage',
  price,
  currency: 'USD',
  deliveryDays: 3,
  priceDetails: null,
});
const quote = (quoteId: number, price: number): RateQuote => ({
  quoteId,
  source: 'get_rates',
  rates: [rate(`g${quoteId}`, price), { ...rate(`u${quoteId}`, price + 4), carrierCode: 'UPS', serviceLevel: 'UPS_GROUND', serviceName: 'UPS Ground' }],
  errors: [],
  preselected: 0,
  rule: { kind: 'cheapest' },
});
const sold = { shipment: { orderNumber: 'A-1' }, reused: false, labelPng: null, customsForms: [], printJobId: null, printError: null } as unknown as PurchaseResult;
const cap50: AutoBuySetting = { on: true, capUsd: 50, countdownSeconds: 1 };
const stable = (oz: number): ShipEvent => ({ type: 'scaleRead', reading: { stable: true, status: 'stable', statusText: 'stable', oz } });

/** The machine driven as the station drives it, with the auto-buy setting given first. */
function drive(setting: AutoBuySetting = cap50) {
  let m: ShipMachine = initialMachine();
  let effects: readonly Effect[] = [];
  const send = (event: ShipEvent) => {
    [m, effects] = step(m, event, 90);
    return m.view;
  };
  const effect = <T extends Effect['type']>(type: T) => effects.find((e): e is Extract<Effect, { type: T }> => e.type === type);
  send({ type: 'autoBuySet', setting });
  return { send, effect, effects: () => effects.map((e) => e.type), machine: () => m, view: () => m.view };
}

/** A box on the scale, the order scanned, its address confirmed and its rates drawn, as a scan-to-print bench sees it. */
function scanned(d: ReturnType<typeof drive>, price = 7.95, answer: 'confirmed' | 'unconfirmed' = 'confirmed', line: OrderLine = order) {
  d.send(stable(18));
  d.send({ type: 'scanned', order: line, preset: null, origin: 'US', packageKey: orderBoxKey(line.orderNumber, 0) });
  const check = d.effect('check')?.ticket ?? -1;
  const rating = d.effect('rate')?.ticket ?? -1;
  d.send({ type: 'rated', ticket: rating, result: { ok: true, value: quote(rating, price) } });
  const result = answer === 'confirmed' ? { valid: true, standardized: to, corrections: [], messages: [] } : { valid: false, standardized: null, corrections: [], messages: ['Address not found.'] };
  d.send({ type: 'addressChecked', ticket: check, entered: to, result: { ok: true, value: result } });
  return d;
}

describe('auto-buy in the Ship bench machine', () => {
  it('with a $50 cap, a scan alone counts down and then buys the price on screen with the rule in History\'s words', () => {
    const d = scanned(drive());
    expect(d.view().autoBuy).toMatchObject({ status: 'counting', capUsd: 50, countdownSeconds: 1, total: 7.95 });
    const timer = d.effect('autoBuyTimer');
    expect(timer?.ms).toBe(1000);
    const onScreen = shownQuote(d.view());
    d.send({ type: 'autoBuyDue', ticket: timer?.ticket ?? -1 });
    const buy = d.effect('buy');
    expect(buy?.input).toMatchObject({ method: 'rate', rateId: onScreen?.rateId, orderNumber: 'A-1' });
    expect(d.view().purchase.status).toBe('buying');
    expect(d.view().autoBuy).toMatchObject({ status: 'fired', total: 7.95 });
    expect(d.machine().pendingBuy).toBeNull();
    d.send({ type: 'bought', packageId: buy?.packageId ?? -1, result: { ok: true, value: sold } });
    expect(d.view().autoBuy.status).toBe('fired');
  });

  it('passes the History line with the purchase', () => {
    const d = scanned(drive());
    const ticket = d.effect('autoBuyTimer')?.ticket ?? -1;
    const [, effects] = step(d.machine(), { type: 'autoBuyDue', ticket }, 90);
    const buy = effects.find((e) => e.type === 'buy');
    expect(buy && 'input' in buy ? buy.input : null).toMatchObject({ decisions: ['Bought automatically: $7.95 within the $50.00 cap.'] });
  });

  it('is off by default: the bench waits for Enter and starts no countdown', () => {
    const d = scanned(drive({ on: false, capUsd: 50, countdownSeconds: 1 }));
    expect(d.view().autoBuy.status).toBe('off');
    expect(d.machine().autoBuy.counting).toBeNull();
  });

  it('a price above the cap waits for Enter, in words', () => {
    const d = scanned(drive(), 62.1);
    expect(d.view().autoBuy).toMatchObject({ status: 'waiting', reason: '$62.10 is above the auto-buy cap of $50.00. Press Enter to buy.' });
    expect(d.machine().autoBuy.counting).toBeNull();
    d.send({ type: 'buyPressed', shown: shownQuote(d.view()) });
    expect(d.effect('buy')).toBeDefined();
  });

  it('an address the service could not confirm waits, and still waits once the packer overrides it with the word', () => {
    const d = scanned(drive(), 7.95, 'unconfirmed');
    expect(d.view().address.status).toBe('needs_decision');
    expect(d.view().autoBuy.status).toBe('waiting');
    d.send({ type: 'addressDecided', args: { action: 'override', word: 'SHIP' } });
    const rating = d.effect('rate')?.ticket;
    if (rating !== undefined) d.send({ type: 'rated', ticket: rating, result: { ok: true, value: quote(rating, 7.95) } });
    expect(d.view().blockers).toEqual([]);
    expect(d.view().autoBuy).toMatchObject({ status: 'waiting', reason: expect.stringMatching(/address the service confirmed/) });
    expect(d.machine().autoBuy.counting).toBeNull();
  });

  it('a weight typed or taken from the order is not the scale: the bench waits', () => {
    const d = drive();
    d.send({ type: 'scanned', order, preset: null, origin: 'US', packageKey: orderBoxKey('A-1', 0) });
    const check = d.effect('check')?.ticket ?? -1;
    const rating = d.effect('rate')?.ticket ?? -1;
    d.send({ type: 'rated', ticket: rating, result: { ok: true, value: quote(rating, 7.95) } });
    d.send({ type: 'addressChecked', ticket: check, entered: to, result: { ok: true, value: { valid: true, standardized: to, corrections: [], messages: [] } } });
    expect(d.view().weight.source).toBe('order');
    expect(d.view().autoBuy.reason).toMatch(/settled weight from the scale/);
    d.send({ type: 'scaleRead', reading: { stable: false, status: 'in_motion', statusText: 'moving', oz: 12 } });
    expect(d.view().autoBuy.status).toBe('waiting');
  });

  it('Esc stops the countdown: its end buys nothing, the bench waits for Enter, and Enter buys', () => {
    const d = scanned(drive());
    const ticket = d.effect('autoBuyTimer')?.ticket ?? -1;
    d.send({ type: 'autoBuyStop' });
    expect(d.view().autoBuy).toMatchObject({ status: 'stopped', reason: expect.stringMatching(/Esc/) });
    d.send({ type: 'autoBuyDue', ticket });
    expect(d.effects()).toEqual([]);
    expect(d.view().purchase.status).toBe('none');
    d.send({ type: 'buyPressed', shown: shownQuote(d.view()) });
    expect(d.effect('buy')).toBeDefined();
  });

  it('a new price cancels the countdown: the old timer buys nothing, and the new price gets a countdown of its own', () => {
    const d = scanned(drive());
    const first = d.effect('autoBuyTimer')?.ticket ?? -1;
    d.send(stable(40));
    const rating = d.effect('rate')?.ticket ?? -1;
    expect(d.view().rates.status).toBe('rating');
    expect(d.view().autoBuy.status).toBe('idle');
    d.send({ type: 'autoBuyDue', ticket: first });
    expect(d.effects()).toEqual([]);
    d.send({ type: 'rated', ticket: rating, result: { ok: true, value: quote(rating, 9.1) } });
    const second = d.effect('autoBuyTimer')?.ticket ?? -1;
    expect(second).toBeGreaterThan(first);
    expect(d.view().autoBuy.total).toBe(9.1);
    d.send({ type: 'autoBuyDue', ticket: second });
    expect(d.effect('buy')?.input).toMatchObject({ rateId: `g${rating}` });
  });

  it('never fires twice for one package: scanning the same order again starts no countdown', () => {
    const d = scanned(drive());
    d.send({ type: 'autoBuyDue', ticket: d.effect('autoBuyTimer')?.ticket ?? -1 });
    const buy = d.effect('buy');
    d.send({ type: 'bought', packageId: buy?.packageId ?? -1, result: { ok: true, value: sold } });
    scanned(d);
    expect(d.view().purchase.status).toBe('none');
    expect(d.view().autoBuy).toMatchObject({ status: 'waiting', reason: expect.stringMatching(/never buys a package twice/) });
    expect(d.machine().autoBuy.counting).toBeNull();
    // Bought by Enter (auto-buy stopped), then scanned again while the order still reads as not shipped.
    const byKey = scanned(drive());
    byKey.send({ type: 'autoBuyStop' });
    byKey.send({ type: 'buyPressed', shown: shownQuote(byKey.view()) });
    byKey.send({ type: 'bought', packageId: byKey.effect('buy')?.packageId ?? -1, result: { ok: true, value: sold } });
    scanned(byKey);
    expect(byKey.view().autoBuy.reason).toMatch(/never buys a package twice/);
    expect(byKey.machine().autoBuy.counting).toBeNull();
    // The order as the station reads it after its label: shipped.
    const e = scanned(drive(), 7.95, 'confirmed', { ...order, shipped: true });
    expect(e.view().autoBuy.status).toBe('waiting');
    expect(e.machine().autoBuy.counting).toBeNull();
  });

  it('waits while the default printer says it cannot print, and counts down once it is ready again', () => {
    const d = drive();
    d.send({ type: 'printerReadiness', notReady: 'paper out' });
    scanned(d);
    expect(d.view().autoBuy.reason).toBe('The printer is not ready (paper out), so auto-buy waits. Press Enter to buy.');
    d.send({ type: 'printerReadiness', notReady: null });
    expect(d.view().autoBuy.status).toBe('counting');
    expect(d.effect('autoBuyTimer')).toBeDefined();
  });

  it('anything that holds Buy holds auto-buy: a restricted service picked by hand, even once confirmed with the word', () => {
    const d = scanned(drive());
    d.send({ type: 'picked', args: { index: 1 } });
    expect(d.view().autoBuy.status).toBe('counting');
    const restricted = { ...quote(99, 3.1), rates: [{ ...rate('m99', 3.1), serviceLevel: 'USPS_MEDIA_MAIL', serviceName: 'USPS Media Mail' }] };
    const [m] = step(d.machine(), { type: 'rated', ticket: d.machine().tickets.rate, result: { ok: true, value: restricted } }, 90);
    const [picked] = step(m, { type: 'picked', args: { index: 0 } }, 90);
    expect(picked.view.blockers[0]?.field).toBe('service');
    expect(picked.view.autoBuy.status).toBe('waiting');
    const [confirmed] = step(picked, { type: 'serviceConfirmed', word: 'SHIP' }, 90);
    expect(confirmed.view.autoBuy).toMatchObject({ status: 'waiting', reason: expect.stringMatching(/content rule/) });
  });
});

describe('--auto-buy MAX_USD', () => {
  it('reads a cap in dollars, turns the setting on with it, and 0 turns it off', () => {
    expect(readAutoBuyFlag('50')).toEqual({ capUsd: 50 });
    expect(readAutoBuyFlag('$12.5')).toEqual({ capUsd: 12.5 });
    expect(readAutoBuyFlag('fifty')).toEqual({ error: expect.stringMatching(/--auto-buy takes the most to pay for one label in dollars/) });
    expect(withCapFromFlag({ on: false, capUsd: 50, countdownSeconds: 2 }, 30)).toEqual({ on: true, capUsd: 30, countdownSeconds: 2 });
    expect(withCapFromFlag(cap50, 0)).toEqual({ ...cap50, on: false });
  });
});
