import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EventName } from '../../../shared/contract';
import { createAccountModule } from '../../../electron/account/module';
import { createSqliteAuditSink } from '../../../electron/api/audit';
import { createV1Client } from '../../../electron/api/v1/client';
import { createV2Client } from '../../../electron/api/v2/client';
import { createFileTokenShelf } from '../../../electron/api/v2/fileTokenShelf';
import { createMemoryLogger } from '../../../electron/log/logger';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../electron/sandbox';
import { createShippingModule } from '../../../electron/shipping/module';
import type { PrintPort } from '../../../electron/shipping/ports';
import type { StationContext } from '../../../electron/core/module';
import { openDatabase, type Db } from '../../../electron/store/database';

export const shipFrom = {
  name: 'Shipping Desk',
  company: 'Harbor Goods Co',
  phone: '2135550147',
  street: '2150 E 7th St',
  city: 'Los Angeles',
  state: 'CA',
  zip: '90021',
  country: 'US',
};

export const shipTo = {
  name: 'Maria Gonzalez',
  street: '1457 Sunset Boulevard',
  street2: 'Apartment 3',
  city: 'Los Angeles',
  state: 'CA',
  zip: '90026',
  country: 'US',
};

/** A print queue that keeps what it was given: these tests are about shipping, not printers. */
export function recordingPrinter(): PrintPort & { jobs: Array<{ id: string; bytes: number; title: string }> } {
  const jobs: Array<{ id: string; bytes: number; title: string }> = [];
  return {
    jobs,
    async enqueue(job) {
      const id = `job-${jobs.length + 1}`;
      jobs.push({ id, bytes: job.png.length, title: job.title });
      return { jobId: id };
    },
    async waitForJob(jobId) {
      const at = new Date().toISOString();
      return { id: jobId, printerId: 'virtual', title: '', reference: null, kind: 'label', status: 'done', attempts: 1, error: null, bytesTotal: 1, bytesSent: 1, warnings: [], reprintOf: null, createdAt: at, updatedAt: at, completedAt: at };
    },
  };
}

export interface Bench {
  readonly sandbox: RunningSandbox;
  readonly dir: string;
  readonly printer: ReturnType<typeof recordingPrinter>;
  readonly events: Array<{ name: EventName; payload: unknown }>;
  /** The station on the bench's data folder, or on `folder` (another station on the same account and service). */
  open(folder?: string): Promise<BenchStation>;
  close(): Promise<void>;
}

export interface BenchStation {
  readonly db: Db;
  readonly module: ReturnType<typeof createShippingModule>;
  /** The legacy (v1) account module on the same data folder and service. */
  readonly account: ReturnType<typeof createAccountModule>;
  close(): Promise<void>;
}

/** A sandbox over real HTTP plus a station data directory that can be closed and reopened. */
export async function startBench(options: SandboxOptions & { clientTimeoutMs?: number; v2BaseUrl?: string } = {}): Promise<Bench> {
  const sandbox = await startSandbox({ seed: 7, ...options });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ps-shipping-'));
  const printer = recordingPrinter();
  const events: Array<{ name: EventName; payload: unknown }> = [];
  const open = async (folder = dir): Promise<BenchStation> => {
    const db = openDatabase({ file: path.join(folder, 'station.sqlite') });
    const audit = createSqliteAuditSink(db);
    const retry = { baseDelayMs: 20, maxDelayMs: 100 };
    // Processes on one data folder share the access token through its token shelf, as the station's do.
    const tokenShelf = createFileTokenShelf(path.join(folder, 'tokens'));
    const v2 = createV2Client({ baseUrl: options.v2BaseUrl ?? sandbox.baseUrl, appKey: sandbox.credentials.appKey, appSecret: sandbox.credentials.appSecret, audit, timeoutMs: options.clientTimeoutMs ?? 5_000, retry, tokenShelf });
    const v1 = createV1Client({ baseUrl: sandbox.legacyBaseUrl, apiToken: sandbox.credentials.apiToken, audit, retry, practice: true });
    const ctx: StationContext = {
      dataDir: folder,
      db,
      emit: (name, payload) => void events.push({ name, payload }),
      log: createMemoryLogger(),
      now: () => new Date(),
    };
    const backend = { clients: async () => ({ v2, v1 }) };
    const account = createAccountModule(ctx, { backend, print: printer });
    const module = createShippingModule(ctx, { backend, print: printer, voidLegacy: (trackingCode) => account.handlers['account.void']({ trackingCode }) });
    await module.handlers['settings.shipping.set']({ shipFrom });
    await account.start?.();
    await module.start?.();
    return {
      db,
      module,
      account,
      async close() {
        await account.close?.();
        await module.close?.();
        db.close();
      },
    };
  };
  return {
    sandbox,
    dir,
    printer,
    events,
    open,
    async close() {
      await sandbox.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
