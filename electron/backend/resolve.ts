import { fail } from '../../shared/contract/errors';
import type { BackendKind, BackendMode, BackendStatus } from '../../shared/contract/station';
import type { Sandbox } from '../sandbox';
import type { SettingsStore } from '../store/settings';
import { keyMode, secretNames, type Vault, type VaultProfile } from '../vault/vault';
import { backendIdentity, keyIdentity } from './identity';
import type { BackendOverride } from './override';
import { readBackendSettings, type BackendSettings } from './settings';

/**
 * Where the current backend's address and keys come from, in order: the
 * headless override, else the settings (the embedded sandbox and its own
 * keys, or a live service with keys from the keychain).
 */
export interface BackendSources {
  readonly settings: SettingsStore;
  readonly vault: Vault;
  readonly override: BackendOverride | undefined;
  /** Starts the embedded sandbox on first use. */
  readonly sandbox: () => Promise<Sandbox>;
}

/** Everything a client needs to reach the current backend; never leaves the main process. */
export interface Resolved {
  readonly kind: BackendKind;
  readonly mode: BackendMode;
  readonly backendId: string;
  /** The account behind the AppKey, as a hash: what a package's platform_uk_id is derived from. */
  readonly accountId: string;
  /** The legacy (v1) service and account: the normalized legacy address with the api_token's identity, never the token. */
  readonly legacyBackendId: string;
  /** The api_token's identity, as a hash: what a v1 purchase claim among benches is named from. */
  readonly legacyAccountId: string;
  readonly baseUrl: string;
  readonly legacyBaseUrl: string;
  readonly appKey: string;
  readonly appSecret: string;
  readonly apiToken: string | undefined;
}

/** Test or live from the AppKey prefix; a key without a known prefix is taken at the profile's word. */
function modeOf(appKey: string | undefined, fallback: VaultProfile): BackendMode {
  const mode = appKey ? keyMode(appKey) : 'unknown';
  return mode === 'unknown' ? fallback : mode;
}

/**
 * Names a live service and the keys used on it. Test and live keys usually
 * share one address, but their shipments are separate accounts: a package
 * bought with test keys must not read as bought once live keys are in.
 */
function liveIds(mode: BackendMode, baseUrl: string, appKey: string): { backendId: string; accountId: string } {
  const accountId = keyIdentity('appKey', appKey);
  return { backendId: backendIdentity(mode, baseUrl, accountId), accountId };
}

/** The legacy service a v1 purchase goes to, named like a backend: one per normalized address and api_token. */
function legacyIds(mode: BackendMode, legacyBaseUrl: string, apiToken: string | undefined): { legacyBackendId: string; legacyAccountId: string } {
  const legacyAccountId = keyIdentity('apiToken', apiToken ?? '');
  return { legacyBackendId: backendIdentity(mode, legacyBaseUrl, legacyAccountId), legacyAccountId };
}

export async function resolveBackend(sources: BackendSources): Promise<Resolved> {
  const override = sources.override;
  if (override) {
    return {
      kind: 'live',
      mode: modeOf(override.appKey, 'live'),
      ...liveIds(modeOf(override.appKey, 'live'), override.baseUrl, override.appKey),
      ...legacyIds(modeOf(override.appKey, 'live'), override.legacyBaseUrl, override.apiToken),
      baseUrl: override.baseUrl,
      legacyBaseUrl: override.legacyBaseUrl,
      appKey: override.appKey,
      appSecret: override.appSecret,
      apiToken: override.apiToken,
    };
  }
  const settings = readBackendSettings(sources.settings);
  if (settings.kind === 'sandbox') {
    const box = await sources.sandbox();
    return {
      kind: 'sandbox',
      mode: 'sandbox',
      backendId: 'sandbox',
      accountId: keyIdentity('appKey', box.credentials.appKey),
      // The embedded sandbox is one service whatever its port, as its v2 side is.
      legacyBackendId: 'sandbox',
      legacyAccountId: keyIdentity('apiToken', box.credentials.apiToken),
      baseUrl: box.baseUrl,
      legacyBaseUrl: box.legacyBaseUrl,
      ...box.credentials,
    };
  }
  const health = await sources.vault.available();
  if (!health.available) fail('keychain_unavailable', health.message ?? 'No system keychain is reachable, so the live keys cannot be read.');
  const [appKey, appSecret, apiToken] = await Promise.all(secretNames.map((name) => sources.vault.get(settings.profile, name)));
  if (!appKey || !appSecret) {
    fail('not_configured', `No ${settings.profile} AppKey and AppSecret are stored. Enter them in Settings, or switch back to the sandbox.`);
  }
  return {
    kind: 'live',
    mode: modeOf(appKey, settings.profile),
    ...liveIds(modeOf(appKey, settings.profile), settings.baseUrl, appKey),
    ...legacyIds(modeOf(appKey, settings.profile), settings.legacyBaseUrl, apiToken),
    baseUrl: settings.baseUrl,
    legacyBaseUrl: settings.legacyBaseUrl,
    appKey,
    appSecret,
    apiToken,
  };
}

async function keysOf(vault: Vault, profile: VaultProfile, available: boolean): Promise<BackendStatus['keys']> {
  if (!available) return { appKey: false, appSecret: false, apiToken: false };
  const [appKey, appSecret, apiToken] = await Promise.all(secretNames.map((name) => vault.has(profile, name)));
  return { appKey: appKey === true, appSecret: appSecret === true, apiToken: apiToken === true };
}

export async function describeBackend(sources: BackendSources): Promise<BackendStatus> {
  const override = sources.override;
  if (override) {
    // Headless runs take their keys from the environment; probing a keychain that may be absent on a server would only slow them down.
    const keychain = { available: false, message: 'Keys come from the environment for this run; the keychain is not used.' };
    const none = { appKey: false, appSecret: false, apiToken: false };
    return {
      kind: 'live',
      mode: modeOf(override.appKey, 'live'),
      baseUrl: override.baseUrl,
      legacyBaseUrl: override.legacyBaseUrl,
      keys: { appKey: true, appSecret: true, apiToken: override.apiToken !== undefined },
      profile: modeOf(override.appKey, 'live') === 'test' ? 'test' : 'live',
      profiles: { test: none, live: none },
      keychain,
    };
  }
  const keychain = await sources.vault.available();
  const settings: BackendSettings = readBackendSettings(sources.settings);
  const [test, live] = await Promise.all([keysOf(sources.vault, 'test', keychain.available), keysOf(sources.vault, 'live', keychain.available)]);
  const profiles = { test, live };
  const keys = profiles[settings.profile];
  const common = { keys, profile: settings.profile, profiles, keychain };
  if (settings.kind === 'sandbox') {
    const box = await sources.sandbox();
    return { kind: 'sandbox', mode: 'sandbox', baseUrl: box.baseUrl, legacyBaseUrl: box.legacyBaseUrl, ...common };
  }
  const appKey = keychain.available && keys.appKey ? await sources.vault.get(settings.profile, 'appKey') : undefined;
  return {
    kind: 'live',
    mode: modeOf(appKey, settings.profile),
    baseUrl: settings.baseUrl,
    legacyBaseUrl: settings.legacyBaseUrl,
    ...common,
  };
}

