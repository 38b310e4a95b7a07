import { describe, expect, it } from 'vitest';
import { CliUsageError, type CliCommand } from '../../../electron/cli/command';
import { runCli } from '../../../electron/cli/main';
import { cliCommands } from '../../../electron/cli/commands';
import { fail } from '../../../shared/contract/errors';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

const echo: CliCommand = {
  name: 'echo',
  summary: 'Says what it is told',
  usage: 'Usage: parcel-station echo WORDS',
  async run(argv, io) {
    if (argv.length === 0) throw new CliUsageError('Give at least one word.');
    if (argv[0] === 'refuse') fail('not_found', 'No such order.');
    if (argv[0] === 'crash') throw new Error('disk on fire');
    io.out(argv.join(' '));
    return 0;
  },
};

describe('CLI', () => {
  it('lists every command with --help', async () => {
    const { io, out } = capture();
    expect(await runCli(['--help'], io)).toBe(0);
    for (const command of cliCommands) expect(out.join('\n')).toContain(command.name);
  });

  it('shows a command\'s usage with --help, without running it', async () => {
    const { io, out } = capture();
    expect(await runCli(['echo', '--help'], io, [echo])).toBe(0);
    expect(out).toEqual([echo.usage]);
  });

  it('exits 2 with the overview for a missing or unknown command', async () => {
    expect(await runCli([], capture().io, [echo])).toBe(2);
    const { io, err } = capture();
    expect(await runCli(['ehco'], io, [echo])).toBe(2);
    expect(err.join('\n')).toContain('Unknown command "ehco"');
  });

  it('reports usage mistakes with the usage, refusals in words without their code, crashes in one line', async () => {
    const usage = capture();
    expect(await runCli(['echo'], usage.io, [echo])).toBe(2);
    expect(usage.err.join('\n')).toContain('Give at least one word.');
    const refused = capture();
    expect(await runCli(['echo', 'refuse'], refused.io, [echo])).toBe(1);
    expect(refused.err).toEqual(['Error: No such order.']);
    const crashed = capture();
    expect(await runCli(['echo', 'crash'], crashed.io, [echo])).toBe(1);
    expect(crashed.err).toEqual(['Error: disk on fire']);
  });

  it('names every registered command once', () => {
    const names = cliCommands.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
