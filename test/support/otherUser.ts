import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** What another local user got when it tried the station's doors and files. */
export interface OtherUserFindings {
  /** HTTP status of the page address. */
  readonly page: number;
  /** HTTP status of the bridge upgrade with the station's own Origin forged (101 would be a way in). */
  readonly bridge: number;
  /** Per file: 'read', or the error code (EACCES). */
  readonly files: Record<string, string>;
}

// Runs as the other user: only Node's own modules, so it needs nothing of the repository.
const probe = `
const http = require('node:http');
const fs = require('node:fs');
const { url, origin, files } = JSON.parse(process.argv[2]);
const status = (options) => new Promise((resolve) => {
  const request = http.get(options, (res) => { res.resume(); resolve(res.statusCode); });
  request.on('upgrade', (res, socket) => { socket.destroy(); resolve(res.statusCode); });
  request.on('error', (error) => resolve(error.code));
});
(async () => {
  const page = await status(url);
  const target = new URL('/bridge', origin);
  const bridge = await status({ host: target.hostname, port: target.port, path: target.pathname, headers: {
    origin, connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' } });
  const found = {};
  for (const file of files) {
    try { fs.readFileSync(file); found[file] = 'read'; } catch (error) { found[file] = error.code; }
  }
  process.stdout.write(JSON.stringify({ page, bridge, files: found }));
})();
`;

/** The uid and gid of `nobody`, the other user these tests act as (they run as root, which may switch to it). */
export function nobody(): { uid: number; gid: number } {
  const id = (flag: string): number => Number(execFileSync('id', [flag, 'nobody'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** Runs the probe as another uid: it asks for the page, the bridge (with a forged Origin) and reads the files. */
export async function tryAsOtherUser(target: { url: string; origin: string; files: readonly string[] }): Promise<OtherUserFindings> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-station-other-user-'));
  fs.chmodSync(dir, 0o755);
  const script = path.join(dir, 'probe.cjs');
  fs.writeFileSync(script, probe, { mode: 0o644 });
  try {
    const child = spawn(process.execPath, [script, JSON.stringify(target)], { ...nobody(), cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    if (code !== 0) throw new Error(`the other user's probe failed (${code}): ${err}`);
    return JSON.parse(out) as OtherUserFindings;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
