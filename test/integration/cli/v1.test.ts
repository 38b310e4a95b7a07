import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../support/tempDir';
import { cli, jsonOf, startCliService, type CliService } from '../../support/cli';

// The legacy v1 commands of the CLI against the embedded sandbox, reached as a
// live service would be (--base-url, --legacy-base-url and the key variables),
// once with full answers and once in the sparse-answers mode (optional fields
// left out, numbers as strings, unknown extra fields, {message}-only errors).

describe.each([
  { mode: 'full answers', sparseAnswers: false, seed: 71 },
  { mode: 'sparse answers', sparseAnswers: true, seed: 72 },
])('v1 commands with $mode', ({ sparseAnswers, seed }) => {
  let service: CliService;
  let temp: ReturnType<typeof makeTempDir>;
  beforeAll(async () => {
    temp = makeTempDir('ps-v1-cli-');
    service = await startCliService({ seed, sparseAnswers });
  });
  afterAll(async () => {
    await service.close();
    temp.cleanup();
  });
  const flags = (name: string) => service.flags(path.join(temp.dir, name));

  it('tells the balance and the carrier accounts', async () => {
    const balance = jsonOf<{ balance: number; currency: string }>(await cli(['v1', 'balance', '--json', ...flags('account')]));
    expect(balance).toEqual({ balance: service.sandbox.stats().balanceCents / 100, currency: 'USD' });
    expect(balance.balance).toBeGreaterThan(0);

    const words = await cli(['v1', 'balance', ...flags('account')]);
    expect(words.out).toEqual([`Balance: ${balance.balance.toFixed(2)} USD`]);

    const carriers = jsonOf<{ carriers: Array<{ name: string; carrier: string; account: string }> }>(await cli(['v1', 'carriers', '--json', ...flags('account')]));
    expect(carriers.carriers.length).toBeGreaterThan(0);
    expect(carriers.carriers.map((c) => c.carrier)).toContain('USPS');
    for (const c of carriers.carriers) expect(c.name).not.toBe('');
  });
});

describe('v1 on the command line', () => {
  it('is listed by --help, and v1 --help lists its subcommands', async () => {
    const help = await cli(['--help']);
    expect(help.out.join('\n')).toMatch(/^ {2}v1 +The legacy v1 account/m);
    const v1Help = (await cli(['v1', '--help'])).out.join('\n');
    for (const sub of ['balance', 'carriers']) expect(v1Help).toMatch(new RegExp(`^ {2}${sub} `, 'm'));
  });

  it('refuses an unknown subcommand in words, with the usage', async () => {
    const run = await cli(['v1', 'refund']);
    expect(run.code).toBe(2);
    expect(run.err.join('\n')).toContain('There is no v1 subcommand "refund".');
  });
});
