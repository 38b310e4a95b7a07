import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PrintJobView } from '../../../shared/contract/printing';
import { shippingCommands } from '../../../shared/contract/shipping';
import { slipSettingsSchema, type SlipWhen } from '../../../shared/contract/slips';
import type { StationContext } from '../../../electron/core/module';
import { createV1Client } from '../../../electron/api/v1/client';
import { createV2Client } from '../../../electron/api/v2/client';
import { createMemoryLogger } from '../../../electron/log/logger';
import { createPrintingModule } from '../../../electron/printing/module';
import { createSlipsModule } from '../../../electron/printing/slips/module';
import { startSandbox } from '../../../electron/sandbox';
import { createShippingModule } from '../../../electron/shipping/module';
import { openDatabase } from '../../../electron/store/database';
import { shipFrom, shipTo } from './harness';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** The sandbox over HTTP, the real print queue on the virtual printer, the slips module and shipping wired as the station wires them. */
async function bench(when: SlipWhen) {
  const sandbox = await startSandbox({ seed: 23 });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'slips-follow-'));
  const db = openDatabase({ file: path.join(dataDir, 'station.sqlite') });
  const ctx: StationContext = { dataDir, db, emit: () => undefined, log: createMemoryLogger(), now: () => new Date() };
  const v2 = createV2Client({ baseUrl: sandbox.baseUrl, appKey: sandbox.credentials.appKey, appSecret: sandbox.credentials.appSecret, timeoutMs: 5_000 });
  const v1 = createV1Client({ baseUrl: sandbox.legacyBaseUrl, apiToken: sandbox.credentials.apiToken, practice: true });
  const backend = { clients: async () => ({ v2, v1 }) };
  const printing = createPrintingModule(ctx, { usb: null, osQueues: null });
  const slips = createSlipsModule(ctx, { print: printing.service, documents: printing.documents });
  const shipping = createShippingModule(ctx, { backend, print: printing.service, slips: slips.service, voidLegacy: () => Promise.reject(new Error('This bench buys no v1 labels.')) });
  await shipping.handlers['settings.shipping.set'](shippingCommands['settings.shipping.set'].input.parse({ shipFrom }));
  await slips.handlers['slips.settings.set']({ settings: slipSettingsSchema.parse({ when, storeName: 'Harbor Goods' }) });
  closers.push(async () => {
    await printing.close?.();
    db.close();
    await sandbox.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const buy = async (orderNumber: string, print: boolean) => {
    const quote = await shipping.handlers['rates.quote'](shippingCommands['rates.quote'].input.parse({ to: shipTo, package: { weightOz: 20, lengthIn: 10, widthIn: 8, heightIn: 4 }, orderNumber }));
    const rate = quote.rates.find((r) => r.rateId)!;
    return shipping.handlers['labels.buy'](shippingCommands['labels.buy'].input.parse({ method: 'rate', quoteId: quote.quoteId, rateId: rate.rateId, orderNumber, print }));
  };
  /** Every job once the queue has none left waiting, oldest first. */
  const settledJobs = async (count: number): Promise<PrintJobView[]> => {
    await expect.poll(async () => (await printing.handlers['printJobs.list']({ limit: 50 })).filter((j) => j.status === 'done').length, { timeout: 20_000 }).toBe(count);
    return [...(await printing.handlers['printJobs.list']({ limit: 50 }))].reverse();
  };
  return { shipping, slips, buy, settledJobs };
}

describe('a packing slip follows its label', () => {
  it('with every label: the slip prints after the label of a purchase, and again after a reprint', async () => {
    const b = await bench('withLabel');
    const bought = await b.buy('HG-1', true);
    const after = await b.settledJobs(2);
    expect(after.map((j) => j.title)).toEqual([expect.stringMatching(/^\S.*\d/), 'Packing slip HG-1']);
    await b.shipping.handlers['history.reprint']({ shipmentId: bought.shipment.id, kind: 'label' });
    const reprinted = await b.settledJobs(4);
    expect(reprinted.slice(2).map((j) => j.title)).toEqual([`Reprint ${bought.shipment.trackingNo}`, 'Packing slip HG-1']);
  }, 60_000);

  it('on demand: the label goes alone, and the slip only when asked', async () => {
    const b = await bench('onDemand');
    const bought = await b.buy('HG-2', true);
    expect((await b.settledJobs(1)).map((j) => j.title)).not.toContain('Packing slip HG-2');
    await b.slips.handlers['slips.print']({ shipmentId: bought.shipment.id });
    expect((await b.settledJobs(2)).map((j) => j.title)).toContain('Packing slip HG-2');
  }, 60_000);
});
