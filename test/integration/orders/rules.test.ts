import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cli, cliJson, jsonOf, startCliService, type CliService } from '../../support/cli';

/** A Canadian order of three units at $42.00 weighing 2 lb 1 oz, and one to Oregon. */
const orders = [
  'order_number,recipient_name,street,city,state,zip_code,country,phone,weight_oz,sku,item_description,item_quantity,item_value_usd',
  'CAN-1,Noah Tremblay,1 Rue Sainte-Catherine,Montreal,QC,H2X 1Y4,CA,514-555-0142,33,MUG-12,"Ceramic mug, 12 oz",2,18.00',
  'CAN-1,,,,,,,,,NAP-1,Linen napkin,1,6.00',
  'US-1,Ada Pemberton,12 Brattle St,Portland,OR,97205,US,,12,NAP-1,Linen napkin,2,6.00',
].join('\n');

interface Listed {
  readonly number: number;
  readonly name: string;
  readonly when: readonly string[];
  readonly then: readonly string[];
}

interface Tested {
  readonly order_number: string;
  readonly fields: Record<string, { label: string; value: string; rule: number; rule_name: string }>;
  readonly rules: ReadonlyArray<{ number: number; name: string; matched: boolean; conditions: Array<{ condition: string; met: boolean; why?: string }>; sets: string[]; already_set: string[] }>;
}

let service: CliService;
let dir: string;
let data: string;
let folders = 0;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ps-rules-'));
  fs.writeFileSync(path.join(dir, 'orders.csv'), orders);
  service = await startCliService({ seed: 23 });
});
afterAll(async () => {
  await service.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
/** Each test its own data folder, its inbox holding the two orders. */
beforeEach(async () => {
  folders += 1;
  data = path.join(dir, `data-${folders}`);
  expect(await cliJson(['orders', 'import', path.join(dir, 'orders.csv'), '--json', ...service.flags(data)])).toMatchObject({ imported: 2, refused: [] });
});
afterEach(() => fs.rmSync(data, { recursive: true, force: true }));

const rules = (...args: string[]) => cli(['rules', ...args, ...service.flags(data)]);

async function addThree(): Promise<Listed[]> {
  const listed: Listed[] = [];
  // One after another: each run opens the data folder, as an operator's commands would.
  for (const args of [
    ['Canada', '--when', 'country=CA', '--then', 'service=USPS Priority Mail International', '--then', 'box=Small box', '--then', 'insurance=order-total'],
    ['Heavy', '--when', 'weight>5lb', '--then', 'box=Large box', '--then', 'service=cheapest'],
    ['Everyone', '--then', 'box=Medium box', '--then', 'signature=adult'],
  ]) listed.push(jsonOf<Listed>(await rules('add', ...args, '--json')));
  return listed;
}

describe('rules through the command line', () => {
  it('adds rules, lists them in words, and tests a Canadian order: service, box and insurance from the first rule, signature from the last', async () => {
    const [canada, heavy, everyone] = await addThree();
    expect(canada).toEqual({ number: 1, name: 'Canada', when: ['ships to CA'], then: ['Service: USPS Priority Mail International', 'Box: Small box', 'Insurance: the order total'] });
    expect(jsonOf<Listed[]>(await rules('list', '--json'))).toEqual([canada, heavy, everyone]);
    expect((await rules('list')).out).toEqual([
      '  1  Canada: when ships to CA then Service: USPS Priority Mail International; Box: Small box; Insurance: the order total',
      '  2  Heavy: when weighs more than 5 lb then Box: Large box; Service: cheapest',
      '  3  Everyone: when any order then Box: Medium box; Signature: adult signature',
    ]);

    const tested = jsonOf<Tested>(await rules('test', '--order', 'CAN-1', '--json'));
    expect(tested.order_number).toBe('CAN-1');
    expect(tested.fields).toEqual({
      service: { label: 'Service', value: 'USPS Priority Mail International', rule: 1, rule_name: 'Canada' },
      box: { label: 'Box', value: 'Small box', rule: 1, rule_name: 'Canada' },
      insurance: { label: 'Insurance', value: '$42.00', rule: 1, rule_name: 'Canada' },
      signature: { label: 'Signature', value: 'adult signature', rule: 3, rule_name: 'Everyone' },
    });
    expect(tested.rules).toEqual([
      { number: 1, name: 'Canada', matched: true, conditions: [{ condition: 'ships to CA', met: true }], sets: ['Service', 'Box', 'Insurance'], already_set: [] },
      { number: 2, name: 'Heavy', matched: false, conditions: [{ condition: 'weighs more than 5 lb', met: false }], sets: [], already_set: [] },
      { number: 3, name: 'Everyone', matched: true, conditions: [], sets: ['Signature'], already_set: ['Box'] },
    ]);

    const words = await rules('test', '--order', 'CAN-1');
    expect(words.code).toBe(0);
    expect(words.out).toEqual([
      'Order CAN-1 (nothing is bought):',
      '  rule 1 "Canada": matches, sets Service, Box, Insurance',
      '  rule 2 "Heavy": does not match: "weighs more than 5 lb" does not hold',
      '  rule 3 "Everyone": matches, sets Signature; Box already set by an earlier rule',
      'Service: USPS Priority Mail International (rule 1 "Canada")',
      'Box: Small box (rule 1 "Canada")',
      'Insurance: $42.00 (rule 1 "Canada")',
      'Signature: adult signature (rule 3 "Everyone")',
    ]);
    // Nothing was bought: the order is still open.
    expect(jsonOf<Array<{ order_number: string; status: string }>>(await cli(['orders', 'list', '--json', ...service.flags(data)])).map((o) => o.status)).toEqual(['open', 'open']);
  });

  it('removes a rule by its number; the next matching rule then sets the box', async () => {
    await addThree();
    expect(jsonOf<Listed>(await rules('remove', '1', '--json'))).toMatchObject({ number: 1, name: 'Canada' });
    expect(jsonOf<Listed[]>(await rules('list', '--json')).map((r) => r.number)).toEqual([2, 3]);
    const tested = jsonOf<Tested>(await rules('test', '--order', 'CAN-1', '--json'));
    expect(Object.keys(tested.fields)).toEqual(['box', 'signature']);
    expect(tested.fields.box).toEqual({ label: 'Box', value: 'Medium box', rule: 3, rule_name: 'Everyone' });
    expect(jsonOf<Tested>(await rules('test', '--order', 'US-1', '--json')).fields.box?.rule).toBe(3);
  });

  it('moves a rule before another: tried first, it sets the box and the signature; the first rule keeps service and insurance', async () => {
    await addThree();
    expect(jsonOf<Listed[]>(await rules('move', '3', '--before', '1', '--json')).map((r) => r.number)).toEqual([3, 1, 2]);
    const tested = jsonOf<Tested>(await rules('test', '--order', 'CAN-1', '--json'));
    expect(Object.fromEntries(Object.entries(tested.fields).map(([field, set]) => [field, [set.value, set.rule]]))).toEqual({
      service: ['USPS Priority Mail International', 1],
      box: ['Medium box', 3],
      insurance: ['$42.00', 1],
      signature: ['adult signature', 3],
    });
    expect(jsonOf<Listed[]>(await rules('move', '3', '--last', '--json')).map((r) => r.number)).toEqual([1, 2, 3]);
    const missing = await rules('move', '3', '--before', '7');
    expect(missing.code).toBe(1);
    expect(missing.err.join('\n')).toContain('There is no rule number 7.');
  });

  it('refuses in words: a box no preset names, a condition it cannot read, a rule that is not there, an order not in the inbox', async () => {
    const box = await rules('add', 'Tiny', '--then', 'box=Shoe box');
    expect(box.code).toBe(1);
    expect(box.err.join('\n')).toContain('There is no box preset named "Shoe box". The presets are: Small box, Medium box, Large box, Padded mailer.');
    const condition = await rules('add', 'Colour', '--when', 'colour=red', '--then', 'saturday=yes');
    expect(condition.code).toBe(2);
    expect(condition.err.join('\n')).toContain('A rule cannot test "colour".');
    const missing = await rules('remove', '9');
    expect(missing.code).toBe(1);
    expect(missing.err.join('\n')).toContain('There is no rule number 9.');
    expect(jsonOf<Listed[]>(await rules('list', '--json'))).toEqual([]);
    expect((await rules('test', '--order', 'NOPE-1')).code).toBe(1);
  });
});
