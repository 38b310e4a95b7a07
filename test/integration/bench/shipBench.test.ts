import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandInput, CommandName } from '../../../shared/contract';
import { shownQuote, type BenchState } from '../../../shared/contract/bench';
import { inputWords } from '../../../shared/contract/inputWords';
import { addressSchema } from '../../../shared/contract/shipping';
import { createStation, type Station } from '../../../electron/station/createStation';
import { createOrdersRepo } from '../../../electron/store/ordersRepo';
import { openTestVault, type TestVault } from '../../support/keyring';
import { command } from '../../support/station';
import { makeTempDir } from '../../support/tempDir';

/** The bench machine driven through the contract, as the Ship screen drives it, against the embedded sandbox. */
describe('the bench state machine', () => {
  let station: Station;
  let cleanup: () => void;
  let keys: TestVault;
  const pushed: BenchState[] = [];

  beforeAll(async () => {
    const temp = makeTempDir();
    cleanup = temp.cleanup;
    keys = await openTestVault();
    station = await createStation({ dataDir: temp.dir, vault: keys.vault, devices: { noUsb: true }, printing: { usb: null } });
    station.events.subscribe((name, payload) => {
      if (name === 'bench.changed') pushed.push(payload as BenchState);
    });
    await call('settings.shipping.set', { shipFrom: { name: 'Parcel Works', street: '500 Market St', city: 'San Francisco', state: 'CA', zip: '94105', country: 'US' } });
    await call('orders.pullPracticeOrders', {});
  });
  afterAll(async () => {
    await station.close();
    await keys.remove();
    cleanup();
  });

  const call = <N extends CommandName>(name: N, input: CommandInput<N>) => command(station, name, input);
  /** The first pushed state that passes, waiting on the station's own events. */
  function until(test: (s: BenchState) => boolean): Promise<BenchState> {
    const found = pushed.find(test);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => {
      const off = station.events.subscribe((name, payload) => {
        if (name === 'bench.changed' && test(payload as BenchState)) {
          off();
          resolve(payload as BenchState);
        }
      });
    });
  }
  const settled = (s: BenchState) => s.address.status !== 'checking' && s.rates.status !== 'rating' && s.rates.status !== 'idle';

  it('a scan starts validation and rating together; a form-only standardization is applied without a decision and Buy is ready', async () => {
    pushed.length = 0;
    const started: BenchState = await call('bench.scan', { text: 'DEMO-1001' });
    expect(started.order?.orderNumber).toBe('DEMO-1001');
    expect(started.address.status).toBe('checking');
    expect(started.rates.status).toBe('rating');
    const ready = await until((s) => s.packageId === started.packageId && settled(s));
    expect(ready.address.status).toBe('standardized');
    expect(ready.to?.street).toBe('1457 SUNSET BLVD');
    expect(ready.blockers).toEqual([]);
    expect(ready.rates.picked).not.toBeNull();
  });

  it('buys exactly what is shown with one key, and the state says bought', async () => {
    const bought: BenchState = await call('bench.buy', { shown: shownQuote(await call('bench.state', {})) });
    expect(bought.purchase.status).toBe('bought');
    expect(bought.purchase.result?.shipment.orderNumber).toBe('DEMO-1001');
  });

  it('an address the service cannot confirm stops Buy until the operator types SHIP, and the override is on the shipment', async () => {
    const started: BenchState = await call('bench.scan', { text: 'DEMO-1013' });
    const judged = await until((s) => s.packageId === started.packageId && settled(s));
    expect(judged.address.status).toBe('needs_decision');
    expect(judged.blockers[0]?.field).toBe('address');
    const refused: BenchState = await call('bench.buy', { shown: shownQuote(await call('bench.state', {})) });
    expect(refused.purchase.status).toBe('none');
    expect(refused.purchase.error?.message).toMatch(/could not confirm/);
    const wrongWord: BenchState = await call('bench.address', { action: 'override', word: 'a' });
    expect(wrongWord.address.status).toBe('needs_decision');
    await call('bench.address', { action: 'override', word: 'ship' });
    const bought: BenchState = await call('bench.buy', { shown: shownQuote(await call('bench.state', {})) });
    expect(bought.purchase.status).toBe('bought');
    expect(bought.purchase.result?.shipment.addressOverride).toMatch(/typed SHIP/);
  });

  it('a weight it cannot read stops Buy with words, and the next order clears it', async () => {
    const started: BenchState = await call('bench.scan', { text: 'DEMO-1002' });
    await until((s) => s.packageId === started.packageId && settled(s));
    const typed: BenchState = await call('bench.weight', { text: '1 ib 4 oz' });
    expect(typed.weight).toMatchObject({ text: '1 ib 4 oz', oz: null, source: 'typed' });
    expect(typed.weight.error).toMatch(/not a weight/);
    const refused: BenchState = await call('bench.buy', { shown: shownQuote(await call('bench.state', {})) });
    expect(refused.purchase.status).toBe('none');
    expect(refused.purchase.error?.field).toBe('weight');
    const next: BenchState = await call('bench.scan', { text: 'DEMO-1005' });
    expect(next.weight.error).toBeNull();
    expect(next.weight.text).not.toContain('ib');
  });

  it('the pick stops at the ends of the list, and never lands on Media Mail by itself', async () => {
    const state = await until((s) => s.order?.orderNumber === 'DEMO-1005' && settled(s));
    const rates = state.rates.quote?.rates ?? [];
    expect(rates.length).toBeGreaterThan(2);
    const picked = state.rates.picked ?? -1;
    expect(rates[picked]?.serviceLevel).not.toMatch(/MEDIA|LIBRARY/);
    await call('bench.pick', { index: 0 });
    let s: BenchState = await call('bench.pick', { step: -1 });
    expect(s.rates.picked).toBe(0);
    await call('bench.pick', { index: rates.length - 1 });
    s = await call('bench.pick', { step: 1 });
    expect(s.rates.picked).toBe(rates.length - 1);
    const media = rates.findIndex((r) => /MEDIA_MAIL/.test(r.serviceLevel));
    if (media >= 0) {
      s = await call('bench.pick', { index: media });
      expect(s.rates.pickNote).toMatch(/books/);
    }
  });

  it('another box takes the next free box number from the station, not from a key the screen parses', async () => {
    const again: BenchState = await call('bench.scan', { text: 'DEMO-1001' });
    expect(again.alreadyShipped).toBe(true);
    const box: BenchState = await call('bench.anotherBox', {});
    expect(box.box).toBe(1);
    const checked = await until((s) => s.packageId === box.packageId && s.address.status !== 'checking');
    expect(checked.weight.text).toBe('');
    expect(checked.address.status).toBe('standardized');
  });

  it('an order kept with an address that breaks the contract\'s rules (as a v1 pull keeps it) is refused in the contract\'s words, by the check and by rating', async () => {
    const recipient = { name: 'Ann Lee', street: '12 Oak St', city: '', state: 'CA', zip: '94105', country: 'US' };
    createOrdersRepo(station.context.db, station.context.now).upsert({ orderNumber: 'V1-NO-CITY', source: 'v1', recipient, package: { weightOz: 12 }, customs: null, recipientName: recipient.name });
    const words = addressSchema.safeParse(recipient, { error: inputWords }).error?.issues[0]?.message;
    expect(words).toBe('Enter the city');
    const started: BenchState = await call('bench.scan', { text: 'V1-NO-CITY' });
    const judged = await until((s) => s.packageId === started.packageId && s.address.status !== 'checking' && s.rates.status === 'failed');
    expect(judged.address.problem).toBe(`The address could not be checked: ${words} Edit it (Alt+E), or type SHIP to buy for it unchecked.`);
    expect(judged.rates.error).toEqual({ code: 'invalid_input', message: words, field: 'to.city' });
  });

  it('a stable scale reading replaces a typed weight once the scale reads something new, never before', async () => {
    const started: BenchState = await call('bench.scan', { text: 'DEMO-1006' });
    await call('scales.simulate', { weightOz: 37 });
    const weighed = await until((s) => s.packageId === started.packageId && s.weight.source === 'scale' && s.weight.oz === 37);
    expect(weighed.weight.text).toBe('2 lb 5 oz');
    const typed: BenchState = await call('bench.weight', { text: '12 oz' });
    expect(typed.weight).toMatchObject({ oz: 12, source: 'typed' });
    await call('scales.simulate', { weightOz: 50 });
    const replaced = await until((s) => s.packageId === started.packageId && s.weight.oz === 50);
    expect(replaced.weight.source).toBe('scale');
    await call('scales.simulate', { weightOz: 0 });
  });
});
