import { describe, expect, it } from 'vitest';
import { shownQuote, type ShownQuote } from '../../../shared/contract/bench';
import type { OrderLine, PurchaseResult, Rate, RateQuote, Shipment, StationAddress } from '../../../shared/contract/shippingTypes';
import { initialMachine, step, type Effect, type ShipEvent, type ShipMachine } from '../../../electron/bench/shipMachine';

const to: StationAddress = { name: 'Ann Lee', street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };
const order: OrderLine = {
  orderNumber: 'U-1',
  source: 'manual',
  recipient: to,
  package: { weightOz: 20, lengthIn: 10, widthIn: 8, heightIn: 4 },
  customs: null,
  items: [],
  shipped: false,
  importedAt: '2026-11-28T00:00:00Z',
};
const rate = (rateId: string, carrierCode: string, serviceLevel: string, serviceName: string, price: number): Rate => ({
  rateId,
  carrierCode,
  serviceLevel,
  serviceName,
  price,
  currency: 'USD',
  deliveryDays: 3,
  priceDetails: null,
});
const quote = (quoteId: number, prices: readonly [number, number, number] = [5.19, 9.4, 4.1]): RateQuote => ({
  quoteId,
  source: 'get_rates',
  rates: [
    rate(`g${quoteId}`, 'USPS', 'USPS_GROUND_ADVANTAGE', 'USPS Ground Advantage', prices[0]),
    rate(`u${quoteId}`, 'UPS', 'UPS_GROUND', 'UPS Ground', prices[1]),
    rate(`m${quoteId}`, 'USPS', 'USPS_MEDIA_MAIL', 'USPS Media Mail', prices[2]),
  ],
  errors: [],
  preselected: 0,
  rule: { kind: 'cheapest' },
});
const sold = { shipment: { orderNumber: 'U-1' }, reused: false, labelPng: null, customsForms: [], printJobId: null, printError: null } as unknown as PurchaseResult;

/** The machine driven as the station drives it: each event, and the effects it asked for. */
function drive(start: ShipMachine = initialMachine()) {
  let m = start;
  let effects: readonly Effect[] = [];
  const send = (event: ShipEvent) => {
    [m, effects] = step(m, event, 90);
    return m.view;
  };
  const effect = <T extends Effect['type']>(type: T) => effects.find((e): e is Extract<Effect, { type: T }> => e.type === type);
  return { send, effect, effects: () => effects.map((e) => e.type), machine: () => m, view: () => m.view };
}

/** Scanned, the address confirmed as entered and the rates drawn: ready to buy. */
function ready(q: RateQuote = quote(1)) {
  const d = drive();
  d.send({ type: 'scanned', order, preset: null, origin: 'US', packageKey: 'U-1#0' });
  const checkTicket = d.effect('check')?.ticket ?? -1;
  const rateTicket = d.effect('rate')?.ticket ?? -1;
  d.send({ type: 'rated', ticket: rateTicket, result: { ok: true, value: q } });
  d.send({ type: 'addressChecked', ticket: checkTicket, entered: to, result: { ok: true, value: { valid: true, standardized: to, corrections: [], messages: [] } } });
  return d;
}
const shown = (d: ReturnType<typeof drive>): ShownQuote | null => shownQuote(d.view());

describe('the Ship bench machine, without a browser', () => {
  it('starts empty; a scan asks the address check and the rates at once; their answers make it ready, with the rule\'s pick', () => {
    const d = drive();
    expect(d.view()).toMatchObject({ order: null, blockers: [] });
    const started = d.send({ type: 'scanned', order, preset: null, origin: 'US', packageKey: 'U-1#0' });
    expect(started.address.status).toBe('checking');
    expect(started.rates.status).toBe('rating');
    expect(d.effects()).toEqual(['check', 'rate']);
    const r = ready();
    expect(r.view().rates).toMatchObject({ status: 'ready', picked: 0 });
    expect(r.view().address.status).toBe('confirmed');
    expect(r.view().weight).toMatchObject({ oz: 20, source: 'order' });
    expect(r.view().blockers).toEqual([]);
    expect(r.effects()).toEqual([]);
  });

  it('a buying key with the price on screen buys exactly that rate; the purchase goes buying, then bought, and its stages follow', () => {
    const d = ready();
    const buying = d.send({ type: 'buyPressed', shown: shown(d) });
    expect(buying.purchase.status).toBe('buying');
    const buy = d.effect('buy');
    expect(buy?.input).toMatchObject({ method: 'rate', quoteId: 1, rateId: 'g1', orderNumber: 'U-1' });
    d.send({ type: 'progress', key: d.machine().packageKey ?? '', stage: 'sent' });
    expect(d.view().purchase.stages).toEqual(['sent']);
    expect(d.send({ type: 'bought', packageId: buy?.packageId ?? -1, result: { ok: true, value: sold } }).purchase.status).toBe('bought');
    expect(d.send({ type: 'weightTyped', text: '3 lb' }).weight.oz).toBe(20);
  });

  it('a failed purchase says so, and an answer for the package before is dropped', () => {
    const d = ready();
    d.send({ type: 'buyPressed', shown: shown(d) });
    const failed = d.send({ type: 'bought', packageId: d.view().packageId, result: { ok: false, error: { code: 'service_unavailable', message: 'The service is down.' } } });
    expect(failed.purchase).toMatchObject({ status: 'failed', error: { message: 'The service is down.' } });
    const e = ready();
    e.send({ type: 'buyPressed', shown: shown(e) });
    const packageId = e.view().packageId;
    e.send({ type: 'scanned', order: { ...order, orderNumber: 'U-2' }, preset: null, origin: 'US', packageKey: 'U-2#0' });
    expect(e.send({ type: 'bought', packageId, result: { ok: true, value: sold } }).purchase.status).toBe('none');
  });

  it('a weight change clears the pick and the prices; the key pressed on the old price buys nothing and says the new price', () => {
    const d = ready();
    const old = shown(d);
    const typed = d.send({ type: 'weightTyped', text: '80 lb' });
    expect(typed.rates).toMatchObject({ status: 'rating', quote: null, picked: null });
    const ticket = d.effect('rate')?.ticket ?? -1;
    d.send({ type: 'buyPressed', shown: old });
    expect(d.effects()).toEqual([]);
    expect(d.machine().pendingBuy).not.toBeNull();
    // USPS carries at most 70 lb: the rule's pick is refused in words before anything is bought.
    const heavy = d.send({ type: 'rated', ticket, result: { ok: true, value: quote(2, [30, 216.48, 20]) } });
    expect(d.effects()).toEqual([]);
    expect(heavy.purchase.status).toBe('none');
    expect(heavy.purchase.error?.message).toMatch(/carries at most 70 lb/);
    d.send({ type: 'picked', args: { index: 1 } });
    const onScreen = shown(d);
    d.send({ type: 'weightTyped', text: '3 lb' });
    const again = d.effect('rate')?.ticket ?? -1;
    d.send({ type: 'buyPressed', shown: onScreen });
    const refused = d.send({ type: 'rated', ticket: again, result: { ok: true, value: quote(3, [7.1, 11.2, 5]) } });
    expect(d.effects()).toEqual([]);
    expect(refused.purchase.error?.message).toMatch(/price changed since it was on screen: USPS Ground Advantage now costs \$7\.10/);
    d.send({ type: 'buyPressed', shown: shown(d) });
    expect(d.effect('buy')?.input).toMatchObject({ rateId: 'g3' });
  });

  it('a key pressed while no price was on screen buys nothing', () => {
    const d = ready();
    const refused = d.send({ type: 'buyPressed', shown: null });
    expect(refused.purchase.error?.message).toMatch(/No price was on screen/);
    expect(d.effects()).toEqual([]);
    expect(drive().send({ type: 'buyPressed', shown: null }).purchase.error?.message).toBe('Scan an order first.');
  });

  it('insurance is priced for the picked service; the total on screen is what the key must carry', () => {
    const d = ready();
    const before = shown(d);
    const asking = d.send({ type: 'optionSet', args: { option: 'insurance', text: '5000' } });
    expect(asking.insurance.status).toBe('quoting');
    const ask = d.effect('priceInsurance');
    expect(ask?.input).toEqual({ amount: 5000, carrierCode: 'USPS', serviceLevel: 'USPS_GROUND_ADVANTAGE' });
    d.send({ type: 'buyPressed', shown: before });
    d.send({ type: 'insurancePriced', key: ask?.type === 'priceInsurance' ? ask.key : '', result: { ok: true, value: { amount: 5000, premium: 42.5, currency: 'USD', rateId: 'i1' } } });
    expect(d.view().purchase.error?.message).toMatch(/now costs \$47\.69 in all/);
    d.send({ type: 'buyPressed', shown: shown(d) });
    expect(d.effect('buy')?.input).toMatchObject({ rateId: 'g1', insuranceAmount: 5000 });
  });

  it('a scale over capacity, settling or unreadable stops Buy with words unless the weight is typed', () => {
    const d = ready();
    const over = d.send({ type: 'scaleRead', reading: { stable: false, status: 'over_limit', statusText: 'Too heavy for this scale', oz: 0 } });
    expect(over.blockers[0]).toEqual({ field: 'weight', message: expect.stringMatching(/over its capacity.*Type the weight/) });
    expect(d.send({ type: 'buyPressed', shown: shown(d) }).purchase.error?.message).toMatch(/over its capacity/);
    d.send({ type: 'weightTyped', text: '1 lb' });
    d.send({ type: 'rated', ticket: d.effect('rate')?.ticket ?? -1, result: { ok: true, value: quote(3) } });
    expect(d.view().blockers).toEqual([]);
    const settling = ready();
    settling.send({ type: 'scaleRead', reading: { stable: false, status: 'in_motion', statusText: 'Settling…', oz: 12 } });
    expect(settling.view().blockers[0]?.message).toMatch(/not settled/);
  });

  it('a stable scale reading that differs from the order\'s weight wins and is rated; the empty scale is no weight', () => {
    const d = ready();
    const weighed = d.send({ type: 'scaleRead', reading: { stable: true, status: 'stable', statusText: 'Stable', oz: 33 } });
    expect(weighed.weight).toMatchObject({ oz: 33, source: 'scale' });
    expect(d.effects()).toEqual(['rate']);
    d.send({ type: 'scaleRead', reading: { stable: true, status: 'zero', statusText: 'Empty', oz: 0 } });
    expect(d.machine().scale.stableOz).toBeNull();
  });

  it('Media Mail picked by hand stops the reflex Enter; the typed word lets the next key buy it', () => {
    const d = ready();
    d.send({ type: 'picked', args: { step: 1 } });
    const media = d.send({ type: 'picked', args: { step: 1 } });
    expect(media.rates.picked).toBe(2);
    expect(media.blockers[0]?.field).toBe('service');
    expect(d.send({ type: 'picked', args: { step: 1 } }).rates.picked).toBe(2);
    expect(d.send({ type: 'buyPressed', shown: shown(d) }).purchase.error?.message).toMatch(/only for books.*type SHIP/);
    expect(d.send({ type: 'serviceConfirmed', word: 'yes' }).purchase.error?.field).toBe('service');
    expect(d.send({ type: 'serviceConfirmed', word: 'ship' }).blockers).toEqual([]);
    d.send({ type: 'buyPressed', shown: shown(d) });
    expect(d.effect('buy')?.input).toMatchObject({ rateId: 'm1' });
  });

  it('an address the service cannot confirm needs the typed word; an edited one drops the prices and is checked and rated again', () => {
    const d = drive();
    d.send({ type: 'scanned', order, preset: null, origin: 'US', packageKey: 'U-1#0' });
    const [checkTicket, rateTicket] = [d.effect('check')?.ticket ?? -1, d.effect('rate')?.ticket ?? -1];
    d.send({ type: 'rated', ticket: rateTicket, result: { ok: true, value: quote(1) } });
    const doubt = d.send({ type: 'addressChecked', ticket: checkTicket, entered: to, result: { ok: true, value: { valid: false, standardized: null, corrections: [], messages: ['Not found'] } } });
    expect(doubt.address.status).toBe('needs_decision');
    expect(doubt.blockers[0]?.field).toBe('address');
    expect(d.send({ type: 'addressDecided', args: { action: 'override', word: 'x' } }).purchase.error?.field).toBe('override');
    expect(d.send({ type: 'addressDecided', args: { action: 'override', word: 'SHIP' } }).address.status).toBe('overridden');
    const edited = d.send({ type: 'addressDecided', args: { action: 'edit', address: { ...to, street: '2 Main St' } } });
    expect(edited.rates.quote).toBeNull();
    expect(edited.address.status).toBe('checking');
    expect(d.effects()).toEqual(['check', 'rate']);
  });

  it('a late answer for the package before is dropped; another box keeps the address; clear empties the bench but never mid-purchase', () => {
    const d = drive();
    d.send({ type: 'scanned', order, preset: null, origin: 'US', packageKey: 'U-1#0' });
    const stale = d.effect('rate')?.ticket ?? -1;
    d.send({ type: 'scanned', order: { ...order, orderNumber: 'U-2' }, preset: null, origin: 'US', packageKey: 'U-2#0' });
    expect(d.send({ type: 'rated', ticket: stale, result: { ok: true, value: quote(9) } }).rates.status).toBe('rating');

    const r = ready();
    const box = r.send({ type: 'anotherBox', box: 1, packageKey: 'U-1#1' });
    // The next box is not weighed yet: nothing is rated for it until it is.
    expect(box).toMatchObject({ box: 1, address: { status: 'confirmed' }, weight: { oz: null } });
    expect(r.effects()).toEqual([]);
    r.send({ type: 'weightTyped', text: '2 lb' });
    r.send({ type: 'rated', ticket: r.effect('rate')?.ticket ?? -1, result: { ok: true, value: quote(4) } });
    r.send({ type: 'buyPressed', shown: shown(r) });
    expect(r.send({ type: 'cleared' }).order?.orderNumber).toBe('U-1');
    expect(ready().send({ type: 'cleared' }).order).toBeNull();
  });

  it('a refused scan says why; a failed quote says why and stops Buy', () => {
    const d = drive();
    expect(d.send({ type: 'scanRefused', error: { code: 'not_found', message: 'No order X-1.' }, restart: true }).scanError?.message).toBe('No order X-1.');
    d.send({ type: 'scanned', order, preset: null, origin: 'US', packageKey: 'U-1#0' });
    const failed = d.send({ type: 'rated', ticket: d.effect('rate')?.ticket ?? -1, result: { ok: false, error: { code: 'service_unavailable', message: 'No carrier answered.' } } });
    expect(failed.rates.status).toBe('failed');
    expect(failed.blockers).toContainEqual({ field: 'rate', message: 'No carrier answered.' });
    expect(d.send({ type: 'tare' }) && d.effects()).toEqual(['tare']);
  });

  it('REPRINT_LAST reprints the label on the bench, else the last one; VOID_LAST names it for the Void screen once; with none, words', () => {
    const none = drive();
    expect(none.send({ type: 'lastLabelAsked', action: 'reprint', last: null }).scanError?.message).toBe('No label has been bought at this station yet, so there is nothing to reprint.');
    const last = { id: 7, trackingNo: '9400100000000000000007', platformUkId: 'uk-7' } as unknown as Shipment;
    const d = drive();
    d.send({ type: 'lastLabelAsked', action: 'reprint', last });
    expect(d.effect('reprint')).toEqual({ type: 'reprint', shipmentId: 7 });
    expect(d.send({ type: 'reprinted', result: { ok: false, error: { code: 'not_found', message: 'No label image is stored.' } } }).scanError?.message).toBe('No label image is stored.');
    expect(d.send({ type: 'lastLabelAsked', action: 'void', last }).voidAsked).toBe('9400100000000000000007');
    expect(d.send({ type: 'cleared' }).voidAsked).toBeNull();
  });
});
