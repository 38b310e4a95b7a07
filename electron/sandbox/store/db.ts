import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, type Db } from '../../store/database';
import { sandboxMigrations } from './schema';

export const SANDBOX_DB_FILE = 'sandbox.sqlite';

/** The sandbox database under dataDir, or in memory when there is none. */
export function openSandboxDb(dataDir: string | undefined): Db {
  if (!dataDir) return openDatabase({ file: ':memory:', migrations: sandboxMigrations });
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  return openDatabase({ file: path.join(dataDir, SANDBOX_DB_FILE), migrations: sandboxMigrations });
}

export type { Db };
