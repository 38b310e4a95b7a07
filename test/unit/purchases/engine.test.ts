import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { StationFailure } from '../../../shared/contract/errors';
import { createMemoryLogger } from '../../../electron/log/logger';
import type { Journaled } from '../../../electron/purchases/adapter';
import { createPurchaseEngine } from '../../../electron/purchases/engine';
import { storedPackageKey } from '../../../electron/purchases/packageKey';
import type { JournalDraft } from '../../../electron/purchases/journal';
import type { WireShipment } from '../../../electron/shipping/ports';
import { createV2Adapter } from '../../../electron/shipping/v2Adapter';
import { openDatabase } from '../../../electron/store/database';
import { createShipmentsRepo, type ShipmentRow, type ShipmentsRepo } from '../../../electron/store/shipmentsRepo';

const png = PNG.sync.write(Object.assign(new PNG({ width: 2, height: 2 }), { data: Buffer.alloc(16, 255) })).toString('base64');

function wire(id: string, sold: Map<string, WireShipment>, level = 'USPS_GROUND_ADVANTAGE'): WireShipment {
  const existing = sold.get(id);
  if (existing) return { ...existing, duplicate_label: true };
  const shipment = {
    shipment_no: `S${sold.size + 1}`,
    platform_uk_id: id,
    tracking_no: `9400${sold.size + 1}`,
    carrier_code: 'USPS',
    service_level: level,
    service_name: level,
    currency: 'USD',
    total_fee: 5.25,
    duplicate_label: false,
    label_urls: ['u'],
    label_data: [png],
  } as WireShipment;
  sold.set(id, shipment);
  return shipment;
}

/** A v2 purchase with where it goes: the backend it is journaled on and the account its id derives from. */
type Draft = JournalDraft & { readonly backendId: string; readonly accountId: string };

const draft = (level = 'USPS_GROUND_ADVANTAGE'): Draft => ({
  backendId: 'sandbox',
  accountId: 'account-a',
  method: 'create_and_pay',
  requestJson: JSON.stringify({ rate_id: level }),
  chosenJson: JSON.stringify({ carrierCode: 'USPS', serviceLevel: level, serviceName: level, price: 5.25 }),
  orderNumber: 'A-1',
  recipientName: 'Ann Lee',
  recipientCity: 'Denver',
  recipientZip: '80202',
  insuranceCents: null,
  isReturn: false,
});

type Send = (row: ShipmentRow, body: Record<string, unknown>) => Promise<WireShipment>;

/**
 * The purchase engine over one data folder's shipments, with the v2 ledger
 * and the v2 adapter whose wire is `send` (the scripted service): its answers
 * are read, classified and salvaged by the real adapter.
 */
function engineOver(shipments: ShipmentsRepo, send: Send, options: { trackingStatus?: (id: string) => Promise<string>; fetchBytes?: (url: string) => Promise<Uint8Array> } = {}) {
  const fetchBytes = options.fetchBytes ?? (async () => new Uint8Array([1]));
  const engine = createPurchaseEngine({ shipments, log: createMemoryLogger(), retryDelayMs: 1, fetchBytes });
  const real = createV2Adapter({ backend: { clients: async () => Promise.reject(new Error('the scripted service answers')) }, fetchBytes, log: createMemoryLogger() });
  const { trackingStatus } = options;
  const adapter = {
    ...real,
    send: ({ row, platformUkId }: Journaled) => send(row, { ...(JSON.parse(row.request_json) as Record<string, unknown>), platform_uk_id: platformUkId }),
    ...(trackingStatus ? { trackingStatus: ({ platformUkId }: Journaled) => trackingStatus(platformUkId) } : { trackingStatus: undefined }),
  };
  return {
    purchase: async (key: string, d: Draft) => {
      const { backendId, accountId, ...rest } = d;
      const done = await engine.purchase(adapter, { target: { backendId, claimBackendId: backendId, accountId }, packageKey: storedPackageKey(key), orderNumber: rest.orderNumber, draft: () => rest });
      return done.row;
    },
    reconcile: (backendId: string) => engine.reconcile(adapter, { backendId, claimBackendId: backendId, accountId: 'account-a' }),
  };
}

/** One data folder's engine; `service.sold` is the service's sales when several folders share it. */
function setup(
  behaviour: (id: string, body: Record<string, unknown>, call: number) => 'ok' | 'drop' | 'reject' | 'error' | 'garbled',
  service: { readonly sold?: Map<string, WireShipment>; readonly trackingStatus?: (id: string) => Promise<string> } = {},
) {
  const db = openDatabase({ file: ':memory:' });
  const shipments = createShipmentsRepo(db, () => new Date('2025-06-30T12:00:00Z'));
  const sold = service.sold ?? new Map<string, WireShipment>();
  let calls = 0;
  const journal = engineOver(
    shipments,
    async (_row, body) => {
      calls += 1;
      const id = String(body.platform_uk_id);
      await new Promise((r) => setTimeout(r, 5));
      const what = behaviour(id, body, calls);
      if (what === 'reject') throw new StationFailure({ code: 'service_rejected', message: 'Insufficient balance' });
      if (what === 'error') throw new StationFailure({ code: 'service_unavailable', message: '502', retryable: true });
      const result = wire(id, sold, String(body.rate_id));
      if (what === 'drop') throw new StationFailure({ code: 'timeout', message: 'no answer', retryable: true });
      if (what === 'garbled') throw new StationFailure({ code: 'service_unavailable', message: "an answer the station doesn't understand", retryable: false });
      return result;
    },
    service.trackingStatus ? { trackingStatus: service.trackingStatus } : {},
  );
  return { db, shipments, journal, sold, calls: () => calls };
}

describe('purchase engine over the v2 journal', () => {
  it('single-flights concurrent buys of one package and pays once', async () => {
    const { journal, sold, calls } = setup(() => 'ok');
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => journal.purchase('A-1#0', draft())));
    expect(a?.id).toBe(b?.id);
    expect(c?.platform_uk_id).toBe(a?.platform_uk_id);
    expect(sold.size).toBe(1);
    expect(calls()).toBe(1);
    const again = await journal.purchase('A-1#0', draft());
    expect(again.state).toBe('bought');
    expect(calls()).toBe(1);
  });

  it('re-sends the same platform_uk_id after a dropped answer and records the duplicate', async () => {
    const { journal, sold, shipments } = setup((_id, _b, call) => (call === 1 ? 'drop' : 'ok'));
    const row = await journal.purchase('A-1#0', draft());
    expect(row.state).toBe('bought');
    expect(row.duplicate_label).toBe(1);
    expect(row.attempts).toBe(2);
    expect(sold.size).toBe(1);
    expect(shipments.get(row.id)?.label_count).toBe(1);
  });

  it('keeps the id after a refusal and reuses it on the next buy', async () => {
    let refuse = true;
    const { journal, shipments } = setup(() => (refuse ? 'reject' : 'ok'));
    await expect(journal.purchase('A-1#0', draft())).rejects.toThrow(/Insufficient balance/);
    const failed = shipments.liveByPackageKey('sandbox', 'A-1#0');
    expect(failed?.state).toBe('failed');
    refuse = false;
    const row = await journal.purchase('A-1#0', draft());
    expect(row.platform_uk_id).toBe(failed?.platform_uk_id);
    expect(row.state).toBe('bought');
  });

  it('leaves the row pending when no attempt is confirmed, and reconcile finishes it', async () => {
    let down = true;
    const { journal, sold } = setup(() => (down ? 'error' : 'ok'));
    await expect(journal.purchase('A-1#0', draft())).rejects.toMatchObject({ error: { code: 'timeout', retryable: true } });
    down = false;
    expect(await journal.reconcile('sandbox')).toEqual({ bought: 1, notSold: 0, stillPending: 0 });
    expect(sold.size).toBe(1);
  });

  it('keeps a purchase whose answer did not parse pending (it may have been sold), then confirms it by its id', async () => {
    let garbled = true;
    const { journal, sold, shipments } = setup(() => (garbled ? 'garbled' : 'ok'));
    await expect(journal.purchase('A-1#0', draft())).rejects.toMatchObject({ error: { code: 'timeout', retryable: true } });
    const pending = shipments.liveByPackageKey('sandbox', 'A-1#0');
    expect(pending?.state).toBe('pending');
    garbled = false;
    expect(await journal.reconcile('sandbox')).toEqual({ bought: 1, notSold: 0, stillPending: 0 });
    const row = shipments.get(pending?.id as number);
    expect(row).toMatchObject({ state: 'bought', platform_uk_id: pending?.platform_uk_id, duplicate_label: 1 });
    expect(sold.size).toBe(1);
  });

  it('records the label actually sold when the picked rate differs', async () => {
    let drop = true;
    const { journal, sold } = setup(() => (drop ? 'drop' : 'ok'));
    await expect(journal.purchase('A-1#0', draft('USPS_PRIORITY'))).rejects.toMatchObject({ error: { retryable: true } });
    drop = false;
    const row = await journal.purchase('A-1#0', draft('USPS_GROUND_ADVANTAGE'));
    expect(sold.size).toBe(1);
    expect(row.service_level).toBe('USPS_PRIORITY');
    expect(row.duplicate_label).toBe(1);
    expect(JSON.parse(row.rate_mismatch_json ?? 'null')).toMatchObject({
      picked: { serviceLevel: 'USPS_GROUND_ADVANTAGE' },
      bought: { serviceLevel: 'USPS_PRIORITY' },
    });
  });

  it('keeps a package\'s purchases apart per backend and reconciles only the current one', async () => {
    let down = true;
    const { journal, sold, shipments } = setup(() => (down ? 'error' : 'ok'));
    await expect(journal.purchase('A-1#0', draft())).rejects.toMatchObject({ error: { retryable: true } });
    down = false;
    expect(await journal.reconcile('live:https://api.example.com')).toEqual({ bought: 0, notSold: 0, stillPending: 0 });
    expect(shipments.pendingOnOtherBackends('live:https://api.example.com')).toBe(1);
    const live = await journal.purchase('A-1#0', { ...draft(), backendId: 'live:https://api.example.com', accountId: 'account-live' });
    expect(live.backend_id).toBe('live:https://api.example.com');
    expect(shipments.liveByPackageKey('sandbox', 'A-1#0')?.state).toBe('pending');
    expect(await journal.reconcile('sandbox')).toEqual({ bought: 1, notSold: 0, stillPending: 0 });
    expect(sold.size).toBe(2);
  });

  it('stops a reconcile round at the first purchase the service cannot confirm', async () => {
    let down = true;
    const { journal, calls } = setup(() => (down ? 'error' : 'ok'));
    await expect(journal.purchase('A-1#0', draft())).rejects.toBeDefined();
    await expect(journal.purchase('A-2#0', draft())).rejects.toBeDefined();
    const before = calls();
    expect(await journal.reconcile('sandbox')).toEqual({ bought: 0, notSold: 0, stillPending: 2 });
    expect(calls() - before).toBe(4);
    down = false;
    expect(await journal.reconcile('sandbox')).toEqual({ bought: 2, notSold: 0, stillPending: 0 });
  });

  it('two station processes on one data folder buy a package once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ps-journal-'));
    const file = path.join(dir, 'station.sqlite');
    const sold = new Map<string, WireShipment>();
    const make = () => {
      const db = openDatabase({ file });
      const shipments = createShipmentsRepo(db, () => new Date());
      const journal = engineOver(shipments, async (_row, body) => {
        await new Promise((r) => setTimeout(r, 5));
        return wire(String(body.platform_uk_id), sold, String(body.rate_id));
      });
      return { db, journal };
    };
    const a = make();
    const b = make();
    const [ra, rb] = await Promise.all([a.journal.purchase('A-1#0', draft()), b.journal.purchase('A-1#0', draft())]);
    expect(ra.platform_uk_id).toBe(rb.platform_uk_id);
    expect(sold.size).toBe(1);
    a.db.close();
    b.db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('records a paid label as bought even when its image has not arrived', async () => {
    const db = openDatabase({ file: ':memory:' });
    const shipments = createShipmentsRepo(db, () => new Date());
    const journal = engineOver(shipments, async (_row, body) => ({ ...wire(String(body.platform_uk_id), new Map()), label_data: [] }), {
      fetchBytes: async () => {
        throw new StationFailure({ code: 'service_unavailable', message: 'down', retryable: true });
      },
    });
    const row = await journal.purchase('A-1#0', draft());
    expect(row.state).toBe('bought');
    expect(row.label_count).toBe(0);
    expect(row.error).toMatch(/image has not arrived/);
    db.close();
  });

  it('derives the id from account, package and void generation: a voided box is bought again under a new id', async () => {
    const { journal, shipments, sold } = setup(() => 'ok');
    const first = await journal.purchase('order:a-1#0', draft());
    const other = setup(() => 'ok');
    // Another data folder on the same account derives the same id, so the service sees the repeat.
    expect((await other.journal.purchase('order:a-1#0', draft())).platform_uk_id).toBe(first.platform_uk_id);
    const otherAccount = setup(() => 'ok');
    expect((await otherAccount.journal.purchase('order:a-1#0', { ...draft(), accountId: 'account-b' })).platform_uk_id).not.toBe(first.platform_uk_id);
    expect(shipments.markVoided(first.id)).toBe(true);
    const again = await journal.purchase('order:a-1#0', draft());
    expect(again.platform_uk_id).not.toBe(first.platform_uk_id);
    expect(again.state).toBe('bought');
    expect(sold.size).toBe(2);
  });
});

describe('a duplicate answer', () => {
  /** A folder on a service shared with other folders, answering tracking by `status` and noting each question. */
  function folder(sold: Map<string, WireShipment>, status: (id: string) => string, behaviour: Parameters<typeof setup>[0] = () => 'ok') {
    const asked: string[] = [];
    const trackingStatus = async (id: string) => {
      asked.push(id);
      return status(id);
    };
    return { ...setup(behaviour, { sold, trackingStatus }), asked };
  }

  it('after a lost answer is this station\'s own label: kept with no tracking question', async () => {
    const a = folder(new Map(), () => 'voided', (_id, _b, call) => (call === 1 ? 'drop' : 'ok'));
    const row = await a.journal.purchase('order:a-1#0', draft());
    expect(row).toMatchObject({ state: 'bought', duplicate_label: 1, attempts: 2 });
    expect(a.asked).toEqual([]);
  });

  it('of a label bought at another folder is asked about: kept while live, bought anew once voided there', async () => {
    const sold = new Map<string, WireShipment>();
    const voided = new Set<string>();
    const status = (id: string) => (voided.has(id) ? 'voided' : 'in_transit');
    const first = await folder(sold, status).journal.purchase('order:a-1#0', draft());
    const live = folder(sold, status);
    expect(await live.journal.purchase('order:a-1#0', draft())).toMatchObject({ state: 'bought', duplicate_label: 1, tracking_no: first.tracking_no });
    expect(live.asked).toEqual([first.platform_uk_id]);

    voided.add(first.platform_uk_id);
    const b = folder(sold, status);
    const again = await b.journal.purchase('order:a-1#0', draft());
    expect(again).toMatchObject({ state: 'bought', duplicate_label: 0 });
    expect(again.tracking_no).not.toBe(first.tracking_no);
    expect(sold.size).toBe(2);
    expect(b.shipments.voidedCount('sandbox', 'order:a-1#0')).toBe(1);
    expect(b.asked).toEqual([first.platform_uk_id]);
  });
});
