import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, useBuiltStation } from '../../support/builtStation';
import { launchChromium } from '../../support/chromium';
import { browserStation } from '../../support/cliProcess';
import { makeTempDir } from '../../support/tempDir';
import { nobody, tryAsOtherUser } from '../../support/otherUser';

/** Every folder and file under `dir` with its permission bits, the folder itself first. */
function modes(dir: string): Record<string, string> {
  const all: Record<string, string> = { '.': (fs.statSync(dir).mode & 0o777).toString(8) };
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    all[path.relative(dir, file)] = (fs.lstatSync(file).mode & 0o777).toString(8);
  }
  return all;
}

/**
 * Another user on the same PC (here `nobody`, a real other uid) against a
 * browser-mode station: the address handed to the browser opener is public
 * (any user reads a command line), so it must be worth nothing once the
 * operator's browser used it, and the data folder must be closed to them.
 */
const cleanups = useBuiltStation();

describe('another local user', () => {
  it('cannot use the address the browser was opened with, nor the bridge with a forged Origin, nor read the data folder an earlier version left open', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    // The parent is open to all, so only the data folder's own permissions stand between the other user and the files.
    fs.chmodSync(temp.dir, 0o755);
    const dataDir = path.join(temp.dir, 'data');
    fs.mkdirSync(path.join(dataDir, 'logs'), { recursive: true, mode: 0o755 });
    fs.mkdirSync(path.join(dataDir, 'printer'), { mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    const oldLog = path.join(dataDir, 'logs', 'station.log');
    fs.writeFileSync(oldLog, '{"msg":"ship to 12 Elm St"}\n', { mode: 0o644 });
    fs.writeFileSync(path.join(dataDir, 'printer', 'label.zpl'), '^XA^FD12 Elm St^FS^XZ', { mode: 0o644 });
    const before = await tryAsOtherUser({ url: 'http://127.0.0.1:9/', origin: 'http://127.0.0.1:9', files: [oldLog] });
    expect(before.files[oldLog], 'the other user reads a 0644 file in a 0755 folder (the probe can see a leak)').toBe('read');

    const station = await browserStation(dataDir, cleanups);
    const browser = await launchChromium();
    cleanups.push(() => browser.close());
    const page = await browser.newPage();
    const opened = await page.goto(station.url);
    expect(opened?.status()).toBe(200);
    await page.getByLabel('Station status').getByText('Connected', { exact: true }).waitFor();

    const db = path.join(dataDir, 'station.sqlite');
    const files = [db, `${db}-wal`, oldLog, path.join(dataDir, 'printer', 'label.zpl'), path.join(dataDir, 'endpoint.json')];
    for (const file of files) expect(fs.existsSync(file), file).toBe(true);
    const origin = new URL(station.url).origin;
    const after = await tryAsOtherUser({ url: station.url, origin, files });
    expect(after.page, 'the used address').toBe(403);
    expect(after.bridge, 'the bridge with the station\'s own Origin forged').toBe(401);
    expect(after.files).toEqual(Object.fromEntries(files.map((file) => [file, 'EACCES'])));

    const found = modes(dataDir);
    for (const [name, mode] of Object.entries(found)) {
      const isDir = fs.lstatSync(path.join(dataDir, name)).isDirectory();
      expect(mode, name).toBe(isDir ? '700' : '600');
    }
    expect(Object.keys(found)).toEqual(expect.arrayContaining(['station.sqlite-wal', 'station.sqlite-shm', 'endpoint.json']));
    // The operator's browser, holding its cookie, still runs the station.
    await page.reload();
    await page.getByLabel('Station status').getByText('Connected', { exact: true }).waitFor();
  }, 90_000);

  it('a station that cannot make its folder private (another user owns it) refuses to start, in words, and changes nothing', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    fs.chmodSync(temp.dir, 0o755);
    const dataDir = path.join(temp.dir, 'data');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    const child = spawn(process.execPath, [path.join(repoRoot, 'dist/electron/cli.cjs'), 'history', '--data-dir', dataDir], {
      ...nobody(),
      cwd: temp.dir,
      env: { PATH: process.env.PATH ?? '', HOME: temp.dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(err).toContain(`The data folder ${dataDir} cannot be made readable by you alone (it belongs to another user)`);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o755);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  }, 60_000);
});
