#!/usr/bin/env node
'use strict';
// Installed as the `parcel-station` command; the bundle is built by `npm run build`.
// The native modules are N-API builds for Node 22 and later; where the system
// Node is older, hand over to the Node 22 the project installs, rather than crash.
const path = require('node:path');
const fs = require('node:fs');

const major = Number(process.versions.node.split('.')[0]);
if (major >= 22 || process.versions.electron) {
  require('../dist/electron/cli.cjs');
} else {
  const bundled = path.join(__dirname, '..', 'node_modules', 'node', 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  if (!fs.existsSync(bundled)) {
    process.stderr.write(`Parcel Station needs Node 22 or later, and this is Node ${process.versions.node}: install Node 22 LTS from https://nodejs.org (or run \`npm ci\` in the project, which installs it for the station).\n`);
    process.exit(1);
  }
  const { status, signal } = require('node:child_process').spawnSync(bundled, [path.join(__dirname, '..', 'dist', 'electron', 'cli.cjs'), ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(status ?? (signal ? 1 : 0));
}
