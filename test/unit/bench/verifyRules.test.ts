import { describe, expect, it } from 'vitest';
import { shownQuote } from '../../../shared/contract/bench';
import type { OrderLine, PackagePreset, Rate, RateQuote, StationAddress } from '../../../shared/contract/shippingTypes';
import { evaluateRules } from '../../../shared/domain/rules/evaluate';
import type { Rule } from '../../../shared/domain/rules/types';
import { applyRules, decisionsOf } from '../../../electron/bench/choices';
import { initialMachine, step, type Effect, type ShipEvent, type ShipMachine } from '../../../electron/bench/shipMachine';
import { startVerify } from '../../../electron/bench/verify';
import type { PackageSetup } from '../../../electron/bench/verifyStep';

const to: StationAddress = { name: 'Noah Tremblay', street: '1 Rue Sainte-Catherine', city: 'Montreal', state: 'QC', zip: 'H2X 1Y4', country: 'US' };
const order: OrderLine = {
  orderNumber: 'V-1',
  source: 'csv',
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
const presets: PackagePreset[] = [
  { name: 'Small box', lengthIn: 8, widthIn: 6, heightIn: 4 },
  { name: 'Medium box', lengthIn: 12, widthIn: 10, heightIn: 6 },
];
const rate = (rateId: string, serviceLevel: string, serviceName: string, price: number, deliveryDays: number): Rate => ({
  rateId,
  carrierCode: serviceLevel.split('_')[0] ?? 'USPS',
  serviceLevel,
  serviceName,
  price,
  currency: 'USD',
  deliveryDays,
  priceDetails: null,
});
const quote: RateQuote = {
  quoteId: 1,
  source: 'get_rates',
  rates: [rate('g', 'USPS_GROUND_ADVANTAGE', 'USPS Ground Advantage', 5.19, 5), rate('p', 'USPS_PRIORITY_MAIL', 'USPS Priority Mail', 9.4, 2), rate('u', 'UPS_GROUND', 'UPS Ground', 11, 4)],
  errors: [],
  preselected: 0,
  rule: { kind: 'cheapest' },
};
const barcodes = new Map([['mug-12', '0812345000121']]);

function drive(setup: PackageSetup) {
  let m: ShipMachine = initialMachine();
  let effects: readonly Effect[] = [];
  const send = (event: ShipEvent) => {
    [m, effects] = step(m, event, 90);
    return m.view;
  };
  send({ type: 'scanned', order, preset: presets[0] ?? null, origin: 'US', packageKey: 'V-1#0', setup });
  const effect = <T extends Effect['type']>(type: T) => effects.find((e): e is Extract<Effect, { type: T }> => e.type === type);
  const check = effect('check');
  const rating = effect('rate');
  send({ type: 'rated', ticket: rating?.ticket ?? -1, result: { ok: true, value: quote } });
  send({ type: 'addressChecked', ticket: check?.ticket ?? -1, entered: to, result: { ok: true, value: { valid: true, standardized: to, corrections: [], messages: [] } } });
  return { send, effect, view: () => m.view, rated: rating };
}

const verifyOn = (skip: PackageSetup['applied'] = null): PackageSetup => ({ applied: skip, verify: startVerify(order.items, { on: true, rule: skip?.verify ?? null, barcodes }) });
const buy = (d: ReturnType<typeof drive>) => d.send({ type: 'buyPressed', shown: shownQuote(d.view()) });

describe('scan to verify in the bench machine', () => {
  it('holds Buy until every line is counted, by barcode, SKU or a typed count; wrong, unknown and extra items are refused in words', () => {
    const d = drive(verifyOn());
    expect(d.view().verify.lines.map((l) => [l.code, l.quantity, l.counted])).toEqual([['0812345000121', 2, 0], ['NAP-1', 1, 0]]);
    expect(d.view().blockers.map((b) => b.field)).toEqual(['verify']);
    expect(d.view().blockers[0]?.message).toMatch(/3 items still to scan \(2 × MUG-12, 1 × NAP-1\).*Alt\+V/);
    const held = buy(d);
    expect(held.purchase).toMatchObject({ status: 'none', error: { message: expect.stringMatching(/Scan the items/) } });
    expect(d.effect('buy')).toBeUndefined();

    d.send({ type: 'itemScanned', line: 0 });
    expect(d.view().purchase.error).toBeNull();
    d.send({ type: 'itemRefused', text: 'POT-1', product: { sku: 'POT-1', name: 'Teapot' } });
    expect(d.view().verify.problem).toEqual({ kind: 'notInOrder', message: 'Teapot (POT-1) is not in this order. Take it out of the box.' });
    d.send({ type: 'itemRefused', text: '999', product: null });
    expect(d.view().verify.problem?.kind).toBe('wrongItem');
    expect(d.view().verify.problem?.message).toMatch(/^Wrong item: "999"/);
    d.send({ type: 'itemCounted', line: 1, quantity: 2 });
    expect(d.view().verify.problem).toMatchObject({ kind: 'tooMany', message: expect.stringMatching(/order has 1, not 2/) });
    d.send({ type: 'itemCounted', line: 1, quantity: 1 });
    d.send({ type: 'itemScanned', line: 0 });
    expect(d.view().verify).toMatchObject({ status: 'complete', problem: null });
    d.send({ type: 'itemScanned', line: 0 });
    expect(d.view().verify.problem).toMatchObject({ kind: 'tooMany', message: expect.stringMatching(/^Too many Ceramic mug \(MUG-12\)/) });
    expect(d.view().blockers).toEqual([]);

    buy(d);
    expect(d.effect('buy')?.input).toMatchObject({ rateId: 'g', decisions: ['Items verified by scan: 3 items on 2 lines.'] });
  });

  it('the skip key lets Buy go for this order and names who skipped; the setting off lists nothing to check', () => {
    const d = drive(verifyOn());
    d.send({ type: 'verifySkipped', by: 'Bench 3' });
    expect(d.view().verify).toMatchObject({ status: 'skipped', skippedBy: 'Bench 3' });
    expect(d.view().blockers).toEqual([]);
    buy(d);
    expect(d.effect('buy')?.input).toMatchObject({ decisions: ['Scan to verify skipped by Bench 3.'] });
    const off = drive({ applied: null, verify: startVerify(order.items, { on: false, rule: null, barcodes }) });
    expect(off.view().verify.status).toBe('off');
    expect(off.view().blockers).toEqual([]);
    expect(startVerify(order.items, { on: false, rule: { skip: true, ruleName: 'R' }, barcodes }).status).toBe('off');
    expect(startVerify(order.items, { on: false, rule: { skip: false, ruleName: 'R' }, barcodes }).status).toBe('checking');
  });
});

const rule = (id: number, name: string, conditions: Rule['conditions'], actions: Rule['actions']): Rule => ({ id, name, conditions, actions });

describe('rules applied in the bench machine', () => {
  const rules: Rule[] = [
    rule(1, 'Canada', [{ kind: 'country', anyOf: ['US'] }], [
      { field: 'service', value: { kind: 'fastest' } },
      { field: 'box', value: 'Medium box' },
      { field: 'insurance', value: { kind: 'orderTotal' } },
    ]),
    rule(2, 'Everyone', [], [{ field: 'box', value: 'Small box' }, { field: 'signature', value: 'signature' }, { field: 'skipVerification', value: true }]),
  ];
  const applied = applyRules(evaluateRules(rules, { recipient: to, weightOz: 20, items: order.items }), presets);

  it('sets the service, box, insurance and signature the first matching rule names per field, and says which rule set each', () => {
    expect(applied?.choices.map((c) => [c.label, c.value, c.ruleName])).toEqual([
      ['Service', 'fastest', 'Canada'],
      ['Box', 'Medium box', 'Canada'],
      ['Insurance', '$42.00', 'Canada'],
      ['Signature', 'signature', 'Everyone'],
      ['Scan to verify', 'skipped', 'Everyone'],
    ]);
    const d = drive(verifyOn(applied));
    expect(d.rated?.input).toMatchObject({ package: { lengthIn: 12, widthIn: 10, heightIn: 6 } });
    expect(d.view()).toMatchObject({ presetName: 'Medium box', options: { insuranceAmount: 42, signature: 'signature' } });
    expect(d.view().rates.picked).toBe(1);
    expect(d.view().verify).toMatchObject({ status: 'skipped', skippedBy: 'rule "Everyone"' });
  });

  it('an operator change is kept beside the rule\'s value and recorded; back to the rule\'s value it is the rule\'s again', () => {
    const d = drive(verifyOn(applied));
    d.send({ type: 'optionSet', args: { option: 'insurance', text: '80' } });
    d.send({ type: 'picked', args: { index: 2 } });
    expect(d.view().choices.find((c) => c.field === 'insurance')?.changedTo).toBe('$80.00');
    expect(decisionsOf(d.view())).toEqual([
      'Service: UPS Ground, changed by the operator (rule "Canada" set fastest).',
      'Box: Medium box, set by rule "Canada".',
      'Insurance: $80.00, changed by the operator (rule "Canada" set $42.00).',
      'Signature: signature, set by rule "Everyone".',
      'Scan to verify skipped by rule "Everyone".',
    ]);
    d.send({ type: 'picked', args: { index: 1 } });
    expect(d.view().choices.find((c) => c.field === 'service')?.changedTo).toBeNull();
  });

  it('a hold stops Buy with its note until the operator releases it, and the release is recorded', () => {
    const hold = applyRules(evaluateRules([rule(3, 'Big orders', [], [{ field: 'hold', value: 'Call the customer first' }])], { recipient: to, weightOz: 20, items: order.items }), presets);
    const d = drive({ applied: hold, verify: startVerify([], { on: true, rule: null, barcodes }) });
    expect(d.view().blockers).toEqual([{ field: 'hold', message: 'A rule holds this order: "Call the customer first". To ship it now, release the hold (Alt+H).' }]);
    d.send({ type: 'holdReleased', by: 'Bench 3' });
    expect(d.view().blockers).toEqual([]);
    expect(decisionsOf(d.view())).toEqual(['Hold the order: released by Bench 3, changed by the operator (rule "Big orders" set Call the customer first).']);
  });
});
