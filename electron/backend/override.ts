import { fail } from '../../shared/contract/errors';

/**
 * Headless automation (warehouse scripts, CI): `--base-url` and
 * `--legacy-base-url` on the command line with the keys in the environment.
 * The keys never touch the keychain or the settings; the keychain stays the
 * place for keys at a bench.
 */
export interface BackendOverride {
  readonly baseUrl: string;
  readonly legacyBaseUrl: string;
  readonly appKey: string;
  readonly appSecret: string;
  readonly apiToken?: string;
}

export const ENV_APP_KEY = 'PARCEL_STATION_APP_KEY';
export const ENV_APP_SECRET = 'PARCEL_STATION_APP_SECRET';
export const ENV_API_TOKEN = 'PARCEL_STATION_API_TOKEN';

function checkUrl(value: string, flag: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail('invalid_input', `${flag} must be a full address such as https://api.example.com.`, { field: flag });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') fail('invalid_input', `${flag} must start with http:// or https://.`, { field: flag });
  // Keys belong in the environment variables, never in an address that is logged and shown.
  if (url.username || url.password) fail('invalid_input', `${flag} must not carry a user name or password; give the keys in the environment instead.`, { field: flag });
  return value;
}

/** Undefined when no base URL was given (the station then uses its configured backend). */
export function overrideFromEnvironment(
  urls: { readonly baseUrl?: string; readonly legacyBaseUrl?: string },
  env: Readonly<Record<string, string | undefined>> = process.env,
): BackendOverride | undefined {
  if (urls.baseUrl === undefined && urls.legacyBaseUrl === undefined) return undefined;
  if (urls.baseUrl === undefined || urls.legacyBaseUrl === undefined) {
    return fail('invalid_input', 'Give both --base-url and --legacy-base-url to point the station at another service.');
  }
  const appKey = env[ENV_APP_KEY]?.trim();
  const appSecret = env[ENV_APP_SECRET]?.trim();
  const apiToken = env[ENV_API_TOKEN]?.trim();
  if (!appKey || !appSecret) {
    return fail('not_configured', `With --base-url, set the keys in the environment: ${ENV_APP_KEY} and ${ENV_APP_SECRET} (and ${ENV_API_TOKEN} for the v1 views).`);
  }
  return {
    baseUrl: checkUrl(urls.baseUrl, '--base-url'),
    legacyBaseUrl: checkUrl(urls.legacyBaseUrl, '--legacy-base-url'),
    appKey,
    appSecret,
    ...(apiToken ? { apiToken } : {}),
  };
}
