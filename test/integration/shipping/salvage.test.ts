import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CommandName } from '../../../shared/contract';
import { shippingCommands } from '../../../shared/contract/shipping';
import { createAccountModule } from '../../../electron/account/module';
import { createV1Client } from '../../../electron/api/v1/client';
import { createV2Client } from '../../../electron/api/v2/client';
import { createMemoryLogger } from '../../../electron/log/logger';
import { createPrintingModule } from '../../../electron/printing/module';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox';
import { createShippingModule } from '../../../electron/shipping/module';
import type { StationContext } from '../../../electron/core/module';
import { openDatabase, type Db } from '../../../electron/store/database';
import { shipFrom, shipTo } from './harness';

/**
 * Issue 10 part 2: a purchase answer the parser refuses, after the service
 * sold the label, against the real sandbox over HTTP and the real print
 * queue (virtual printer). The label is kept and printable when the answer
 * holds it, the package is never bought again, and the label can be voided.
 */

const closers: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

interface Station {
  readonly sandbox: RunningSandbox;
  readonly db: Db;
  readonly dataDir: string;
  call<N extends keyof typeof shippingCommands>(name: N, input: unknown): Promise<Awaited<ReturnType<ReturnType<typeof createShippingModule>['handlers'][N]>>>;
  waitPrinted(jobId: string): Promise<string>;
}

async function station(): Promise<Station> {
  const sandbox = await startSandbox({ seed: 41 });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ps-salvage-'));
  const db = openDatabase({ file: path.join(dataDir, 'station.sqlite') });
  const log = createMemoryLogger();
  const ctx: StationContext = { dataDir, db, emit: () => undefined, log, now: () => new Date() };
  const v2 = createV2Client({ baseUrl: sandbox.baseUrl, appKey: sandbox.credentials.appKey, appSecret: sandbox.credentials.appSecret, timeoutMs: 5_000 });
  const v1 = createV1Client({ baseUrl: sandbox.legacyBaseUrl, apiToken: sandbox.credentials.apiToken });
  const backend = { clients: async () => ({ v2, v1 }) };
  const printing = createPrintingModule(ctx, { usb: null, osQueues: null, retryDelayMs: 20 });
  await printing.start?.();
  const account = createAccountModule(ctx, { backend, print: printing.service });
  const module = createShippingModule(ctx, { backend, print: printing.service, voidLegacy: (trackingCode) => account.handlers['account.void']({ trackingCode }) });
  await module.handlers['settings.shipping.set']({ shipFrom });
  await module.start?.();
  closers.push(
    () => fs.rmSync(dataDir, { recursive: true, force: true }),
    () => sandbox.close(),
    () => void db.close(),
    () => printing.close?.(),
    () => module.close?.(),
  );
  return {
    sandbox,
    db,
    dataDir,
    call: (async (name: CommandName & keyof typeof shippingCommands, input: unknown) => {
      const args = shippingCommands[name].input.parse(input);
      return (module.handlers[name] as (a: unknown) => Promise<unknown>)(args);
    }) as Station['call'],
    async waitPrinted(jobId) {
      return (await printing.service.waitForJob(jobId, { timeoutMs: 10_000 })).status;
    },
  };
}

const box = { weightOz: 12, lengthIn: 10, widthIn: 8, heightIn: 4 };

async function buyRated(s: Station, orderNumber: string) {
  const quote = await s.call('rates.quote', { to: shipTo, package: box });
  const rate = quote.rates[quote.preselected ?? 0]!;
  return s.call('labels.buy', { method: 'rate', quoteId: quote.quoteId, rateId: rate.rateId, orderNumber, packageIndex: 1, print: true });
}

describe('a purchase answer the parser refuses', () => {
  it('keeps the label found in odd places: stored, printed through the print queue, never bought again, voidable', async () => {
    const s = await station();
    s.sandbox.faults.set({ unreadablePurchaseAnswers: 1, unreadableKind: 'scattered' });
    const first = await buyRated(s, 'SALV-1');
    const sold = s.sandbox.stats().labelsSold;
    expect(sold).toBe(1);

    expect(first.shipment.state).toBe('bought');
    expect(first.shipment.trackingNo).toMatch(/^[0-9A-Z]{10,}$/);
    expect(first.shipment.unreadableAnswer?.details).toMatch(/purchase answer not understood .* tracking from data\.result\.parcel\.carrierTracking · label from data\.result\.documents\[0\]\.content/);
    expect(first.shipment.error).toMatch(/answer was not understood.*found tracking number/);
    expect(first.shipment.labelCount).toBe(1);
    expect(first.labelPng?.startsWith('iVBORw0KGgo')).toBe(true);
    expect(first.printError).toBeNull();
    expect(await s.waitPrinted(first.printJobId!)).toBe('done');

    // The raw answer is kept in the store, without secrets.
    const kept = s.db.prepare('SELECT unreadable_answer FROM shipments WHERE id = ?').get(first.shipment.id) as { unreadable_answer: string };
    const answer = JSON.parse(kept.unreadable_answer) as { endpoint: string; answer: { data: { result: { parcel: { carrierTracking: string } } } } };
    expect(answer.endpoint).toBe('/api/shipment/create_and_pay');
    expect(answer.answer.data.result.parcel.carrierTracking).toBe(first.shipment.trackingNo);
    for (const secret of [s.sandbox.credentials.appKey, s.sandbox.credentials.appSecret, s.sandbox.credentials.apiToken]) expect(kept.unreadable_answer).not.toContain(secret);

    // Buy again: the stored label, nothing sent, nothing charged.
    const again = await buyRated(s, 'SALV-1');
    expect(again.reused).toBe(true);
    expect(again.printError).toBe('This package was bought earlier, so its label was not printed again; use Reprint in History to print it.');
    expect(again.shipment.id).toBe(first.shipment.id);
    expect(s.sandbox.stats().labelsSold).toBe(sold);
    const purchases = s.db.prepare("SELECT count(*) AS n FROM shipments WHERE package_key = 'order:salv-1#1'").get() as { n: number };
    expect(purchases.n).toBe(1);

    // Reprint through the print queue, then void by tracking number.
    const reprint = await s.call('history.reprint', { shipmentId: first.shipment.id });
    expect(await s.waitPrinted(reprint.jobIds[0]!)).toBe('done');
    const voided = await s.call('labels.void', { ref: first.shipment.trackingNo });
    expect(voided.state).toBe('voided');
    expect(s.sandbox.stats().labelsVoided).toBe(1);
  });

  it('with nothing usable in the answer: bought, never re-bought, voidable by its id, and the operator is sent to support with the details line', async () => {
    const s = await station();
    s.sandbox.faults.set({ unreadablePurchaseAnswers: 1, unreadableKind: 'empty' });
    const first = await buyRated(s, 'SALV-2');
    expect(s.sandbox.stats().labelsSold).toBe(1);
    expect(first.shipment.state).toBe('bought');
    expect(first.shipment.trackingNo).toBeNull();
    expect(first.shipment.labelCount).toBe(0);
    expect(first.shipment.unreadableAnswer?.details).toMatch(/no tracking number found · no label found/);
    expect(first.shipment.error).toMatch(/contact support with the details line/);
    expect(first.printJobId).toBeNull();
    expect(first.printError).toMatch(/contact support/);

    const again = await buyRated(s, 'SALV-2');
    expect(again.reused).toBe(true);
    // No image was ever stored: "printed earlier" would be false, and Reprint has nothing to print.
    expect(again.printError).toBe('This package was bought earlier, but the station holds no image of its label; open it in History to fetch the label, or void it there.');
    expect(s.sandbox.stats().labelsSold).toBe(1);

    // A restart's reconciliation finds nothing pending to send.
    expect(s.db.prepare("SELECT count(*) AS n FROM shipments WHERE state = 'pending'").get()).toEqual({ n: 0 });

    const voided = await s.call('labels.void', { ref: first.shipment.platformUkId });
    expect(voided.state).toBe('voided');
    expect(s.sandbox.stats().labelsVoided).toBe(1);
  });
});
