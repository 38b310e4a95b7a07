import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { openDatabase, schemaVersion } from '../store/database';
import { migrations } from '../store/migrations';
import type { Check, CheckResult } from './check';

const requireNative = createRequire(__filename);

/** Node version and the three native modules, which must load in this runtime. */
export const runtimeCheck: Check = async () => {
  const results: CheckResult[] = [
    { name: 'runtime', status: 'ok', detail: `Node ${process.versions.node}${process.versions.electron ? `, Electron ${process.versions.electron}` : ''} on ${process.platform}-${process.arch}` },
  ];
  for (const name of ['better-sqlite3', 'keytar', 'usb']) {
    try {
      requireNative(name);
      results.push({ name: `module ${name}`, status: 'ok', detail: 'loads' });
    } catch (error) {
      results.push({
        name: `module ${name}`,
        status: 'fail',
        detail: `does not load (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); reinstall with \`npm ci\``,
      });
    }
  }
  return results;
};

/** The data folder is writable and its database opens at this code's schema. */
export function dataDirCheck(dataDir: string): Check {
  return async () => {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.accessSync(dataDir, fs.constants.W_OK);
    const db = openDatabase({ file: path.join(dataDir, 'station.sqlite') });
    try {
      return { name: 'data folder', status: 'ok', detail: `${dataDir} (database schema ${schemaVersion(db)} of ${migrations.length})` };
    } finally {
      db.close();
    }
  };
}
