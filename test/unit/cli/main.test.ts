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

/**
 * Issue 10 item 6: every capability from the command line, by the names the
 * issue gives. Each is listed by `parcel-station --help`, its usage names it
 * in full, and it takes --json, the service flags and the key variables.
 */
const capabilities = ['address validate', 'rates', 'insure quote', 'track', 'pod submit', 'returns buy', 'buy', 'reprint'];
const v1Subcommands = ['balance', 'carriers', 'rates', 'buy', 'void', 'orders', 'verify', 'scan-form'];
const serviceFlags = ['--base-url', '--legacy-base-url', '--data-dir', '--warehouse', 'PARCEL_STATION_APP_KEY', 'PARCEL_STATION_APP_SECRET', 'PARCEL_STATION_API_TOKEN'];

describe('parcel-station --help lists every capability', () => {
  const listed = async (): Promise<string[]> => {
    const { io, out } = capture();
    expect(await runCli(['--help'], io)).toBe(0);
    return out.join('\n').split('\n');
  };
  const usageOf = async (name: string): Promise<string> => {
    const { io, out } = capture();
    expect(await runCli([name, '--help'], io)).toBe(0);
    return out.join('\n');
  };

  it.each(capabilities)('%s: listed, named in its usage, with --json and the service flags', async (capability) => {
    const [name = ''] = capability.split(' ');
    expect((await listed()).some((line) => line.startsWith(`  ${name} `))).toBe(true);
    const usage = await usageOf(name);
    expect(usage).toContain(`Usage: parcel-station ${capability} `);
    expect(usage).toContain('--json');
    for (const flag of serviceFlags) expect(usage).toContain(flag);
  });

  it('v1 with each of its subcommands, and browser, each with the service flags', async () => {
    const lines = await listed();
    for (const name of ['v1', 'browser']) expect(lines.some((line) => line.startsWith(`  ${name} `))).toBe(true);
    const v1 = await usageOf('v1');
    for (const sub of v1Subcommands) expect(v1).toMatch(new RegExp(`^  ${sub} `, 'm'));
    for (const flag of serviceFlags) expect(v1).toContain(flag);
    const browser = await usageOf('browser');
    for (const flag of serviceFlags) expect(browser).toContain(flag);
  });

  it.each([
    ['pickups', ['add', 'list', 'cancel', 'locations']],
    ['scan-form', ['create']],
    ['rules', ['list', 'add', 'remove', 'move', 'test']],
  ] as const)('%s: listed, each subcommand named in full with --json, and the service flags', async (name, subcommands) => {
    expect((await listed()).some((line) => line.startsWith(`  ${name} `))).toBe(true);
    const usage = await usageOf(name);
    for (const sub of subcommands) expect(usage).toMatch(new RegExp(`^ +parcel-station ${name} ${sub} .*--json`, 'm'));
    for (const flag of serviceFlags) expect(usage).toContain(flag);
  });
});
