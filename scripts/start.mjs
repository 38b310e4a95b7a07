// `npm start`: builds, then opens the desktop window. Where Electron's binary
// is not installed (it downloads from the internet on `npm install`), the
// station starts in browser mode instead and says so, rather than failing.
import './requireNode22.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-needed'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

// Electron's package downloads its binary on first use when the install skipped
// it; where downloads are switched off on purpose, go straight to browser mode.
function electronBinary() {
  const require = createRequire(import.meta.url);
  if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
    try {
      const dir = path.dirname(require.resolve('electron/package.json'));
      const relative = fs.readFileSync(path.join(dir, 'path.txt'), 'utf8');
      const binary = path.join(dir, 'dist', relative);
      return fs.existsSync(binary) ? binary : null;
    } catch {
      return null;
    }
  }
  try {
    const binary = require('electron');
    return typeof binary === 'string' && fs.existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

const binary = electronBinary();
const child = binary
  ? spawn(binary, ['.', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' })
  : (process.stderr.write(
      'Electron is not installed on this machine (its download was skipped or failed), so the station opens in your web browser instead.\n' +
        'Reinstall with network access to GitHub (`npm install`) for the desktop window.\n',
    ),
    spawn(process.execPath, ['dist/electron/cli.cjs', 'browser', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' }));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
