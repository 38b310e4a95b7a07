/**
 * better-sqlite3 13 ships N-API builds for Node 22 and later; on an older
 * Node it does not fail politely, it can end the process with a segfault.
 * So every Node entry point asks this before anything loads a native module.
 */
export const MIN_NODE_MAJOR = 22;

/** One sentence for the operator when this Node is too old, else null. Electron brings its own Node, always new enough. */
export function nodeTooOld(versions: NodeJS.ProcessVersions = process.versions): string | null {
  if (versions.electron) return null;
  const major = Number(versions.node.split('.')[0]);
  if (major >= MIN_NODE_MAJOR) return null;
  return `Parcel Station needs Node ${MIN_NODE_MAJOR} or later, and this is Node ${versions.node}: install Node ${MIN_NODE_MAJOR} LTS from https://nodejs.org (or run \`npm ci\` in the project, which installs it for the station).`;
}

/** Ends the process with that sentence when this Node is too old. */
export function requireNode22(): void {
  const words = nodeTooOld();
  if (!words) return;
  process.stderr.write(`${words}\n`);
  process.exit(1);
}
