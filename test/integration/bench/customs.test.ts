import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CommandInput, CommandName } from '../../../shared/contract';
import type { BatchRow } from '../../../shared/contract/batchBench';
import { shownQuote, type BenchState, type CustomsText } from '../../../shared/contract/bench';
import { createStation, type Station } from '../../../electron/station/createStation';
import { openTestVault, type TestVault } from '../../support/keyring';
import { command } from '../../support/station';
import { makeTempDir } from '../../support/tempDir';

const csv = [
  'order_number,recipient_name,street,city,state,zip_code,country,phone,weight_oz,length_in,width_in,height_in,contents_type,non_delivery,item_description,item_quantity,item_value_usd,item_weight_oz,item_hs_code,item_origin_country',
  'UK-3001,Olivia Hart,10 Downing St,London,,SW1A 2AA,GB,+44 20 7946 0958,20,10,8,4,merchandise,return,Wool scarf,2,35.00,5,6117.10,GB',
  'UK-3001,,,,,,,,,,,,,,Leather gloves,1,49.50,4,420329,IT',
  'CA-3002,Noah Tremblay,1 Rue Sainte-Catherine,Montreal,QC,H2X 1Y4,CA,514-555-0142,18,8,6,4,,,,,,,,',
].join('\n');

/** The customs rules at the bench, driven through the contract as the Ship and Batch screens drive them, against the embedded sandbox. */
describe('customs at the bench', () => {
  let station: Station;
  let cleanup: () => void;
  let keys: TestVault;

  beforeEach(async () => {
    const temp = makeTempDir();
    cleanup = temp.cleanup;
    keys = await openTestVault();
    station = await createStation({ dataDir: temp.dir, vault: keys.vault, devices: { noUsb: true }, printing: { usb: null } });
    await call('settings.shipping.set', {
      shipFrom: { name: 'Parcel Works', street: '500 Market St', city: 'San Francisco', state: 'CA', zip: '94105', country: 'US', phone: '415-555-0100' },
    });
    await call('orders.importCsv', { csv });
  });
  afterEach(async () => {
    await station.close();
    await keys.remove();
    cleanup();
  });

  const call = <N extends CommandName>(name: N, input: CommandInput<N>) => command(station, name, input);
  function until(packageId: number, test: (s: BenchState) => boolean): Promise<BenchState> {
    return new Promise((resolve) => {
      const check = (s: BenchState) => s.packageId === packageId && test(s);
      const off = station.events.subscribe((name, payload) => {
        if (name === 'bench.changed' && check(payload as BenchState)) {
          off();
          resolve(payload as BenchState);
        }
      });
      void call('bench.state', {}).then((s: BenchState) => {
        if (check(s)) {
          off();
          resolve(s);
        }
      });
    });
  }
  const rated = (s: BenchState) => s.rates.status === 'ready' && s.address.status !== 'checking';

  it('the order\'s declaration is on the bench; a line over $2,500 without an ITN stops rating in words; an ITN rates and buys with the form', async () => {
    const started: BenchState = await call('bench.scan', { text: 'UK-3001' });
    const ready = await until(started.packageId, rated);
    expect(ready.customs?.declaration?.items).toHaveLength(2);
    expect(ready.customs?.filing).toEqual({ type: 'EXEMPTION_CODE', code: 'NOEEI 30.37(a)' });
    const text = ready.customs?.text as CustomsText;
    const dear = { ...text, items: text.items.map((item, i) => (i === 0 ? { ...item, valueUsd: '$1,300' } : item)) };
    const refused: BenchState = await call('bench.customs', { customs: dear });
    expect(refused.customs?.declaration).toBeNull();
    expect(refused.customs?.problems[0]).toEqual({ field: 'itn', message: 'HS 611710 (Wool scarf) is worth $2,600.00, over $2,500.00: file the export in AES and enter its ITN' });
    expect(refused.rates.status).toBe('idle');
    expect(refused.blockers).toEqual([{ field: 'customs', message: 'HS 611710 (Wool scarf) is worth $2,600.00, over $2,500.00: file the export in AES and enter its ITN' }]);
    const stopped: BenchState = await call('bench.buy', { shown: shownQuote(await call('bench.state', {})) });
    expect(stopped.purchase.status).toBe('none');
    expect(stopped.purchase.error?.message).toContain('enter its ITN');

    const filed: BenchState = await call('bench.customs', { customs: { ...dear, itn: 'x2025 0627 012345' } });
    expect(filed.customs?.problems).toEqual([]);
    expect(filed.customs?.filing).toEqual({ type: 'ITN', code: 'X20250627012345' });
    await until(started.packageId, rated);
    const bought: BenchState = await call('bench.buy', { shown: shownQuote(await call('bench.state', {})) });
    expect(bought.purchase.status).toBe('bought');
    expect(bought.purchase.result?.customsForms.length).toBe(1);
    const history = await call('history.search', { query: 'UK-3001', limit: 5 });
    expect(history.shipments[0]?.customsFormCount).toBe(1);
  });

  it('a field that is not a number is named in words, and nothing is rated from it', async () => {
    const started: BenchState = await call('bench.scan', { text: 'UK-3001' });
    const ready = await until(started.packageId, rated);
    const text = ready.customs?.text as CustomsText;
    const typo: BenchState = await call('bench.customs', {
      customs: { ...text, items: [{ ...text.items[0]!, quantity: 'two', weightOz: 'heavy' }, { ...text.items[1]!, originCountry: '' }] },
    });
    expect(typo.customs?.problems.map((p) => p.field)).toEqual(['items.0.quantity', 'items.0.weightOz', 'items.1.originCountry']);
    expect(typo.customs?.problems[0]?.message).toBe('Item 1 (Wool scarf): "two" is not a quantity; type a whole number, such as 2');
    expect(typo.rates.status).toBe('idle');
  });

  it('an order with no declaration starts an empty one in words; adding an item rates it; a domestic order has none', async () => {
    const started: BenchState = await call('bench.scan', { text: 'CA-3002' });
    expect(started.customs?.problems[0]?.message).toBe('List the items in the package for customs: merchandise need at least one');
    expect(started.blockers.map((b) => b.field)).toContain('customs');
    const gift: BenchState = await call('bench.customs', {
      customs: {
        contentsType: 'gift',
        nonDelivery: 'abandon',
        itn: '',
        aesExemption: '',
        items: [{ description: 'Maple syrup', quantity: '1', valueUsd: '18', weightOz: '1 lb', hsCode: '1702.20', originCountry: 'us' }],
      },
    });
    expect(gift.customs?.declaration).toMatchObject({ contentsType: 'gift', items: [{ weightOz: 16, originCountry: 'US', hsCode: '1702.20' }] });
    const ready = await until(started.packageId, rated);
    expect(ready.rates.quote?.rates.length).toBeGreaterThan(0);
    const domestic: BenchState = await call('bench.scan', { text: 'DEMO-1001' });
    expect(domestic.customs).toBeNull();
  });

  it('Batch holds an international row without a declaration in words, and rates, buys and prints the form of one with it', async () => {
    const rows: readonly BatchRow[] = await call('batch.prepare', {
      rows: [
        { key: 'b1', orderNumber: 'UK-3001', weightText: '' },
        { key: 'b2', orderNumber: 'CA-3002', weightText: '' },
      ],
    });
    const [uk, ca] = rows;
    expect(ca?.quote).toBeNull();
    expect(ca?.blockers[0]).toBe(
      'This package leaves the country: declare its contents for customs. Ship it from the Ship screen, where the customs declaration can be edited (Alt+D), or add its items to the orders CSV.',
    );
    expect(uk?.blockers).toEqual([]);
    expect(uk?.quote?.rates.length).toBeGreaterThan(0);
    const shown = (row: BatchRow | undefined, key: string) => ({ key, picked: row?.picked ?? 0, quoteId: row?.quote?.quoteId ?? -1, price: row?.quote?.rates[row.picked ?? 0]?.price ?? 0 });
    const { outcomes } = await call('batch.buy', { rows: [shown(uk, 'b1'), shown(ca, 'b2')], print: true });
    expect(outcomes.find((o) => o.key === 'b2')).toMatchObject({ ok: false, message: expect.stringContaining('declare its contents for customs') });
    const bought = outcomes.find((o) => o.key === 'b1');
    expect(bought?.ok).toBe(true);
    const shipment = bought?.ok ? bought.shipment : undefined;
    expect(shipment?.customsFormCount).toBe(1);
    const jobs = await call('printJobs.list', { limit: 20 });
    expect(jobs.map((j) => j.title)).toContain(`Customs form 1 ${shipment?.trackingNo ?? ''}`.trim());
  });
});
