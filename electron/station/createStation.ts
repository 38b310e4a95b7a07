import os from 'node:os';
import path from 'node:path';
import type { Handlers, StationInfo } from '../../shared/contract';
import { createAccountModule } from '../account/module';
import { createSqliteAuditSink, type AuditSink } from '../api/audit';
import { createFileTokenShelf } from '../api/v2/fileTokenShelf';
import { createWarehouseModule, savedWarehouse } from '../warehouse/module';
import type { WarehouseConfig } from '../warehouse/url';
import { createCaptureModule, createCaptureSwitch } from '../api/captureModule';
import { createBackendModule } from '../backend/module';
import { createBenchModule } from '../bench/module';
import type { BackendOverride } from '../backend/override';
import { createBackendService, type BackendServiceOptions } from '../backend/service';
import { createDevicesModule, type DevicesModuleOptions } from '../devices/module';
import { createFileLogger, type Logger } from '../log/logger';
import { createPrintingModule, type PrintingModuleOptions } from '../printing/module';
import { createSlipsModule } from '../printing/slips/module';
import { createLocalClaims } from '../purchases/claims';
import { createPurchaseEngine } from '../purchases/engine';
import { fetchLabelBytes } from '../purchases/labelFetch';
import { createShippingModule } from '../shipping/module';
import { createReportsModule } from '../reports/module';
import { adoptUnkeyedBackend } from '../backend/adoption';
import { openStationDatabase } from '../store/database';
import { createSettingsStore } from '../store/settings';
import { createShipmentsRepo } from '../store/shipmentsRepo';
import { readBackendSettings } from '../backend/settings';
import { createVault, type Vault } from '../vault/vault';
import { createDispatcher, type Dispatch } from '../core/dispatch';
import { createEventHub, type EventHub } from '../core/events';
import type { StationContext, StationModule } from '../core/module';
import { applyPracticeDefaults } from './practiceDefaults';
import { readOnlyHandlers } from './readOnly';
import { STATION_NAME, STATION_VERSION } from './version';
import { makeFolderPrivate } from '../core/privateFolder';

export interface StationConfig {
  /** Where the database, logs, virtual printer output and sandbox state live. */
  readonly dataDir: string;
  /** Injected clock for tests. */
  readonly now?: () => Date;
  /** Mirror log lines somewhere else too. */
  readonly echoLog?: (line: string) => void;
  /** Options for the embedded sandbox (latency, failure rate, seed): the fault-injection knobs of tests and training. */
  readonly sandbox?: BackendServiceOptions['sandbox'];
  /** Headless automation: explicit service addresses and keys, instead of the configured backend. */
  readonly override?: BackendOverride;
  /** Defaults to the OS keychain. */
  readonly vault?: Vault;
  readonly devices?: DevicesModuleOptions;
  readonly printing?: PrintingModuleOptions;
  readonly client?: BackendServiceOptions['client'];
  /** Warehouse mode: purchase claims and bought labels shared with other benches in PostgreSQL. */
  readonly warehouse?: WarehouseConfig;
  /** `--capture-wire DIR`: every exchange with the service written, redacted, into DIR for this run. */
  readonly captureWire?: string;
  /** `--auto-buy MAX_USD`: saved as this bench's auto-buy setting (0 turns it off). */
  readonly autoBuyUsd?: number;
}

export interface Station {
  readonly dispatch: Dispatch;
  readonly events: EventHub;
  readonly log: Logger;
  readonly context: StationContext;
  close(): Promise<void>;
}

type Lifecycle = Pick<StationModule<never>, 'start' | 'close'>;

/**
 * Composition root: opens the store, builds every module and binds their
 * handlers into one dispatcher. It imports nothing from Electron, so the
 * desktop shell, the browser host, the CLI and the tests run the very same
 * station. Modules start in order (shipping last, so pending purchases are
 * reconciled against a ready backend and printer before the bench opens) and
 * close in reverse.
 */
export async function createStation(config: StationConfig): Promise<Station> {
  makeFolderPrivate(config.dataDir);
  const log = createFileLogger({ dir: path.join(config.dataDir, 'logs'), ...(config.echoLog ? { echo: config.echoLog } : {}) });
  let opened: ReturnType<typeof openStationDatabase>;
  try {
    opened = openStationDatabase(path.join(config.dataDir, 'station.sqlite'), (finding, copy) =>
      log.error('database is damaged (found by the check after open); purchases are refused', { finding, copy }),
    );
  } catch (error) {
    log.error('database did not open', { error });
    log.close();
    throw error;
  }
  const { db, damage } = opened;
  if (damage) log.error('database is damaged; open read-only for reprints', { finding: damage.finding, copy: damage.copy, tablesWithLoss: damage.tablesWithLoss });
  const events = createEventHub((error) => log.error('event listener failed', { error }));
  const now = config.now ?? (() => new Date());
  const context: StationContext = { dataDir: config.dataDir, db, emit: events.emit, log, now };
  const startedAt = now().toISOString();

  const recordCall = createSqliteAuditSink(db, (error) => log.warn('audit log write failed', { error }));
  const apiLog = log.child('api');
  const audit: AuditSink = (entry) => {
    recordCall(entry);
    apiLog.info('service call', { ...entry });
  };

  const settings = createSettingsStore(db, now);
  // --warehouse or the environment first; else what Settings → Warehouse kept for this start.
  const saved = config.warehouse ? null : savedWarehouse(settings);
  const joining: WarehouseConfig | undefined = config.warehouse ?? (saved ? { url: saved.url, ...(saved.bench ? { bench: saved.bench } : {}) } : undefined);
  // node-postgres loads only in warehouse mode: a single bench needs nothing of it.
  const warehouse = joining
    ? (await import('../warehouse/join')).joinWarehouse({
        url: joining.url,
        bench: joining.bench ?? `${os.hostname()}/${path.basename(path.resolve(config.dataDir))}`,
        log,
        local: db,
        now,
        ...(joining.leaseMs !== undefined ? { leaseMs: joining.leaseMs } : {}),
      })
    : undefined;
  const captureSwitch = createCaptureSwitch(settings, config.dataDir, config.captureWire);
  const backendService = createBackendService({
    captureFolder: () => captureSwitch.folder(),
    dataDir: config.dataDir,
    settings,
    vault: config.vault ?? createVault(),
    log,
    audit,
    now,
    onResolved: (backendId) => {
      const moved = adoptUnkeyedBackend(db, backendId);
      if (moved > 0) log.info('purchases moved to the normalized backend id', { moved });
    },
    ...(config.sandbox ? { sandbox: config.sandbox } : {}),
    ...(config.override ? { override: config.override } : {}),
    ...(config.client ? { client: config.client } : {}),
    // A bench alone shares its token with other processes on its folder (a CLI beside the running station).
    tokenShelf: warehouse?.tokenShelf ?? createFileTokenShelf(path.join(config.dataDir, 'tokens'), { onWait: () => apiLog.info('another process on this data folder is getting the access token; waiting for it') }),
  });
  const backend = createBackendModule(context, backendService);
  const claims = warehouse?.claims ?? createLocalClaims();
  // One purchase engine for v2 and v1: one flight per package, one journal discipline, one set of claims.
  const engine = createPurchaseEngine({ shipments: createShipmentsRepo(db, now), claims, fetchBytes: fetchLabelBytes, log: log.child('purchases'), emit: context.emit, storeSound: () => opened.check.sound() });
  const printing = createPrintingModule(context, config.printing);
  const devices = createDevicesModule(context, { simulated: true, ...config.devices });
  const account = createAccountModule(context, { backend: backendService, print: printing.service, claims, engine, ...(warehouse ? { sharedSettings: warehouse.settings } : {}) });
  const slips = createSlipsModule(context, { print: printing.service, documents: printing.documents });
  const shipping = createShippingModule(context, {
    backend: backendService,
    print: printing.service,
    slips: slips.service,
    voidLegacy: (trackingCode) => account.desk.voidLabel({ trackingCode }),
    claims,
    engine,
    ...(warehouse ? { scanForms: warehouse.scanForms, pickups: warehouse.pickups, settings: warehouse.settings, orders: warehouse.orders, rules: warehouse.rules, history: warehouse.history } : {}),
  });
  // The bench uses the other modules' own services; the dispatcher is for the front ends.
  const { rates, checks, orders, purchase, settings: shippingSettings, history, rules, products } = shipping.services;
  const bench = createBenchModule(context, events, {
    quotes: rates,
    addresses: checks,
    insurance: checks,
    orders,
    settings: shippingSettings,
    scale: devices.scales,
    labels: purchase,
    history,
    rules,
    products,
  }, warehouse?.bench ?? os.hostname(), damage || config.autoBuyUsd === undefined ? {} : { autoBuyUsd: config.autoBuyUsd });
  const capture = createCaptureModule(context, captureSwitch);
  const reports = createReportsModule(context, warehouse?.bench ?? 'this bench', warehouse?.reports);
  const warehouseSettings = createWarehouseModule(context, { settings, warehouse, fromCommandLine: config.warehouse !== undefined });
  // On a damaged database nothing settles old purchases or resumes old print jobs: the rescue is for looking up and reprinting.
  const modules: Lifecycle[] = damage ? [backend, devices, bench] : [backend, printing, devices, account, shipping, bench];

  const info = async (): Promise<StationInfo> => ({
    name: STATION_NAME,
    version: STATION_VERSION,
    dataDir: config.dataDir,
    startedAt,
    backend: await backendService.status(),
    ...(damage ? { readOnly: damage.message } : {}),
  });
  // Spelled out so the type checker proves every contract command has exactly one handler.
  const allHandlers: Handlers = {
    ...backend.handlers,
    ...printing.handlers,
    ...slips.handlers,
    ...devices.handlers,
    ...account.handlers,
    ...shipping.handlers,
    ...bench.handlers,
    ...capture.handlers,
    ...warehouseSettings.handlers,
    ...reports.handlers,
    'station.info': info,
  };

  const handlers = damage ? readOnlyHandlers(allHandlers, damage.message) : allHandlers;
  const dispatch = createDispatcher(handlers, log);
  const started: Lifecycle[] = [];
  let closed: Promise<void> | undefined;
  const closeAll = (): Promise<void> => {
    closed ??= (async () => {
      for (const module of started.reverse()) {
        try {
          await module.close?.();
        } catch (error) {
          log.error('module failed to close', { error });
        }
      }
      await backendService.close();
      await (warehouse ?? claims).close();
      opened.close();
      log.info('station closed');
      log.close();
    })();
    return closed;
  };

  try {
    for (const module of modules) {
      await module.start?.();
      started.push(module);
    }
  } catch (error) {
    log.error('station did not start', { error });
    await closeAll();
    throw error;
  }
  if (!config.override && !damage) {
    // A convenience, not a condition: a station whose sandbox cannot start still opens, so stored labels can be reprinted.
    await applyPracticeDefaults(shippingSettings, readBackendSettings(settings).kind === 'sandbox').catch((error: unknown) =>
      log.warn('practice defaults were not applied', { error }),
    );
  }
  log.info('station started', { version: STATION_VERSION });

  return { dispatch, events, log, context, close: closeAll };
}
