// `npm test`: builds, then runs every vitest project (unit, integration, e2e, and bench: every benchmark in its quick mode)
// inside a private D-Bus session with an unlocked gnome-keyring, so the vault
// is tested against a real Secret Service. Ends with one summary line that CI reads.
import './requireNode22.mjs';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const passThrough = process.argv.slice(2).filter((arg) => arg !== '--inside-keyring');
const insideKeyring = process.argv.includes('--inside-keyring');
const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

if (!insideKeyring && process.platform === 'linux' && has('dbus-run-session') && has('gnome-keyring-daemon')) {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-station-keyring-'));
  fs.mkdirSync(path.join(home, 'data'));
  fs.mkdirSync(path.join(home, 'runtime'), { mode: 0o700 });
  const inner = [process.execPath, 'scripts/test.mjs', '--inside-keyring', ...passThrough].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');
  const run = spawnSync(
    'dbus-run-session',
    ['--', 'sh', '-c', `echo parcel-station | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1; exec ${inner}`],
    { cwd: root, stdio: 'inherit', env: { ...process.env, XDG_DATA_HOME: path.join(home, 'data'), XDG_RUNTIME_DIR: path.join(home, 'runtime') } },
  );
  fs.rmSync(home, { recursive: true, force: true });
  process.exit(run.status ?? 1);
}

const step = (label, command, args) => {
  process.stderr.write(`\n== ${label}\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  return result.status ?? 1;
};

if (step('build', process.execPath, ['scripts/build.mjs']) !== 0) {
  process.stdout.write('build failed: 0 passed, 1 failed\n');
  process.exit(1);
}

// Static checks first: a green run must also mean strict types and the process-boundary lint rules hold.
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const staticFailures = [
  ['typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
  ['lint', bin('eslint'), ['.']],
]
  .filter(([label, command, args]) => step(label, command, args) !== 0)
  .map(([label]) => label);

const report = path.join(root, 'test-results', 'vitest.json');
fs.rmSync(report, { force: true });
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const status = step('tests', process.execPath, [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...passThrough]);

let summary = status === 0 ? '0 passed, 0 failed' : '0 passed, 1 failed';
if (fs.existsSync(report)) {
  const counts = JSON.parse(fs.readFileSync(report, 'utf8'));
  const skipped = (counts.numPendingTests ?? 0) + (counts.numTodoTests ?? 0);
  summary = `${counts.numPassedTests} passed, ${counts.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`;
}
if (staticFailures.length > 0) process.stdout.write(`\nFailed before the tests: ${staticFailures.join(', ')} (see above).\n`);
process.stdout.write(`\nvitest: ${summary}\n`);
process.exit(status !== 0 ? status : staticFailures.length > 0 ? 1 : 0);
