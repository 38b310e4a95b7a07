import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { readEndpoint } from '../../electron/station/endpoint';
import { connectRemoteStation, type RemoteStation } from '../../electron/station/remoteStation';
import { repoRoot } from './builtStation';

const cli = path.join(repoRoot, 'dist/electron/cli.cjs');

/** The built CLI (dist/electron/cli.cjs) as its own process. */
export interface CliProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  readonly out: () => string;
  readonly err: () => string;
  /** The first stdout line, as soon as it is written. */
  readonly firstLine: Promise<string>;
}

/** Runs the built CLI with this process's environment (key variables included). */
export function runCliProcess(args: readonly string[]): CliProcess {
  const child = spawn(process.execPath, [cli, ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  const firstLine = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0] ?? '');
    });
    child.on('exit', (code) => reject(new Error(`exited ${code} before a line: ${err}`)));
  });
  firstLine.catch(() => undefined);
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, out: () => out, err: () => err, firstLine };
}

/** A browser-mode station on `dataDir` (with any further flags), stopped (SIGTERM, a clean close) by the cleanups it registers. */
export async function browserStation(
  dataDir: string,
  cleanups: Array<() => Promise<void> | void>,
  flags: readonly string[] = [],
): Promise<{ url: string; remote: RemoteStation; stop: () => Promise<number | null> }> {
  const station = runCliProcess(['browser', '--no-open', '--data-dir', dataDir, ...flags]);
  const stop = async (): Promise<number | null> => {
    station.child.kill('SIGTERM');
    return station.exited;
  };
  cleanups.push(async () => void (await stop()));
  const { url } = JSON.parse(await station.firstLine) as { url: string };
  const endpoint = readEndpoint(dataDir);
  if (!endpoint) throw new Error('the station announced no endpoint');
  const remote = await connectRemoteStation(endpoint);
  cleanups.push(() => remote.close());
  return { url, remote, stop };
}
