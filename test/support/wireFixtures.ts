import fs from 'node:fs';
import path from 'node:path';

/** One documented example body (test/fixtures/wire/<api>/<endpoint>.<direction>.json). */
export interface WireFixture {
  readonly api: 'v2' | 'v1';
  readonly file: string;
  /** "METHOD /path" as documented. */
  readonly endpoint: string;
  readonly direction: 'request' | 'response' | 'error';
  readonly status?: number;
  readonly source: string;
  readonly body: unknown;
}

export const wireFixtureDir = path.resolve(__dirname, '../fixtures/wire');

export function loadWireFixtures(api: 'v2' | 'v1'): WireFixture[] {
  const dir = path.join(wireFixtureDir, api);
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => ({ api, file: `${api}/${name}`, ...(JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as Omit<WireFixture, 'api' | 'file'>) }));
}
