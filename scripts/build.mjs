// Builds the main-process bundles (esbuild) and the renderer (Vite) into dist/.
// --if-needed skips work when dist/ is newer than every source file;
// --no-renderer builds only the Node bundles (CLI, benches); --quiet prints nothing,
// so commands whose first stdout line is JSON stay clean.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const quiet = args.has('--quiet');
const withRenderer = !args.has('--no-renderer');
const say = (line) => {
  if (!quiet) process.stderr.write(`${line}\n`);
};

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

function stampTime(name) {
  const file = path.join(root, 'dist', `.${name}-stamp`);
  return fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
}

function writeStamp(name) {
  fs.mkdirSync(path.join(root, 'dist'), { recursive: true });
  fs.writeFileSync(path.join(root, 'dist', `.${name}-stamp`), new Date().toISOString());
}

const sourcesFor = {
  node: ['electron', 'shared', 'test/bench', 'test/support', 'package.json', 'scripts/build.mjs'],
  renderer: ['renderer', 'shared', 'resources', 'package.json'],
};

function isStale(name) {
  if (!args.has('--if-needed')) return true;
  const newest = Math.max(...sourcesFor[name].map((p) => {
    const full = path.join(root, p);
    return fs.existsSync(full) && fs.statSync(full).isDirectory() ? newestMtime(full) : fs.existsSync(full) ? fs.statSync(full).mtimeMs : 0;
  }));
  return newest > stampTime(name);
}

/**
 * The embedded sandbox (and bwip-js, pdfkit and jose behind it) is its own
 * bundle, dist/electron/sandbox.cjs: the station and CLI bundles load it
 * through their dynamic import only when a station actually uses the sandbox,
 * so a start on the live service never reads or parses it.
 */
const sandboxApart = {
  name: 'sandbox-apart',
  setup(b) {
    const sandboxDir = path.join(root, 'electron', 'sandbox');
    b.onResolve({ filter: /sandbox$/ }, (args) =>
      args.kind === 'dynamic-import' && path.resolve(args.resolveDir, args.path) === sandboxDir ? { path: 'sandbox.cjs', namespace: 'sandbox-apart' } : undefined,
    );
    // A plain require beside the bundle (inside the app's asar too), made only when the dynamic import runs.
    b.onLoad({ filter: /.*/, namespace: 'sandbox-apart' }, () => ({
      contents: "module.exports = require(require('node:path').join(__dirname, 'sandbox.cjs'));",
      loader: 'js',
    }));
  },
};

async function buildNode() {
  const benchDir = path.join(root, 'test/bench');
  const benches = fs.existsSync(benchDir)
    ? fs.readdirSync(benchDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => path.join('test/bench', f))
    : [];
  const common = {
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: quiet ? 'error' : 'warning',
    outExtension: { '.js': '.cjs' },
    absWorkingDir: root,
  };
  const entries = { main: 'electron/main.ts', cli: 'electron/cli.ts', station: 'electron/stationProcess.ts', sandbox: 'electron/sandbox/index.ts' };
  await build({
    ...common,
    plugins: [sandboxApart],
    entryPoints: Object.entries(entries).filter(([, file]) => fs.existsSync(path.join(root, file))).map(([out, file]) => ({ in: file, out })),
    outdir: 'dist/electron',
  });
  // The preload runs in a sandboxed renderer: it may require only 'electron', so everything else is bundled in.
  if (fs.existsSync(path.join(root, 'electron/preload.ts'))) {
    await build({ ...common, packages: undefined, external: ['electron'], entryPoints: ['electron/preload.ts'], outdir: 'dist/electron' });
  }
  if (benches.length > 0) await build({ ...common, entryPoints: benches, outdir: 'dist/test/bench' });
  writeStamp('node');
}

async function buildRenderer() {
  const { build: viteBuild } = await import('vite');
  await viteBuild({ configFile: path.join(root, 'renderer/vite.config.ts'), logLevel: quiet ? 'error' : 'info' });
  writeStamp('renderer');
}

const started = Date.now();
if (isStale('node')) {
  say('Building main-process bundles...');
  await buildNode();
}
if (withRenderer && isStale('renderer')) {
  say('Building the renderer...');
  await buildRenderer();
}
say(`Build done in ${Date.now() - started} ms.`);
