import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A fresh folder per test; removed by the returned cleanup. */
export function makeTempDir(prefix = 'parcel-station-'): { dir: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Every file below `dir`, as one string, for "this must appear nowhere on disk" checks. */
export function everyFileText(dir: string): string {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name)).toString('latin1'))
    .join('\n');
}
