import { loadAccountKeys, type SandboxCredentials } from './account';
import type { SandboxContext, SandboxStats } from './context';
import { RateBook } from './domain/rateBook';
import { Faults, type FaultSettings } from './faults';
import { listen } from './http/server';
import { seedAccount } from './seed';
import { openSandboxDb } from './store/db';
import { LabelStore } from './store/labels';
import { Ledger } from './store/ledger';
import { MetaStore } from './store/meta';
import { OrderStore } from './store/orders';
import { PickupStore } from './store/pickups';
import { ScanFormStore } from './store/scanForms';
import { ShipmentStore } from './store/shipments';
import { v1Server } from './v1/app';
import { v2Server } from './v2/app';
import { UndocumentedLog, type UndocumentedUse } from './schemas/undocumented';

export interface SandboxOptions {
  /** Directory of the sandbox's own SQLite file; in memory when absent. */
  dataDir?: string;
  /** v2 port; 0 (default) picks a free one. */
  port?: number;
  /** v1 port; 0 (default) picks a free one. */
  legacyPort?: number;
  latencyMs?: number;
  failRate?: number;
  /** Answer v2 in the sparse form (see answers.ts): the documented shapes with only what a client cannot do without. */
  sparseAnswers?: boolean;
  /** Seeds fault injection and, for an in-memory sandbox, the credentials. */
  seed?: number;
  /** Access token lifetime (default 1800). */
  tokenTtlSeconds?: number;
  /** Age after which a rate_id is refused at purchase (default 3600). */
  rateTtlSeconds?: number;
  now?: () => Date;
}

export interface RunningSandbox {
  readonly baseUrl: string;
  readonly legacyBaseUrl: string;
  readonly credentials: SandboxCredentials;
  readonly faults: { set(f: Partial<FaultSettings>): void };
  stats(): SandboxStats & { balanceCents: number };
  /** What clients sent beyond the docs so far: keys the docs do not name, values they do not show. */
  undocumented(): UndocumentedUse[];
  close(): Promise<void>;
}

export type { SandboxCredentials, SandboxStats, FaultSettings, UndocumentedUse };

/** Starts the v2 and v1 servers on 127.0.0.1 over one account and one database. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const now = options.now ?? (() => new Date());
  const db = openSandboxDb(options.dataDir);
  const meta = new MetaStore(db);
  const seed = options.seed ?? 1;
  const stats: SandboxStats = {
    labelsSold: 0,
    labelsVoided: 0,
    duplicatePurchases: 0,
    droppedResponses: 0,
    quickRateCalls: 0,
    ratesQuoted: 0,
    tokensIssued: 0,
    requests: 0,
    internalErrors: 0,
  };
  const ctx: SandboxContext = {
    db,
    meta,
    shipments: new ShipmentStore(db),
    labels: new LabelStore(db),
    pickups: new PickupStore(db),
    scanForms: new ScanFormStore(db),
    orders: new OrderStore(db),
    ledger: new Ledger(db),
    rates: new RateBook((options.rateTtlSeconds ?? 3600) * 1000),
    faults: new Faults({ latencyMs: options.latencyMs ?? 0, failRate: options.failRate ?? 0, sparseAnswers: options.sparseAnswers ?? false }, seed),
    keys: loadAccountKeys(meta, options.dataDir ? undefined : options.seed),
    stats,
    undocumented: new UndocumentedLog(),
    tokenTtlSeconds: options.tokenTtlSeconds ?? 1800,
    now,
    urls: { base: '', legacy: '' },
  };
  seedAccount(ctx);
  // Read once now so stats() keeps answering from memory after close().
  ctx.ledger.balanceCents();
  let v2: Awaited<ReturnType<typeof listen>> | undefined;
  try {
    // A sandbox bug must not pass silently: count it and warn on stderr (the answer is a 500).
    const onError = (error: unknown) => {
      stats.internalErrors += 1;
      process.emitWarning(`Shipping sandbox internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    };
    v2 = await listen({ ...v2Server(ctx), onError }, options.port ?? 0);
    const v1 = await listen({ ...v1Server(ctx), onError }, options.legacyPort ?? 0);
    ctx.urls.base = v2.url;
    ctx.urls.legacy = v1.url;
    const servers = [v2, v1];
    let closing: Promise<void> | undefined;
    return {
      baseUrl: v2.url,
      legacyBaseUrl: v1.url,
      credentials: { appKey: ctx.keys.appKey, appSecret: ctx.keys.appSecret, apiToken: ctx.keys.apiToken },
      faults: { set: (f) => ctx.faults.set(f) },
      stats: () => ({ ...stats, balanceCents: ctx.ledger.balanceCents() }),
      undocumented: () => ctx.undocumented.list(),
      close: () => {
        ctx.faults.stop();
        closing ??= Promise.all(servers.map((s) => s.close())).then(() => {
          db.close();
        });
        return closing;
      },
    };
  } catch (error) {
    await v2?.close();
    db.close();
    throw error;
  }
}

/** Alias used by the station's backend service. */
export type Sandbox = RunningSandbox;
