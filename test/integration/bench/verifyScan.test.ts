import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CommandInput, CommandName } from '../../../shared/contract';
import { createStation, type Station } from '../../../electron/station/createStation';
import { openTestVault, type TestVault } from '../../support/keyring';
import { command } from '../../support/station';
import { makeTempDir } from '../../support/tempDir';

const products = fs.readFileSync(path.join(__dirname, '../../fixtures/store-exports/products.csv'), 'utf8');

/** Scan to verify through the station's own dispatcher: which scans count as items and which start the next order. */
describe('scan to verify: what a scan on a bench checking items is', () => {
  let station: Station;
  let keys: TestVault;
  let cleanup: () => void;
  const call = <N extends CommandName>(name: N, input: CommandInput<N>) => command(station, name, input);

  beforeEach(async () => {
    const temp = makeTempDir();
    cleanup = temp.cleanup;
    keys = await openTestVault();
    station = await createStation({ dataDir: temp.dir, vault: keys.vault, devices: { noUsb: true }, printing: { usb: null } });
    await call('settings.shipping.set', { shipFrom: { name: 'Parcel Works', street: '500 Market St', city: 'San Francisco', state: 'CA', zip: '94105', country: 'US' }, scanToVerify: true });
    await call('products.importCsv', { csv: products });
    const csv = ['order_number,recipient_name,street,city,state,zip_code,country,weight_oz,sku,item_description,item_quantity', 'V-1,Ann Lee,1457 Sunset Blvd,Los Angeles,CA,90026,US,30,MUG-12,Ceramic mug,2', 'V-1,,,,,,,,NAP-1,Linen napkin,1'].join('\n');
    await call('orders.importCsv', { csv });
  });
  afterEach(async () => {
    await station.close();
    await keys.remove();
    cleanup();
  });

  it('an item of the order counts; a catalog product not in it and an unknown code are refused on the same order; another order\'s number starts that order', async () => {
    const started = await call('bench.scan', { text: 'V-1' });
    expect(started.verify).toMatchObject({ status: 'checking', lines: [{ code: '0812345000121', quantity: 2, counted: 0 }, { code: '0812345000138', quantity: 1, counted: 0 }] });
    const counted = await call('bench.scan', { text: '0812345000121' });
    expect(counted.order?.orderNumber).toBe('V-1');
    expect(counted.verify.lines[0]?.counted).toBe(1);
    expect((await call('bench.scan', { text: 'cst-4' })).verify.problem?.kind).toBe('notInOrder');
    const unknown = await call('bench.scan', { text: 'NO-SUCH-ORDER-9' });
    expect(unknown).toMatchObject({ order: { orderNumber: 'V-1' }, scanError: null, verify: { problem: { kind: 'wrongItem' } } });
    expect((await call('bench.verify', { action: 'count', line: 0, quantity: 2 })).verify.lines[0]?.counted).toBe(2);
    expect((await call('bench.scan', { text: 'MUG-12' })).verify.problem?.kind).toBe('tooMany');

    await call('orders.pullPracticeOrders', {});
    const next = await call('bench.scan', { text: 'DEMO-1001' });
    expect(next.order?.orderNumber).toBe('DEMO-1001');
    expect(next.verify.problem).toBeNull();
    expect(next.verify.lines.every((line) => line.counted === 0)).toBe(true);
  });
});
