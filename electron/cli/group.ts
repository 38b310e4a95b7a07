import { stationOptionsUsage } from './headless';
import { CliUsageError, type CliCommand } from './command';

/**
 * `parcel-station <name> <subcommand>`: one command whose subcommands share
 * the station options; its help lists each subcommand's summary and usage.
 */
export function commandGroup(name: string, summary: string, intro: readonly string[], subcommands: readonly CliCommand[]): CliCommand {
  const width = Math.max(...subcommands.map((c) => c.name.length));
  return {
    name,
    summary,
    usage: [
      `Usage: parcel-station ${name} <subcommand> [options]`,
      '',
      ...intro,
      'Every subcommand takes --json (one JSON line on stdout) and the station options below.',
      '',
      'Subcommands:',
      ...subcommands.flatMap((c) => [`  ${c.name.padEnd(width)}  ${c.summary}`, ...c.usage.split('\n').map((line) => `  ${' '.repeat(width)}  ${line}`)]),
      '',
      'Options of every subcommand:',
      ...stationOptionsUsage,
    ].join('\n'),
    async run(argv, io) {
      const [which, ...rest] = argv;
      const sub = subcommands.find((c) => c.name === which);
      if (!sub) {
        throw new CliUsageError(
          which === undefined || which.startsWith('-') ? `Say which ${name} subcommand to run: ${subcommands.map((c) => c.name).join(', ')}.` : `There is no ${name} subcommand "${which}".`,
        );
      }
      return sub.run(rest, io);
    },
  };
}
