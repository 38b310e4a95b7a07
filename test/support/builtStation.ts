import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, beforeAll } from 'vitest';

export const repoRoot = path.resolve(__dirname, '../..');

/**
 * For tests that run the built station as real processes: builds its bundles
 * once for the file (if needed), and after each test runs what the test
 * registered to stop or remove, newest first.
 */
export function useBuiltStation(): Array<() => Promise<void> | void> {
  const cleanups: Array<() => Promise<void> | void> = [];
  beforeAll(() => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-needed', '--quiet', '--no-renderer'], { cwd: repoRoot, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`build failed: ${build.stderr}`);
  }, 120_000);
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return cleanups;
}
