import { StationFailure } from '../../shared/contract/errors';
import { CliUsageError, type CliCommand, type CliIo } from './command';
import { cliCommands } from './commands';

function overview(commands: readonly CliCommand[]): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    'Parcel Station: a shipping station for packing benches.',
    '',
    'Usage: parcel-station <command> [options]   (from a checkout: npm run -s station -- <command>)',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Run `parcel-station <command> --help` for a command\'s options.',
  ].join('\n');
}

/** Runs one CLI invocation and returns its exit code; never throws. */
export async function runCli(argv: readonly string[], io: CliIo, commands: readonly CliCommand[] = cliCommands): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(overview(commands));
    return name === undefined ? 2 : 0;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    io.err(`Unknown command "${name}".\n\n${overview(commands)}`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(command.usage);
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof CliUsageError) {
      io.err(`${error.message}\n\n${command.usage}`);
      return 2;
    }
    // Operator words only: the station's error code and field path are for support, not the bench.
    if (error instanceof StationFailure) {
      io.err(`Error: ${error.error.message}`);
      return 1;
    }
    const message = error instanceof Error ? error.message : String(error);
    // A TypeError from Node's parseArgs is a usage mistake, not a crash.
    if (error instanceof TypeError && 'code' in error && String((error as { code: unknown }).code).startsWith('ERR_PARSE_ARGS')) {
      io.err(`${message}\n\n${command.usage}`);
      return 2;
    }
    io.err(`Error: ${message}`);
    return 1;
  }
}
