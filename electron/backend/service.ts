import { createHash } from 'node:crypto';
import path from 'node:path';
import { fail, StationFailure } from '../../shared/contract/errors';
import type { BackendKind, BackendMode, BackendStatus } from '../../shared/contract/station';
import type { AuditSink } from '../api/audit';
import { createV1Limiters, type V1Limiters } from '../api/v1/groups';
import { createWireCapture } from '../api/capture';
import { createV1Client, type V1Client } from '../api/v1/client';
import { createV2Client, type V2Client, type V2ClientOptions } from '../api/v2/client';
import { createTokenManagers, type TokenShelf } from '../api/v2/token';
import type { Logger } from '../log/logger';
import type { Sandbox, SandboxOptions } from '../sandbox';
import type { SettingsStore } from '../store/settings';
import { keyMode, secretNames, type SecretName, type Vault, type VaultProfile } from '../vault/vault';
import type { BackendOverride } from './override';
import { describeBackend, resolveBackend, type BackendSources, type Resolved } from './resolve';
import { readBackendSettings, writeBackendSettings, type BackendSettings } from './settings';

export interface BackendClients {
  readonly v2: V2Client;
  readonly v1: V1Client;
  /** Which backend these clients talk to: 'sandbox', or 'test:'/'live:' + the normalized address + '#' + the key's hash. Stable across restarts and spellings. */
  readonly backendId: string;
  /** The AppKey's account as a hash; platform_uk_ids derive from it, so every bench on the account derives the same ones. */
  readonly accountId: string;
  /** The legacy (v1) service and account, named like backendId: v1 purchases are claimed among benches under it. */
  readonly legacyBackendId: string;
  /** The api_token's account as a hash. */
  readonly legacyAccountId: string;
  readonly kind: BackendKind;
  readonly mode: BackendMode;
}

export interface BackendChange {
  readonly kind: BackendKind;
  /** Bumped on every switch or key change; clients from an older generation should be dropped. */
  readonly generation: number;
}

export type BackendConfigureInput =
  | { readonly kind: 'sandbox' }
  | { readonly kind: 'live'; readonly profile: VaultProfile; readonly baseUrl: string; readonly legacyBaseUrl: string };

export type CredentialsInput = Partial<Readonly<Record<SecretName, string>>>;

export interface BackendService {
  status(): Promise<BackendStatus>;
  /** Clients for the current backend; rebuilt after a switch or a key change, without a restart. */
  clients(): Promise<BackendClients>;
  configure(input: BackendConfigureInput): Promise<BackendStatus>;
  setCredentials(profile: VaultProfile, keys: CredentialsInput): Promise<BackendStatus>;
  clearCredentials(profile: VaultProfile): Promise<BackendStatus>;
  onChange(listener: (change: BackendChange) => void): () => void;
  close(): Promise<void>;
}

export interface BackendServiceOptions {
  readonly dataDir: string;
  readonly settings: SettingsStore;
  readonly vault: Vault;
  readonly log: Logger;
  /** Every service call is reported here (createSqliteAuditSink(db) in the station). */
  readonly audit?: AuditSink;
  /** Extra options for the embedded sandbox; its dataDir is always <dataDir>/sandbox. */
  readonly sandbox?: Omit<SandboxOptions, 'dataDir'>;
  /** Headless automation: explicit service addresses with keys from the environment. */
  readonly override?: BackendOverride;
  /** Wire capture for support: the folder to write each exchange into now, or null when off. */
  readonly captureFolder?: () => string | null;
  readonly client?: Pick<V2ClientOptions, 'fetch' | 'timeoutMs' | 'retry'>;
  /** Where the v2 access token is shared with other processes on the same keys. */
  readonly tokenShelf?: TokenShelf;
  readonly now?: () => Date;
  /** Told each backend id as it is resolved, before any client is handed out (the store moves older spellings of it there). */
  readonly onResolved?: (backendId: string) => void;
}

const fingerprint = (...parts: Array<string | undefined>): string =>
  createHash('sha256').update(parts.map((part) => part ?? '').join('\n')).digest('hex');

export function createBackendService(options: BackendServiceOptions): BackendService {
  const log = options.log.child('backend');
  const listeners = new Set<(change: BackendChange) => void>();
  const limiters = new Map<string, V1Limiters>();
  const tokenManagers = createTokenManagers();
  let generation = 0;
  let sandbox: Promise<Sandbox> | undefined;
  /** Clients of the current generation; keys change only through this service, so they stay valid until changed() runs. */
  let cached: { generation: number; clients: Promise<BackendClients> } | undefined;

  const sources = (): BackendSources => ({ settings: options.settings, vault: options.vault, override: options.override, sandbox: ensureSandbox });

  const ensureSandbox = (): Promise<Sandbox> => {
    if (!sandbox) {
      const dataDir = path.join(options.dataDir, 'sandbox');
      log.info('starting the embedded sandbox', { dataDir });
      // Loaded on first use: the sandbox brings jose, bwip-js and pdfkit, which a station on a live service never needs.
      sandbox = import('../sandbox').then(({ startSandbox }) => startSandbox({ ...options.sandbox, dataDir })).catch((error: unknown) => {
        sandbox = undefined;
        log.error('the embedded sandbox did not start', { error });
        return fail('service_unavailable', 'The built-in practice service (sandbox) could not start. Restart the station; if it persists, check the log.');
      });
    }
    return sandbox;
  };

  function build(resolved: Resolved): BackendClients {
    options.onResolved?.(resolved.backendId);
    const captureFolder = options.captureFolder;
    const common = {
      ...options.client,
      ...(captureFolder
        ? {
            capture: createWireCapture({
              folder: captureFolder,
              secrets: () => [resolved.appKey, resolved.appSecret, resolved.apiToken].filter((s): s is string => typeof s === 'string'),
              onError: (error) => log.warn('a wire capture file could not be written', { error }),
            }),
          }
        : {}),
      ...(options.audit ? { audit: options.audit } : {}),
      ...(options.now ? { now: options.now } : {}),
      onInvalidResponse: (endpoint: string, fields: readonly string[]) =>
        log.warn('the service sent an answer that does not parse', { endpoint, fields: fields.slice(0, 10) }),
    };
    // Limits are per account, so a rebuilt client keeps the budget its predecessor spent.
    const limitKey = fingerprint(resolved.legacyBaseUrl, resolved.apiToken);
    let v1Limiters = limiters.get(limitKey);
    if (!v1Limiters) {
      v1Limiters = createV1Limiters();
      limiters.set(limitKey, v1Limiters);
    }
    return {
      v2: createV2Client({
        ...common,
        baseUrl: resolved.baseUrl,
        appKey: resolved.appKey,
        appSecret: resolved.appSecret,
        tokenManagers,
        ...(options.tokenShelf ? { tokenShelf: options.tokenShelf } : {}),
      }),
      v1: createV1Client({ ...common, baseUrl: resolved.legacyBaseUrl, apiToken: resolved.apiToken, limiters: v1Limiters, practice: resolved.kind === 'sandbox' }),
      backendId: resolved.backendId,
      accountId: resolved.accountId,
      legacyBackendId: resolved.legacyBackendId,
      legacyAccountId: resolved.legacyAccountId,
      kind: resolved.kind,
      mode: resolved.mode,
    };
  }

  function changed(): void {
    generation += 1;
    cached = undefined;
    const change: BackendChange = { kind: options.override ? 'live' : readBackendSettings(options.settings).kind, generation };
    for (const listener of listeners) {
      try {
        listener(change);
      } catch (error) {
        log.error('a backend change listener failed', { error });
      }
    }
  }

  const refuseUnderOverride = (): void => {
    if (options.override) {
      fail('conflict', 'This station was started with --base-url and keys from the environment, so its backend and keys cannot be changed while it runs.');
    }
  };

  const status = (): Promise<BackendStatus> => describeBackend(sources());

  const commonClientOptions = () => ({
    ...options.client,
    ...(options.audit ? { audit: options.audit } : {}),
    ...(options.now ? { now: options.now } : {}),
  });

  /**
   * A live service is switched to only once it is known to work: the keychain
   * holds the key set's AppKey and AppSecret, and the service's token endpoint
   * answers with a token for them. Otherwise the station stays where it is and
   * says why, so the status bar never shows a service no label can be bought on.
   */
  async function checkLive(input: Extract<BackendConfigureInput, { kind: 'live' }>, current: BackendSettings): Promise<void> {
    const staying = current.kind === 'sandbox' ? 'The station stays on the sandbox.' : `The station stays on the live service at ${current.baseUrl}.`;
    const health = await options.vault.available();
    if (!health.available) {
      fail('keychain_unavailable', `No system keychain is reachable on this computer, and live keys are kept only in the keychain, so the live service cannot be used. ${staying}`);
    }
    const [appKey, appSecret] = await Promise.all([options.vault.get(input.profile, 'appKey'), options.vault.get(input.profile, 'appSecret')]);
    if (!appKey || !appSecret) {
      fail('not_configured', `Store the ${input.profile} AppKey and AppSecret under Keys first, then switch to the live service. ${staying}`, { field: 'profile' });
    }
    const probe = createV2Client({ ...commonClientOptions(), baseUrl: input.baseUrl, appKey,
      appSecret,
      // The probe's token is the one the station then uses: minting another would revoke it.
      tokenManagers,
      ...(options.tokenShelf ? { tokenShelf: options.tokenShelf } : {}),
    });
    try {
      await probe.checkAccess();
    } catch (error) {
      const why = error instanceof StationFailure ? error.error : undefined;
      log.warn('live service check failed', { baseUrl: input.baseUrl, code: why?.code, message: why?.message ?? String(error) });
      if (why?.code === 'unauthorized') {
        fail('unauthorized', `The service at ${input.baseUrl} refused the ${input.profile} AppKey and AppSecret. Check both were pasted in full and belong to that service. ${staying}`, {
          ...(why.serviceCode ? { serviceCode: why.serviceCode } : {}),
        });
      }
      fail('service_unavailable', `The service at ${input.baseUrl} could not be reached or did not answer as a shipping service. Check the address and the network. ${staying}`, {
        retryable: true,
      });
    }
  }

  /**
   * Storing keys, removing them and switching the backend take turns: a switch
   * asked for while keys are still being written (Store, then Alt+U at once)
   * checks the keys just stored, not an old AppKey read beside a new AppSecret.
   */
  let turn: Promise<unknown> = Promise.resolve();
  function inTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = turn.then(work, work);
    turn = run.catch(() => undefined);
    return run;
  }

  return {
    status,

    clients() {
      if (cached?.generation !== generation) {
        const entry = { generation, clients: resolveBackend(sources()).then(build) };
        cached = entry;
        // A failure (no keys yet, keychain locked) is not remembered: the next call tries again.
        entry.clients.catch(() => {
          if (cached === entry) cached = undefined;
        });
      }
      return cached.clients;
    },

    configure: (input) =>
      inTurn(async () => {
        refuseUnderOverride();
        const current = readBackendSettings(options.settings);
        if (input.kind === 'live') await checkLive(input, current);
        const next: BackendSettings =
          input.kind === 'sandbox'
            ? { kind: 'sandbox', profile: current.profile }
            : { kind: 'live', profile: input.profile, baseUrl: input.baseUrl, legacyBaseUrl: input.legacyBaseUrl };
        writeBackendSettings(options.settings, next);
        log.info('backend switched', { kind: next.kind, profile: next.profile, ...(next.kind === 'live' ? { baseUrl: next.baseUrl } : {}) });
        changed();
        return status();
      }),

    setCredentials: (profile, keys) =>
      inTurn(async () => {
        refuseUnderOverride();
        if (keys.appKey !== undefined) {
          const mode = keyMode(keys.appKey.trim());
          if (mode !== 'unknown' && mode !== profile) {
            fail('invalid_input', `This AppKey is a ${mode} key (it starts with SS_${mode.toUpperCase()}_); store it under the ${mode} profile.`, { field: 'appKey' });
          }
        }
        const health = await options.vault.available();
        if (!health.available) fail('keychain_unavailable', health.message ?? 'No system keychain is reachable, so the keys were not stored.');
        for (const name of secretNames) {
          const value = keys[name];
          if (value !== undefined) await options.vault.set(profile, name, value);
        }
        const current = readBackendSettings(options.settings);
        // In sandbox mode the status shows the key set last worked on, so the operator sees what they just stored.
        if (current.kind === 'sandbox' && current.profile !== profile) writeBackendSettings(options.settings, { ...current, profile });
        log.info('keys stored in the keychain', { profile, names: secretNames.filter((name) => keys[name] !== undefined) });
        changed();
        return status();
      }),

    clearCredentials: (profile) =>
      inTurn(async () => {
        refuseUnderOverride();
        await options.vault.clear(profile);
        log.info('keys removed from the keychain', { profile });
        changed();
        return status();
      }),

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async close() {
      listeners.clear();
      const running = sandbox;
      sandbox = undefined;
      cached = undefined;
      if (running) await running.then((box) => box.close()).catch(() => undefined);
    },
  };
}
