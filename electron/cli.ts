import { requireNode22 } from './runtime/nodeVersion';

// Checked before anything loads a native module: an older Node gets a sentence, not a segfault.
requireNode22();

// Entry of the `parcel-station` CLI bundle (dist/electron/cli.cjs).
void import('./cli/main').then(({ runCli }) =>
  runCli(process.argv.slice(2), {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`Unexpected failure: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  ),
);
