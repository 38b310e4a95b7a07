import fs from 'node:fs';
import path from 'node:path';
import type { StoredToken, TokenShelf } from './token';

const LOCK_WAIT_MS = 10_000;
/** A lock older than this was left by a process that died while minting. */
const LOCK_STALE_MS = 30_000;
const POLL_MS = 25;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function readToken(file: string): StoredToken | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<StoredToken>;
    return typeof parsed.value === 'string' && typeof parsed.refreshAt === 'number' ? { value: parsed.value, refreshAt: parsed.refreshAt } : undefined;
  } catch {
    return undefined;
  }
}

/** An exclusive lock file (O_EXCL): held by one process at a time on any OS; a stale one is taken over. */
async function withLock<T>(lock: string, work: () => Promise<T>): Promise<T> {
  const until = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      fs.closeSync(fs.openSync(lock, 'wx', 0o600));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > LOCK_STALE_MS) fs.rmSync(lock, { force: true });
      else if (Date.now() > until) throw new Error(`the token lock ${lock} stayed taken`, { cause: error });
      else await sleep(POLL_MS);
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

/**
 * The access token of each AppKey in the data folder, for every process on
 * it (the running station, a CLI command beside it): only one of them mints
 * at a time, and the others take its token instead of minting their own,
 * which would revoke it. The token manager seals what is kept here (never a
 * readable token on disk); files are readable by this user only.
 */
export function createFileTokenShelf(dir: string): TokenShelf {
  const file = (key: string) => path.join(dir, `${key}.json`);
  return {
    read: async (key) => readToken(file(key)),
    async mintOnce(key, usable, mint) {
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      return withLock(`${file(key)}.lock`, async () => {
        const stored = readToken(file(key));
        if (stored && usable(stored)) return stored;
        const minted = await mint();
        const temp = `${file(key)}.${process.pid}.tmp`;
        fs.writeFileSync(temp, JSON.stringify(minted), { mode: 0o600 });
        fs.renameSync(temp, file(key));
        return minted;
      });
    },
  };
}
