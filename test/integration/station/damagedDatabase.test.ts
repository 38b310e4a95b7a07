import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CommandInput } from '../../../shared/contract';
import type { PrintJobView } from '../../../shared/contract/printing';
import { createStation, type Station } from '../../../electron/station/createStation';
import type { Vault } from '../../../electron/vault/vault';
import { growPastOpenCheck } from '../../support/bigStore';
import { damageAnIndex } from '../../support/damage';
import { openTestVault } from '../../support/keyring';
import { command } from '../../support/station';
import { makeTempDir } from '../../support/tempDir';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function open(dataDir: string, vault: Vault): Promise<Station> {
  const station = await createStation({ dataDir, vault, devices: { noUsb: true }, printing: { usb: null } });
  cleanups.push(() => station.close());
  return station;
}

function printed(station: Station, jobId: string): Promise<PrintJobView> {
  return new Promise((resolve) => {
    const off = station.events.subscribe((name, payload) => {
      const job = payload as PrintJobView;
      if (name === 'print.job' && job.id === jobId && (job.status === 'done' || job.status === 'failed')) {
        off();
        resolve(job);
      }
    });
  });
}

describe('a station on a damaged database', () => {
  it('keeps a copy, opens read-only in words, refuses to buy or scan, and still reprints a stored label', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    const keys = await openTestVault();
    cleanups.push(() => keys.remove());
    const first = await open(temp.dir, keys.vault);
    const to = { name: 'Ann Lee', street: '1457 Sunset Blvd', city: 'Los Angeles', state: 'CA', zip: '90026', country: 'US' };
    const quote = await command(first, 'rates.quote', { to, package: { weightOz: 12 } });
    const bought = await command(first, 'labels.buy', { method: 'rate', quoteId: quote.quoteId, rateId: quote.rates[quote.preselected ?? 0]?.rateId ?? '', packageKey: 'damaged-1', print: false });
    const trackingNo = bought.shipment.trackingNo ?? '';
    expect(trackingNo).not.toBe('');
    await first.close();

    const file = path.join(temp.dir, 'station.sqlite');
    damageAnIndex(file, 'shipments');
    const damagedBytes = fs.readFileSync(file);

    const station = await open(temp.dir, keys.vault);
    const info = await command(station, 'station.info', {});
    expect(info.readOnly).toMatch(/^The station's database is damaged, so the station is open for reprints only: History and reprinting work, buying and scanning do not\./);
    const copy = /kept as (\S+station\.sqlite\.damaged-\S+?)\. /.exec(info.readOnly ?? '')?.[1] ?? '';
    expect(fs.readFileSync(copy)).toEqual(damagedBytes);
    expect(info.readOnly).not.toMatch(/SQLITE_|rootpage|\bat \w+ \(/);

    for (const refused of [
      await station.dispatch('bench.scan', { text: '#DEMO-1001' }),
      await station.dispatch('labels.buy', { method: 'rate', quoteId: quote.quoteId, rateId: quote.rates[0]?.rateId ?? '', packageKey: 'damaged-2', print: false }),
      await station.dispatch('rates.quote', { to, package: { weightOz: 12 } }),
    ]) {
      expect(refused).toEqual({ ok: false, error: { code: 'conflict', message: info.readOnly } });
    }

    const found = await command(station, 'history.search', { query: trackingNo });
    expect(found.shipments.map((s) => s.trackingNo)).toEqual([trackingNo]);
    const shipmentId = found.shipments[0]?.id ?? 0;
    const before = fs.existsSync(path.join(temp.dir, 'virtual-printer')) ? fs.readdirSync(path.join(temp.dir, 'virtual-printer')).length : 0;
    const { jobIds } = await command(station, 'history.reprint', { shipmentId, kind: 'label' });
    expect(jobIds).toHaveLength(1);
    const job = await printed(station, jobIds[0] ?? '');
    expect(job.status).toBe('done');
    expect(fs.readdirSync(path.join(temp.dir, 'virtual-printer')).length).toBeGreaterThan(before);

    await station.close();
    // The damaged file is evidence: the rescue never writes to it, and opening again keeps no second identical copy.
    expect(fs.readFileSync(file)).toEqual(damagedBytes);
    const again = await open(temp.dir, keys.vault);
    expect((await command(again, 'station.info', {})).readOnly).toContain(copy);
    expect(fs.readdirSync(temp.dir).filter((name) => name.startsWith('station.sqlite.damaged-') && !name.endsWith('-wal'))).toHaveLength(1);
  });

  it('finds a page damaged while a large database was closed cleanly before a purchase is written, and refuses the purchase in words', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    const keys = await openTestVault();
    cleanups.push(() => keys.remove());
    const first = await open(temp.dir, keys.vault);
    const to = { name: 'Ann Lee', street: '1457 Sunset Blvd', city: 'Los Angeles', state: 'CA', zip: '90026', country: 'US' };
    await command(first, 'labels.buy', { method: 'rate', ...(await quoteOf(first, to)), packageKey: 'big-1', print: false });
    await first.close();

    // Large enough to be checked in the background after this clean shutdown; then a bad sector in the journal's index.
    const file = path.join(temp.dir, 'station.sqlite');
    growPastOpenCheck(file);
    damageAnIndex(file, 'shipments');

    const station = await open(temp.dir, keys.vault);
    expect((await command(station, 'station.info', {})).readOnly).toBeUndefined();
    const sent = () => (station.context.db.prepare('SELECT count(*) AS n FROM audit_log WHERE platform_uk_id IS NOT NULL').get() as { n: number }).n;
    const sentBefore = sent();
    const refused = await station.dispatch('labels.buy', { method: 'rate', ...(await quoteOf(station, to)), packageKey: 'big-2', print: false });
    expect(refused).toMatchObject({ ok: false, error: { code: 'conflict' } });
    const words = refused.ok ? '' : refused.error.message;
    expect(words).toMatch(/^The station's database is damaged \(SQLite found: .+\), so nothing was bought\. A copy is kept as \S+station\.sqlite\.damaged-/);
    expect(words).not.toMatch(/SQLITE_|rootpage|\bat \w+ \(/);
    expect(sent()).toBe(sentBefore);
    expect(station.context.db.prepare("SELECT count(*) AS n FROM shipments WHERE package_key LIKE '%big-2%'").get()).toEqual({ n: 0 });

    // The damage keeps the station from marking the file clean: the next start checks it whole and opens it for reprints only.
    await station.close();
    const again = await open(temp.dir, keys.vault);
    expect((await command(again, 'station.info', {})).readOnly).toMatch(/^The station's database is damaged, so the station is open for reprints only/);
  });
});

async function quoteOf(station: Station, to: CommandInput<'rates.quote'>['to']): Promise<{ quoteId: number; rateId: string }> {
  const quote = await command(station, 'rates.quote', { to, package: { weightOz: 12 } });
  return { quoteId: quote.quoteId, rateId: quote.rates[quote.preselected ?? 0]?.rateId ?? '' };
}
