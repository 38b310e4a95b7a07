import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../electron/station/createStation';
import { openTestVault } from '../../support/keyring';
import { command } from '../../support/station';
import { makeTempDir } from '../../support/tempDir';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function stationWithOneLabel(): Promise<{ station: Station; trackingNo: string }> {
  const temp = makeTempDir();
  cleanups.push(temp.cleanup);
  const keys = await openTestVault();
  cleanups.push(() => keys.remove());
  const station = await createStation({ dataDir: temp.dir, vault: keys.vault, devices: { noUsb: true }, printing: { usb: null } });
  cleanups.push(() => station.close());
  const to = { name: 'Zoë O\'Brien "Q"', street: '1457 Sunset Blvd', city: 'Los Angeles', state: 'CA', zip: '90026', country: 'US' };
  const quote = await command(station, 'rates.quote', { to, package: { weightOz: 12 } });
  const rateId = quote.rates[quote.preselected ?? 0]?.rateId ?? '';
  const bought = await command(station, 'labels.buy', { method: 'rate', quoteId: quote.quoteId, rateId, packageKey: 'odd-text-1', print: false });
  return { station, trackingNo: bought.shipment.trackingNo ?? '' };
}

describe('History search through the command', () => {
  it('answers every odd text with rows, never "internal" (History and the inbox)', async () => {
    const { station } = await stationWithOneLabel();
    const odd = [
      '\u0000abc', 'ab\u0000c', '\u0000', 'abc\u0000', '\u0007\u001b[2J', // control characters: a NUL ended SQLite's FTS string
      '"', '""', 'a"b"c', "'", "o'b", '\\', '%', '_', // quotes, escapes, LIKE wildcards
      'NEAR(abc def)', 'abc OR def', 'AND', 'NOT abc', '-abc', '^abc', 'abc*', 'col:abc', '(abc', '{a b}: c', // FTS operators
      '\ud800', '\udc00abc', 'ab\ud83d', '\u{10ffff}', 'a\u{10ffff}', '\u{10ffff}\u{10ffff}\u{10ffff}', '\ud7ff', // lone surrogates, the last code points
      '😀😀😀', 'x'.repeat(120), '   ', '\t\n',
    ];
    for (const query of odd) {
      const result = await station.dispatch('history.search', { query });
      expect({ query, result: result.ok ? 'ok' : result.error }).toEqual({ query, result: 'ok' });
      // The inbox's search takes the same text the same way.
      if (query.length > 80) continue;
      const inbox = await station.dispatch('orders.list', { query });
      expect({ query, inbox: inbox.ok ? 'ok' : inbox.error }).toEqual({ query, inbox: 'ok' });
    }
  });

  it('finds the label when the text holds a control character, a quote or the pieces of a name', async () => {
    const { station, trackingNo } = await stationWithOneLabel();
    expect(trackingNo).not.toBe('');
    const ids = async (query: string) => (await command(station, 'history.search', { query })).shipments.map((s) => s.trackingNo);
    expect(await ids(`\u0000${trackingNo}`)).toEqual([trackingNo]);
    expect(await ids(`${trackingNo}\u0000`)).toEqual([trackingNo]);
    expect(await ids("o'bri")).toEqual([trackingNo]);
    expect(await ids('"q"')).toEqual([trackingNo]);
    expect(await ids('zoë')).toEqual([trackingNo]);
    expect(await ids('\u0000NEAR(abc)')).toEqual([]);
  });

  it('refuses a text longer than any stored key in words, whatever its length', async () => {
    const { station } = await stationWithOneLabel();
    for (const query of ['x'.repeat(121), 'x\u0000'.repeat(50_000)]) {
      const result = await station.dispatch('history.search', { query });
      expect(result).toEqual({ ok: false, error: { code: 'invalid_input', message: 'Search for at most 120 characters: no tracking number, order number or name is longer', field: 'query' } });
    }
  });
});
