import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { EndpointInfo } from '../../station/endpoint';
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

/**
 * The data folder is writable, and who has it open. The database itself is
 * opened only by the station that holds the folder, so its schema is checked
 * there (a station refuses a database it cannot use, in words).
 */
export function dataDirCheck(dataDir: string, holder: EndpointInfo | null): Check {
  return async () => {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    fs.accessSync(dataDir, fs.constants.W_OK);
    const detail = holder ? `${dataDir} (in use by ${holder.kind === 'desktop' ? 'the desktop app' : holder.kind === 'browser' ? 'browser mode' : 'a command'}, process ${holder.pid}; checked through it)` : `${dataDir} (writable)`;
    return { name: 'data folder', status: 'ok', detail };
  };
}
