import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { browserCommand } from '../../../electron/cli/browser';
import { StationFailure } from '../../../shared/contract/errors';
import { makeTempDir } from '../../support/tempDir';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('browser command', () => {
  it('on a port already in use says so in words and still closes the station it opened', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => blocker.close(() => resolve())));
    const { port } = blocker.address() as net.AddressInfo;

    const out: string[] = [];
    const run = browserCommand.run(['--port', String(port), '--no-open', '--data-dir', temp.dir], { out: (l) => out.push(l), err: () => undefined });
    const error = await run.then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(StationFailure);
    expect((error as StationFailure).error).toMatchObject({ code: 'conflict', message: expect.stringContaining(`Port ${port}`) });
    expect(out).toEqual([]);
    expect(fs.readFileSync(path.join(temp.dir, 'logs', 'station.log'), 'utf8')).toContain('station closed');
  });
});
