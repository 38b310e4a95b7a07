import fs from 'node:fs';
import path from 'node:path';
import { withFileLock } from '../../store/fileLock';
import type { StoredToken, TokenShelf } from './token';

function readToken(file: string): StoredToken | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<StoredToken>;
    return typeof parsed.value === 'string' && typeof parsed.refreshAt === 'number' ? { value: parsed.value, refreshAt: parsed.refreshAt } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The access token of each AppKey in the data folder, for every process on
 * it (the running station, a CLI command beside it): only one of them mints
 * at a time, and the others take its token instead of minting their own,
 * which would revoke it. The token manager seals what is kept here (never a
 * readable token on disk); files are readable by this user only. The turn
 * to mint is the station's one lock between processes (store/fileLock.ts),
 * which the OS frees when a process dies mid-mint. `onWait` hears when
 * another process is minting first.
 */
export function createFileTokenShelf(dir: string, options: { readonly onWait?: () => void } = {}): TokenShelf {
  const file = (key: string) => path.join(dir, `${key}.json`);
  return {
    read: async (key) => readToken(file(key)),
    async mintOnce(key, usable, mint) {
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      return withFileLock(`${file(key)}.lock`, async () => {
        const stored = readToken(file(key));
        if (stored && usable(stored)) return stored;
        const minted = await mint();
        const temp = `${file(key)}.${process.pid}.tmp`;
        fs.writeFileSync(temp, JSON.stringify(minted), { mode: 0o600 });
        fs.renameSync(temp, file(key));
        return minted;
      }, options);
    },
  };
}
