import type Database from 'better-sqlite3';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fail } from '../../shared/contract/errors';
import { firstLine, isDamage, keepCopy, runCheck } from './damage';

export type StoreCheckState = 'checking' | 'sound' | 'damaged' | 'stopped';

/**
 * SQLite's check of the station's file, which the purchase engine awaits
 * before it journals or sends anything (a purchase written into a damaged
 * file could be lost, and with it the id that keeps a retry from buying
 * twice).
 */
export interface StoreCheck {
  state(): StoreCheckState;
  /** Resolves once the whole file was found sound; refuses in the operator's words when it is damaged or the station is closing. */
  sound(): Promise<void>;
  /** Stops between slices: the station is closing. */
  stop(): void;
  /** How long the longest slice held the event loop, for bench:store. */
  longestSliceMs(): number;
}

/** The file was checked whole at open. */
export const checkedAtOpen: StoreCheck = { state: () => 'sound', sound: () => Promise.resolve(), stop: () => undefined, longestSliceMs: () => 0 };

const closingWords = 'The station is closing; buy again once it is back.';

const damageWords = (finding: string, copy: string): string =>
  `The station's database is damaged (SQLite found: ${finding}), so nothing was bought. A copy is kept as ${copy}. ` +
  'Close the station and restore the data folder from a backup, or move station.sqlite aside to start an empty station; until then the next start opens it for reprints only.';

/**
 * After a clean shutdown the file is checked in the background rather than
 * at open: SQLite's quick_check one table (with its indexes) at a time, the
 * event loop free between tables, so a large database opens at once and is
 * checked within seconds. What it leaves out against a whole quick_check is
 * the free-page list (no rows live there). A table check holds the loop for
 * as long as that table takes; at 1,000,000 shipments bench:store prints it.
 * The check reads in its own snapshot (WAL), so the station's writes go on.
 */
export function startBackgroundCheck(db: Database.Database, file: string, onDamage: (finding: string, copy: string) => void): StoreCheck {
  let state: StoreCheckState = 'checking';
  let refusal = '';
  let longest = 0;
  const waiting: Array<() => void> = [];
  const end = (next: Exclude<StoreCheckState, 'checking'>, words = '') => {
    state = next;
    refusal = words;
    for (const wake of waiting.splice(0)) wake();
  };
  const tables = (): string[] =>
    (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'").all() as Array<{ name: string }>).map((t) => t.name);

  void (async () => {
    try {
      for (const table of tables()) {
        await nextTurn();
        if (state !== 'checking') return;
        const start = performance.now();
        runCheck(db, `quick_check(${JSON.stringify(table)})`);
        longest = Math.max(longest, performance.now() - start);
      }
      end('sound');
    } catch (error) {
      if (state !== 'checking') return;
      if (!isDamage(error)) {
        end('stopped', `The station could not finish checking its database (${firstLine(error)}), so nothing was bought. Restart the station, then buy again.`);
        return;
      }
      const finding = firstLine(error);
      let copy: string;
      try {
        copy = keepCopy(file);
      } catch (copyError) {
        copy = `(none: ${firstLine(copyError)})`;
      }
      end('damaged', damageWords(finding, copy));
      onDamage(finding, copy);
    }
  })();

  return {
    state: () => state,
    async sound() {
      if (state === 'checking') await new Promise<void>((resolve) => waiting.push(resolve));
      if (state !== 'sound') fail('conflict', refusal);
    },
    stop() {
      if (state === 'checking') end('stopped', closingWords);
    },
    longestSliceMs: () => longest,
  };
}
