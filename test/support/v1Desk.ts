import { accountCommands } from '../../shared/contract/account';
import type { StationAddress } from '../../shared/contract/shippingTypes';
import { createAccountModule, type AccountCommandName } from '../../electron/account/module';
import type { AccountPrint } from '../../electron/account/ports';
import { createV1Client, type V1Client } from '../../electron/api/v1/client';
import type { TransportOptions } from '../../electron/api/http';
import { createMemoryLogger } from '../../electron/log/logger';
import type { PrintRequest } from '../../electron/printing/printService';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../electron/sandbox';
import { createShippingSettings } from '../../electron/shipping/settings';
import { openDatabase, type Db } from '../../electron/store/database';
import { createSettingsStore } from '../../electron/store/settings';

/**
 * The legacy (v1) account module as the station runs it, over HTTP against a
 * sandbox of its own and an in-memory database, for the v1 integration tests.
 * Print jobs are recorded, not printed: the tests read what was sent to print.
 */
export interface V1Desk {
  readonly sandbox: RunningSandbox;
  readonly db: Db;
  readonly v1: V1Client;
  readonly module: ReturnType<typeof createAccountModule>;
  /** Every job handed to the print queue, in order; job N answers with the id `job-N`. */
  readonly printJobs: readonly PrintRequest[];
  /** Calls a command the way the dispatcher does: its input is parsed by the contract first. */
  call<N extends AccountCommandName>(name: N, input: unknown): Promise<Awaited<ReturnType<V1Desk['module']['handlers'][N]>>>;
  close(): Promise<void>;
}

export interface V1DeskOptions {
  readonly sandbox?: SandboxOptions;
  /** How the v1 client reaches the sandbox (a recording or cutting fetch, shorter retries). */
  readonly client?: TransportOptions;
  readonly shipFrom?: StationAddress;
  readonly pollIntervalMs?: number;
  readonly pollTimeoutMs?: number;
}

export const deskShipFrom: StationAddress = { name: 'Desk', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip: '90021', country: 'US' };

/** A print queue that records each job and reports it printed (jobs are read by the tests, not printed). */
export function recordingPrint(printJobs: PrintRequest[] = []): AccountPrint {
  return {
    enqueue: async (job) => (printJobs.push(job), { jobId: `job-${printJobs.length}` }),
    async waitForJob(jobId) {
      const at = new Date().toISOString();
      return { id: jobId, printerId: 'virtual', title: '', reference: null, kind: 'label', status: 'done', attempts: 1, error: null, bytesTotal: 1, bytesSent: 1, warnings: [], reprintOf: null, createdAt: at, updatedAt: at, completedAt: at };
    },
  };
}

export async function openV1Desk(options: V1DeskOptions = {}): Promise<V1Desk> {
  const sandbox = await startSandbox(options.sandbox);
  const db = openDatabase({ file: ':memory:' });
  const v1 = createV1Client({ ...options.client, baseUrl: sandbox.legacyBaseUrl, apiToken: sandbox.credentials.apiToken, practice: true });
  createShippingSettings(createSettingsStore(db)).set({ shipFrom: options.shipFrom ?? deskShipFrom });
  const printJobs: PrintRequest[] = [];
  const module = createAccountModule(
    { dataDir: '', db, emit: () => undefined, log: createMemoryLogger(), now: () => new Date() },
    {
      backend: { clients: async () => ({ v1, backendId: 'sandbox' }) },
      print: recordingPrint(printJobs),
      pollIntervalMs: options.pollIntervalMs,
      pollTimeoutMs: options.pollTimeoutMs,
    },
  );
  return {
    sandbox,
    db,
    v1,
    module,
    printJobs,
    call: (name, input) => (module.handlers[name] as (a: unknown) => Promise<never>)(accountCommands[name].input.parse(input)),
    close: async () => {
      await module.close?.();
      db.close();
      await sandbox.close();
    },
  };
}
