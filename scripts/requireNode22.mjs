// Imported first by the scripts that load the station's native modules: on a
// Node older than 22, better-sqlite3's N-API build can segfault instead of
// failing politely, so say once what to install and stop.
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  process.stderr.write(
    `Parcel Station needs Node 22 or later, and this is Node ${process.versions.node}: install Node 22 LTS from https://nodejs.org (or run it through npm, \`npm start\` / \`npm test\`, which use the Node 22 that \`npm ci\` installs).\n`,
  );
  process.exit(1);
}
