import { randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a one-time code opens the page: enough for a browser to start, too short to matter once seen. */
export const CODE_TTL_MS = 60_000;
/** Codes waiting to be used at once; minting more drops the oldest. */
const MAX_WAITING_CODES = 16;

export interface PageSessions {
  /** A fresh code that opens the page once, within CODE_TTL_MS. */
  mintCode(): string;
  /** True once for a code minted here and used within its minute; false for any other and ever after. */
  redeem(code: string | null): boolean;
  /** The Set-Cookie value that lets this browser back in (reloads, the bridge) for the rest of the launch. */
  readonly setCookie: string;
  /** Whether a Cookie header carries this launch's session (any cookie of that name, so a tossed one locks nothing out). */
  admits(cookieHeader: string | undefined): boolean;
}

function sameText(expected: Buffer, given: string): boolean {
  const candidate = Buffer.from(given);
  return candidate.length === expected.length && timingSafeEqual(candidate, expected);
}

/**
 * The browser host's door keys. The address handed to a browser opener
 * carries only a one-time code (the opener's command line is readable by
 * every user on the machine); the page exchanges it for an HttpOnly,
 * SameSite=Strict cookie no script can read. The cookie is named after the
 * port, since every port of 127.0.0.1 shares cookies.
 */
export function createPageSessions(port: number, now: () => number = Date.now): PageSessions {
  const name = `parcel_station_${port}`;
  const session = Buffer.from(randomBytes(32).toString('base64url'));
  const waiting = new Map<string, number>();

  return {
    mintCode() {
      const time = now();
      for (const [code, expires] of waiting) if (expires < time) waiting.delete(code);
      while (waiting.size >= MAX_WAITING_CODES) waiting.delete(waiting.keys().next().value as string);
      const code = randomBytes(24).toString('base64url');
      waiting.set(code, time + CODE_TTL_MS);
      return code;
    },
    redeem(code) {
      if (code === null) return false;
      const expires = waiting.get(code);
      if (expires === undefined) return false;
      waiting.delete(code);
      return now() <= expires;
    },
    setCookie: `${name}=${session.toString()}; Path=/; HttpOnly; SameSite=Strict`,
    admits(cookieHeader) {
      if (!cookieHeader) return false;
      return cookieHeader.split(';').some((pair) => {
        const at = pair.indexOf('=');
        return at > 0 && pair.slice(0, at).trim() === name && sameText(session, pair.slice(at + 1).trim());
      });
    },
  };
}
