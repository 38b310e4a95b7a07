import { describe, expect, it } from 'vitest';
import type { OrderLine, RateQuote, StationAddress } from '../../../shared/contract/shippingTypes';
import { initialMachine, step, type Effect, type ShipEvent, type ShipMachine } from '../../../electron/bench/shipMachine';
import { startVerify } from '../../../electron/bench/verify';

// Auto-buy and scan to verify meet in the machine's one list of what holds
// Buy: a scan alone never buys a box whose items are still to be checked.

const to: StationAddress = { name: 'Ann Lee', street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };
const order: OrderLine = {
  orderNumber: 'AV-1',
  source: 'manual',
  recipient: to,
  package: { weightOz: 20, lengthIn: 10, widthIn: 8, heightIn: 4 },
  customs: null,
  items: [
    { sku: 'MUG-12', name: 'Ceramic mug', quantity: 2, unitPrice: 18 },
    { sku: 'NAP-1', name: 'Linen napkin', quantity: 1, unitPrice: 6 },
  ],
  shipped: false,
  importedAt: '2026-11-28T00:00:00Z',
};
const quote = (quoteId: number): RateQuote => ({
  quoteId,
  source: 'get_rates',
  rates: [{ rateId: `g${quoteId}`, carrierCode: 'USPS', serviceLevel: 'USPS_GROUND_ADVANTAGE', serviceName: 'USPS Ground Advantage', price: 7.95, currency: 'USD', deliveryDays: 3, priceDetails: null }],
  errors: [],
  preselected: 0,
  rule: { kind: 'cheapest' },
});

function bench() {
  let m: ShipMachine = initialMachine();
  let effects: readonly Effect[] = [];
  const send = (event: ShipEvent) => {
    [m, effects] = step(m, event, 90);
    return m.view;
  };
  const effect = <T extends Effect['type']>(type: T) => effects.find((e): e is Extract<Effect, { type: T }> => e.type === type);
  send({ type: 'autoBuySet', setting: { on: true, capUsd: 50, countdownSeconds: 1 } });
  send({ type: 'scaleRead', reading: { stable: true, status: 'stable', statusText: 'stable', oz: 18 } });
  const setup = { applied: null, verify: startVerify(order.items, { on: true, rule: null, barcodes: new Map() }) };
  send({ type: 'scanned', order, preset: null, origin: 'US', packageKey: 'AV-1#0', setup });
  const check = effect('check')?.ticket ?? -1;
  const rating = effect('rate')?.ticket ?? -1;
  send({ type: 'rated', ticket: rating, result: { ok: true, value: quote(rating) } });
  send({ type: 'addressChecked', ticket: check, entered: to, result: { ok: true, value: { valid: true, standardized: to, corrections: [], messages: [] } } });
  return { send, effect, view: () => m.view };
}

describe('auto-buy with scan to verify', () => {
  it('waits while items are still to be scanned, counts down once the last one is, and History gets both lines', () => {
    const d = bench();
    expect(d.view().autoBuy.status).not.toBe('counting');
    expect(d.effect('autoBuyTimer')).toBeUndefined();
    d.send({ type: 'itemScanned', line: 0 });
    d.send({ type: 'itemScanned', line: 1 });
    expect(d.view().autoBuy.status).not.toBe('counting');
    d.send({ type: 'itemScanned', line: 0 });
    expect(d.view().verify.status).toBe('complete');
    expect(d.view().autoBuy).toMatchObject({ status: 'counting', total: 7.95 });
    const timer = d.effect('autoBuyTimer');
    d.send({ type: 'autoBuyDue', ticket: timer?.ticket ?? -1 });
    expect(d.effect('buy')?.input.decisions).toEqual(['Items verified by scan: 3 items on 2 lines.', 'Bought automatically: $7.95 within the $50.00 cap.']);
  });
});
