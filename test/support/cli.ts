import { runCli } from '../../electron/cli/main';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../electron/sandbox';
import { keyVariables, sandboxKeys } from './keyVariables';

/** One CLI invocation in this process: its exit code and every line it wrote to stdout and stderr. */
export interface CliRun {
  readonly code: number;
  readonly out: readonly string[];
  readonly err: readonly string[];
}

export async function cli(args: readonly string[]): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

/** The one JSON line a `--json` command printed; fails with its stderr when it printed anything else. */
export function jsonOf<T>(run: CliRun): T {
  if (run.out.length !== 1) throw new Error(`expected one JSON line, got ${run.out.length} (exit ${run.code}); stderr:\n${run.err.join('\n')}`);
  return JSON.parse(run.out[0] as string) as T;
}

/** A pickup as `pickups add|cancel --json` print it and `pickups list --json` lists it (the fields the tests read). */
export interface CliPickup {
  readonly pickup_no: string;
  readonly status: string;
  readonly pickup_date: string | null;
  readonly tracking_nos: readonly string[];
  readonly packages: number | null;
}

/** A sandbox on 127.0.0.1 reached as a live service would be: --base-url, --legacy-base-url and the key variables. */
export interface CliService {
  readonly sandbox: RunningSandbox;
  /** --data-dir DIR plus both service addresses. */
  flags(dataDir: string): string[];
  /** Stops the sandbox and puts the key variables back as they were. */
  close(): Promise<void>;
}

export async function startCliService(options: SandboxOptions = {}): Promise<CliService> {
  const sandbox = await startSandbox(options);
  const saved = keyVariables.map((key) => process.env[key]);
  const keys = sandboxKeys(sandbox);
  for (const key of keyVariables) process.env[key] = keys[key];
  return {
    sandbox,
    flags: (dataDir) => ['--data-dir', dataDir, '--base-url', sandbox.baseUrl, '--legacy-base-url', sandbox.legacyBaseUrl],
    async close() {
      keyVariables.forEach((key, i) => {
        const value = saved[i];
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      });
      await sandbox.close();
    },
  };
}

/** Runs a `--json` command that must succeed and returns its one JSON line; fails with its stderr otherwise. */
export async function cliJson<T>(args: readonly string[]): Promise<T> {
  const run = await cli(args);
  if (run.code !== 0) throw new Error(`parcel-station ${args.join(' ')} exited ${run.code}:\n${run.err.join('\n')}`);
  return jsonOf<T>(run);
}
