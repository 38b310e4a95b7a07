// Which native binary each packaged target gets. Shared by the packaging hooks and by the test that checks
// electron-builder.yml against what is in node_modules.
const fs = require('node:fs');
const path = require('node:path');

/** Modules with no binary for other platforms inside their npm package: fetched (or built) for each target by before-pack.cjs. */
const BUILT_PER_TARGET = ['keytar'];

/** electron-builder's Arch enum (builder-util), by value. */
const ARCH_NAMES = { 0: 'ia32', 1: 'x64', 2: 'armv7l', 3: 'arm64', 4: 'universal' };

/** Dependencies of the app that carry a native addon (a binding.gyp), read from package.json and node_modules. */
function nativeModules(root) {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  return Object.keys(pkg.dependencies ?? {})
    .filter((name) => fs.existsSync(path.join(root, 'node_modules', name, 'binding.gyp')))
    .sort();
}

function walk(dir, found = []) {
  if (!fs.existsSync(dir)) return found;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, found);
    else if (entry.name.endsWith('.node')) found.push(full);
  }
  return found;
}

/**
 * The prebuilt binary a module ships for platform-arch, as a path inside the module, or null. Covers the
 * layouts in use: prebuilds/<platform>-<arch>.node (better-sqlite3), prebuilds/<platform>-<arch>/node.napi*.node
 * and prebuilds/darwin-x64+arm64/ (usb, node-gyp-build), prebuilds/<Name>-<platform>-<arch>/ (node-hid, pkg-prebuilds).
 * musl builds are not what a desktop gets.
 */
function findPrebuilt(moduleDir, platform, arch) {
  const prebuilds = path.join(moduleDir, 'prebuilds');
  const matches = walk(prebuilds)
    .map((file) => path.relative(moduleDir, file).split(path.sep).join('/'))
    .filter((rel) => !/musl/.test(rel))
    .filter((rel) => {
      const tag = rel.split('/')[1].replace(/\.node$/, '');
      const tail = tag.slice(tag.lastIndexOf(platform));
      if (!tag.includes(`${platform}-`)) return false;
      const arches = tail.slice(platform.length + 1).split('+');
      return arches.includes(arch);
    });
  return matches.sort()[0] ?? null;
}

module.exports = { BUILT_PER_TARGET, ARCH_NAMES, nativeModules, findPrebuilt };
