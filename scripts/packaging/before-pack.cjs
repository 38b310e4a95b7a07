// electron-builder beforePack: gives the modules in BUILT_PER_TARGET the binary of the target being packed.
// keytar's npm package holds no binaries: prebuild-install fetches its N-API build for the target from the
// keytar release (network needed, as for Electron itself); where none can be had and the target is this
// machine, it is compiled. The machine's own binary is kept aside and put back by after-all.cjs.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { ARCH_NAMES, BUILT_PER_TARGET } = require('./native-binaries.cjs');

function binaryOf(moduleDir) {
  return path.join(moduleDir, 'build', 'Release', `${path.basename(moduleDir)}.node`);
}

exports.default = async function beforePack(context) {
  const platform = context.electronPlatformName;
  const arch = ARCH_NAMES[context.arch] ?? String(context.arch);
  const root = context.packager.projectDir;
  for (const name of BUILT_PER_TARGET) {
    const moduleDir = path.join(root, 'node_modules', name);
    const binary = binaryOf(moduleDir);
    if (fs.existsSync(binary) && !fs.existsSync(`${binary}.host`)) fs.copyFileSync(binary, `${binary}.host`);
    const installer = path.join(moduleDir, 'node_modules', '.bin', process.platform === 'win32' ? 'prebuild-install.cmd' : 'prebuild-install');
    try {
      execFileSync(installer, ['--runtime', 'napi', '--platform', platform, '--arch', arch], { cwd: moduleDir, stdio: 'inherit', shell: process.platform === 'win32' });
      console.log(`before-pack: ${name} for ${platform}-${arch}: the N-API prebuild from its release`);
    } catch (error) {
      if (platform !== process.platform || arch !== process.arch) {
        throw new Error(`before-pack: no ${name} binary for ${platform}-${arch} could be fetched, and it cannot be compiled on ${process.platform}-${process.arch}. Package this target on a ${platform} machine or with network access.`, { cause: error });
      }
      execFileSync('npm', ['run', 'build'], { cwd: moduleDir, stdio: 'inherit', shell: process.platform === 'win32' });
      console.log(`before-pack: ${name} for ${platform}-${arch}: compiled here`);
    }
  }
};

exports.binaryOf = binaryOf;
