import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { oauthErrorSchema, tokenResponseSchema } from '../../../shared/api/v2/token';
import { invalidClientFailure, invalidResponseFailure, rejectedFailure, unauthorizedFailure } from '../failures';
import type { HttpClient, HttpResponse } from '../http';

/**
 * The v2 access token for one AppKey. The service keeps only the most recently
 * minted token valid, so every caller in the process must share one token:
 * minting is single-flighted, and a 401 is first answered with a token that a
 * concurrent caller already minted before minting again.
 */
export interface TokenManager {
  /** A token valid for a while yet; mints when none is cached or the cached one is about to expire. */
  get(): Promise<string>;
  /** After `rejected` drew a 401: a newer cached token if another call already minted one, else one fresh mint. */
  renew(rejected: string): Promise<string>;
  /** How many tokens this manager has minted (diagnostics and tests). */
  readonly minted: number;
}

/** A token and when its holder should mint the next one (epoch ms). */
export interface StoredToken {
  readonly value: string;
  readonly refreshAt: number;
}

/**
 * Where the token for one AppKey is kept for other processes: the warehouse
 * database (every bench on the account), or the data folder (a CLI beside the
 * running station). The service honours only the newest token per AppKey, so
 * processes that each minted their own would revoke each other all day.
 */
export interface TokenShelf {
  /** The token stored under this key, if any. */
  read(key: string): Promise<StoredToken | undefined>;
  /**
   * Under the shelf's lock: the stored token if `usable` accepts it;
   * otherwise `mint()` once, stored for everyone.
   */
  mintOnce(key: string, usable: (stored: StoredToken) => boolean, mint: () => Promise<StoredToken>): Promise<StoredToken>;
}

export interface TokenManagerOptions {
  readonly http: HttpClient;
  readonly baseUrl: string;
  readonly appKey: string;
  readonly appSecret: string;
  readonly now?: () => Date;
  /** Refresh this long before expiry (capped at a quarter of the token's life). */
  readonly refreshAheadMs?: number;
  /** Share the token with other processes on these keys; minting is then done by one of them at a time. */
  readonly shelf?: TokenShelf;
}

type Cached = StoredToken;

/** The shelf key for a service and its keys: a hash, so neither key is written anywhere. */
export function tokenShelfKey(baseUrl: string, appKey: string, appSecret: string): string {
  return createHash('sha256').update(`${baseUrl.replace(/\/+$/, '')}\n${appKey}\n${appSecret}`).digest('hex');
}

function interpretToken(response: HttpResponse, nowMs: number, refreshAheadMs: number): Cached {
  const failure = oauthErrorSchema.safeParse(response.body);
  if (response.status >= 400 || failure.success) {
    if (failure.success && failure.data.error === 'invalid_client') throw invalidClientFailure();
    if (response.status === 401 || response.status === 403) throw invalidClientFailure();
    if (failure.success) throw rejectedFailure('v2', failure.data.error_description ?? `The service refused to issue a token (${failure.data.error}).`, failure.data.error);
    throw unauthorizedFailure('v2', response.status);
  }
  const parsed = tokenResponseSchema.safeParse(response.body);
  if (!parsed.success) throw invalidResponseFailure();
  const lifetimeMs = Math.max(1, parsed.data.expires_in) * 1000;
  const ahead = Math.min(refreshAheadMs, lifetimeMs / 4);
  return { value: parsed.data.access_token, refreshAt: nowMs + lifetimeMs - ahead };
}

export function createTokenManager(options: TokenManagerOptions): TokenManager {
  const now = options.now ?? (() => new Date());
  const refreshAheadMs = options.refreshAheadMs ?? 120_000;
  const basic = Buffer.from(`${options.appKey}:${options.appSecret}`, 'utf8').toString('base64');
  let cached: Cached | undefined;
  let inflight: Promise<string> | undefined;
  let minted = 0;

  const shelfKey = tokenShelfKey(options.baseUrl, options.appKey, options.appSecret);

  const mintHere = (): Promise<Cached> =>
    options.http.send(
      {
        method: 'POST',
        baseUrl: options.baseUrl,
        path: '/oauth2/token',
        headers: { authorization: `Basic ${basic}` },
        form: { grant_type: 'client_credentials', scope: 'API' },
        // Minting again only revokes a token nobody received, so a lost answer is safe to repeat.
        safety: 'read',
        action: 'issue an access token',
      },
      (response) => {
        const token = interpretToken(response, now().getTime(), refreshAheadMs);
        minted += 1;
        return token;
      },
    );

  // What the shelf keeps is sealed with a key from the AppSecret: the token is never readable from the shelf alone (a file, a table).
  const sealKey = createHash('sha256').update(`parcel-station token shelf\n${options.appSecret}`).digest();
  const seal = (token: Cached): Cached => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
    const body = Buffer.concat([cipher.update(token.value, 'utf8'), cipher.final()]);
    return { value: Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64'), refreshAt: token.refreshAt };
  };
  const unseal = (stored: Cached): Cached | undefined => {
    try {
      const raw = Buffer.from(stored.value, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', sealKey, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return { value: Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8'), refreshAt: stored.refreshAt };
    } catch {
      return undefined;
    }
  };

  /** Through the shelf when there is one; a shelf out of reach must not stop this process from working, so it then mints alone. */
  const obtain = async (rejected: string | undefined): Promise<Cached> => {
    if (!options.shelf) return mintHere();
    let shelved = false;
    let minted: Cached | undefined;
    const nowMs = now().getTime();
    try {
      const stored = await options.shelf.mintOnce(
        shelfKey,
        (candidate) => {
          const open = unseal(candidate);
          return open !== undefined && open.value !== rejected && open.refreshAt > nowMs;
        },
        async () => {
          shelved = true;
          minted = await mintHere();
          return seal(minted);
        },
      );
      return minted ?? unseal(stored) ?? mintHere();
    } catch (error) {
      if (shelved) throw error;
      return mintHere();
    }
  };

  const mint = (rejected?: string): Promise<string> => {
    if (inflight) return inflight;
    inflight = obtain(rejected)
      .then((token) => {
        cached = token;
        return token.value;
      })
      .finally(() => {
        inflight = undefined;
      });
    return inflight;
  };

  /** Another process may already hold a fresh token for these keys: take it rather than mint (which would revoke theirs). */
  const fromShelf = async (): Promise<string | undefined> => {
    const shelved = await options.shelf?.read(shelfKey).catch(() => undefined);
    const stored = shelved ? unseal(shelved) : undefined;
    if (!stored || now().getTime() >= stored.refreshAt) return undefined;
    cached = stored;
    return stored.value;
  };

  const fresh = (): string | undefined => (cached && now().getTime() < cached.refreshAt ? cached.value : undefined);

  return {
    async get() {
      return fresh() ?? (await fromShelf()) ?? mint();
    },
    renew(rejected) {
      const current = fresh();
      if (current && current !== rejected) return Promise.resolve(current);
      if (cached?.value === rejected) cached = undefined;
      return mint(rejected);
    },
    get minted() {
      return minted;
    },
  };
}

/** One token manager per (service, AppKey, AppSecret) for as long as its owner lives. */
export interface TokenManagers {
  /** The manager for these keys: the first caller's HTTP client and shelf are the ones it uses. */
  forKeys(options: TokenManagerOptions): TokenManager;
}

/**
 * Clients built for the same keys (say, before and after a backend switch)
 * share one manager, so they do not revoke each other's tokens. The registry
 * belongs to one station: a manager holds its station's HTTP client (which
 * writes the call log to that station's database) and its shelf, so it must
 * not outlive them, as a process-wide one did when a second station opened in
 * the same process after the first had closed.
 */
export function createTokenManagers(): TokenManagers {
  const managers = new Map<string, TokenManager>();
  return {
    forKeys(options) {
      const key = tokenShelfKey(options.baseUrl, options.appKey, options.appSecret);
      let manager = managers.get(key);
      if (!manager) {
        manager = createTokenManager(options);
        managers.set(key, manager);
      }
      return manager;
    },
  };
}
