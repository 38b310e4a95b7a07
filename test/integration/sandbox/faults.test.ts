import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../electron/sandbox';
import { harness, FROM, TO, PACKAGE, type Envelope } from './harness';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});
const buyBody = (id: string) => ({ platform_uk_id: id, carrier_code: 'USPS', service_level: 'USPS_GROUND_ADVANTAGE', from_address_data: FROM, to_address_data: TO, package_data: PACKAGE });

describe('faults on demand', () => {
  it('adds latency at start and at run time', async () => {
    const h = await harness({ latencyMs: 120 });
    await h.token();
    let started = Date.now();
    await h.v2('GET', '/api/shipment/pickup/package/location/list');
    expect(Date.now() - started).toBeGreaterThanOrEqual(110);
    // Generous bounds only: the run-time change from 10 s back to none must take effect.
    h.sandbox.faults.set({ latencyMs: 10_000 });
    h.sandbox.faults.set({ latencyMs: 0 });
    started = Date.now();
    await h.v2('GET', '/api/shipment/pickup/package/location/list');
    expect(Date.now() - started).toBeLessThan(5_000);
    await h.close();
  });

  it('fails the configured fraction of API requests with 503 service_unavailable', async () => {
    const h = await harness({ failRate: 1 });
    await h.token();
    const res = await h.v2('GET', '/api/shipment/pickup/package/location/list');
    expect(res.status).toBe(503);
    expect(res.json).toMatchObject({ code: 'service_unavailable', data: null });
    expect((await h.v1('GET', '/api/balance')).status).toBe(503);
    h.sandbox.faults.set({ failRate: 0.5 });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await h.v2('GET', '/api/shipment/pickup/package/location/list')).status);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(5);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(5);
    h.sandbox.faults.set({ failRate: 0 });
    await h.close();
  });

  it('commits a purchase but drops its response; the retry with the same platform_uk_id gets the label', async () => {
    const h = await harness();
    await h.token();
    h.sandbox.faults.set({ dropPurchaseResponses: 1 });
    await expect(h.v2('POST', '/api/shipment/direct_buy', buyBody('drop-1'))).rejects.toThrow();
    expect(h.sandbox.stats()).toMatchObject({ labelsSold: 1, droppedResponses: 1 });
    const retry = await h.v2<Envelope<{ duplicate_label: boolean; label_data: string[] }>>('POST', '/api/shipment/direct_buy', buyBody('drop-1'));
    expect(retry.json.data.duplicate_label).toBe(true);
    expect(retry.json.data.label_data).toHaveLength(1);
    expect(h.sandbox.stats().labelsSold).toBe(1);
    await h.close();
  });
});

describe('persistence', () => {
  it('keeps credentials, shipments and balance in its SQLite file across restarts; in memory without a data dir', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-'));
    dirs.push(dataDir);
    const first = await harness({ dataDir });
    await first.token();
    const bought = await first.v2<Envelope<{ shipment_no: string; tracking_no: string }>>('POST', '/api/shipment/direct_buy', buyBody('persist-1'));
    const credentials = first.sandbox.credentials;
    const balance = first.sandbox.stats().balanceCents;
    await first.close();
    expect(fs.existsSync(path.join(dataDir, 'sandbox.sqlite'))).toBe(true);

    const second = await harness({ dataDir });
    expect(second.sandbox.credentials).toEqual(credentials);
    expect(second.sandbox.stats().balanceCents).toBe(balance);
    await second.token();
    const again = await second.v2<Envelope<{ duplicate_label: boolean; shipment_no: string }>>('POST', '/api/shipment/direct_buy', buyBody('persist-1'));
    expect(again.json.data).toMatchObject({ duplicate_label: true, shipment_no: bought.json.data.shipment_no });
    const orders = await second.v1<{ total_count: number }>('GET', '/api/sandbox-training/orders/list');
    expect(orders.json.total_count).toBe(20);
    await second.close();

    const memory = await startSandbox();
    const other = await startSandbox();
    expect(memory.credentials.appKey).not.toBe(other.credentials.appKey);
    await Promise.all([memory.close(), other.close()]);
  });

  it('closes promptly even with requests waiting out a long latency', async () => {
    const sandbox = await startSandbox({ latencyMs: 60_000 });
    const pending = fetch(`${sandbox.baseUrl}/oauth2/token`, { method: 'POST' }).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await sandbox.close();
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await pending).toBeInstanceOf(Error);
    expect(sandbox.stats().internalErrors).toBe(0);
  });

  it('closes idempotently and frees its ports', async () => {
    const sandbox = await startSandbox();
    await Promise.all([sandbox.close(), sandbox.close()]);
    await expect(fetch(`${sandbox.baseUrl}/oauth2/token`, { method: 'POST' })).rejects.toThrow();
  });
});
