// electron-builder afterAllArtifactBuild: puts back this machine's own binaries of the modules before-pack.cjs
// swapped per target, so the checkout's tests and `npm start` keep working after `npm run dist`.
const fs = require('node:fs');
const path = require('node:path');
const { BUILT_PER_TARGET } = require('./native-binaries.cjs');
const { binaryOf } = require('./before-pack.cjs');

exports.default = async function afterAll(result) {
  const root = path.resolve(__dirname, '..', '..');
  for (const name of BUILT_PER_TARGET) {
    const binary = binaryOf(path.join(root, 'node_modules', name));
    if (fs.existsSync(`${binary}.host`)) fs.renameSync(`${binary}.host`, binary);
  }
  return result.artifactPaths ?? [];
};
