/** One `parcel-station <name>` subcommand. Output goes through `io` so tests can read it. */
export interface CliIo {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
}

export interface CliCommand {
  readonly name: string;
  readonly summary: string;
  /** Shown by `parcel-station <name> --help`. */
  readonly usage: string;
  /** Resolves to the process exit code. Long-running commands resolve when told to stop. */
  run(argv: readonly string[], io: CliIo): Promise<number>;
}

/** A usage mistake: printed with the command's usage, exit code 2. */
export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';
}
