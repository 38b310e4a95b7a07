import { z } from 'zod';
import { command, event } from './define';

/** Which service the station talks to. */
export type BackendKind = 'sandbox' | 'live';
/** What the configured keys buy: sandbox money, test keys (SS_TEST_) or live keys (SS_LIVE_). */
export type BackendMode = 'sandbox' | 'test' | 'live';

export interface KeyPresence {
  readonly appKey: boolean;
  readonly appSecret: boolean;
  readonly apiToken: boolean;
}

export type KeyProfile = 'test' | 'live';

export interface BackendStatus {
  readonly kind: BackendKind;
  readonly mode: BackendMode;
  readonly baseUrl: string;
  readonly legacyBaseUrl: string;
  /** Which secrets are stored for the configured key set; the secrets themselves never leave the main process. */
  readonly keys: KeyPresence;
  /** The key set the live backend uses (or will use once switched to live). */
  readonly profile: KeyProfile;
  /** Which secrets each key set holds, so a screen can show the set it is editing, not only the configured one. */
  readonly profiles: Readonly<Record<KeyProfile, KeyPresence>>;
  readonly keychain: { readonly available: boolean; readonly message?: string };
}

export interface StationInfo {
  readonly name: string;
  readonly version: string;
  readonly dataDir: string;
  readonly backend: BackendStatus;
  readonly startedAt: string;
  /** Present when the database is damaged: the words saying the station is open for reprints only, and why. */
  readonly readOnly?: string;
}

const httpUrl = z
  .string()
  .trim()
  .url('Enter a full address such as https://api.example.com')
  .refine((value) => /^https?:\/\//.test(value), 'The address must start with http:// or https://')
  // The address is stored in settings and shown on screen, so it must carry no keys (keys go to the keychain).
  .refine((value) => !/^https?:\/\/[^/?#]*@/.test(value), 'Leave keys and passwords out of the address; enter them as keys instead');

const secret = z.string().trim().min(8, 'That key is too short to be real; paste the whole key').max(512);

export const keyProfile = z.enum(['test', 'live']);

export const stationCommands = {
  'station.info': command<StationInfo>()('What station this is and which backend it uses', z.object({}).strict()),
  'backend.status': command<BackendStatus>()('Backend, key presence and keychain health', z.object({}).strict()),
  'backend.configure': command<BackendStatus>()(
    'Switch between the embedded sandbox and the live service, without a restart',
    z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('sandbox') }).strict(),
      z
        .object({ kind: z.literal('live'), profile: keyProfile, baseUrl: httpUrl, legacyBaseUrl: httpUrl })
        .strict(),
    ]),
  ),
  'credentials.set': command<BackendStatus>()(
    'Store keys in the OS keychain; they are never shown again',
    z
      .object({ profile: keyProfile, appKey: secret.optional(), appSecret: secret.optional(), apiToken: secret.optional() })
      .strict()
      .refine((v) => v.appKey !== undefined || v.appSecret !== undefined || v.apiToken !== undefined, {
        message: 'Enter at least one key to store',
      }),
  ),
  'credentials.clear': command<BackendStatus>()('Remove a profile\'s keys from the keychain', z.object({ profile: keyProfile }).strict()),
} as const;

/** Topics of `station.changed`: renderer stores refetch what depends on them. */
export const changeTopics = [
  'backend',
  'settings',
  'shipments',
  'orders',
  'products',
  'rules',
  'pickups',
  'printJobs',
  'printers',
  'scales',
  'scanForms',
  'tracking',
] as const;
export type ChangeTopic = (typeof changeTopics)[number];

export const stationEvents = {
  'station.changed': event<{ readonly topics: readonly ChangeTopic[] }>('Something the UI shows was written in the main process'),
  'station.notice': event<{ readonly level: 'info' | 'warning' | 'error'; readonly message: string }>(
    'A message for the operator that no command asked for (a reconnect, a recovered purchase)',
  ),
} as const;
