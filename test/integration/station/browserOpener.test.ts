import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, useBuiltStation } from '../../support/builtStation';
import { chromiumArgs, chromiumPath } from '../../support/chromium';
import { keyVariables } from '../../support/keyVariables';
import { tryAsOtherUser } from '../../support/otherUser';
import { makeTempDir } from '../../support/tempDir';

const cleanups = useBuiltStation();

/**
 * `parcel-station browser` as an operator runs it, through the OS's real
 * opener: xdg-open (which starts $BROWSER where no desktop is set up) starts
 * Chromium on the address. A two-line wrapper notes the environment Chromium
 * was given, and tells the test through a FIFO when Chromium has loaded the page.
 */
describe('the browser the station opens', () => {
  it('gets an environment without the station\'s secrets, uses the one-time address, and that address is worth nothing to another user after', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    fs.chmodSync(temp.dir, 0o755);
    const envFile = path.join(temp.dir, 'browser.env');
    const domFile = path.join(temp.dir, 'page.html');
    const loaded = path.join(temp.dir, 'loaded');
    execFileSync('mkfifo', [loaded]);
    const wrapper = path.join(temp.dir, 'browser.sh');
    fs.writeFileSync(
      wrapper,
      `#!/bin/sh\nenv > "${envFile}"\n"${chromiumPath()}" --headless ${chromiumArgs.join(' ')} --user-data-dir="${temp.dir}/profile" --dump-dom "$1" > "${domFile}" 2>/dev/null\necho done > "${loaded}"\n`,
      { mode: 0o755 },
    );
    const secrets = { ...Object.fromEntries(keyVariables.map((name) => [name, `secret-${name}`])), PGPASSWORD: 'secret-pg' };
    const station = spawn(process.execPath, [path.join(repoRoot, 'dist/electron/cli.cjs'), 'browser', '--data-dir', path.join(temp.dir, 'data')], {
      cwd: repoRoot,
      env: { ...process.env, ...secrets, BROWSER: wrapper, DISPLAY: '', XDG_CURRENT_DESKTOP: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => station.on('exit', resolve));
    cleanups.push(async () => {
      station.kill('SIGTERM');
      await exited;
    });
    const firstLine = new Promise<string>((resolve) => {
      let out = '';
      station.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('\n')) resolve(out.split('\n')[0] ?? '');
      });
    });
    const { url } = JSON.parse(await firstLine) as { url: string };
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?code=[\w-]+$/);

    await new Promise<void>((resolve) => fs.createReadStream(loaded).once('data', () => resolve()));
    expect(fs.readFileSync(domFile, 'utf8')).toContain('<title>Parcel Station');
    const given = fs.readFileSync(envFile, 'utf8');
    expect(given).toContain('PATH=');
    for (const [name, value] of Object.entries(secrets)) {
      expect(given, name).not.toContain(name);
      expect(given, name).not.toContain(value);
    }
    expect(given).not.toMatch(/^PARCEL_STATION_/m);

    const other = await tryAsOtherUser({ url, origin: new URL(url).origin, files: [] });
    expect(other.page, 'the address the opener was handed, used by the browser already').toBe(403);
    expect(other.bridge).toBe(401);
  }, 90_000);
});
