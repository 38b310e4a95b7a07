import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../../electron/sandbox';
import { serviceDoor } from '../../support/serviceDoor';
import { makeTempDir } from '../../support/tempDir';
import { repoRoot, useBuiltStation } from '../../support/builtStation';
import { sandboxKeys } from '../../support/keyVariables';

/**
 * Power cut right after a purchase request leaves: the station process is
 * killed (SIGKILL) the moment the service receives the request, then the
 * folder is opened again. The journal row must be there with the id that was
 * sent, and finishing the purchase must re-send that id and buy once.
 */
const root = repoRoot;
const cleanups = useBuiltStation();

/** The service behind a door that calls `onPurchase` with the platform_uk_id as soon as a purchase request arrives, then passes it on. */
async function serviceWithTripwire(target: string, onPurchase: (platformUkId: string) => void): Promise<string> {
  const door = await serviceDoor(target, ({ body }) => {
    const id = /"platform_uk_id"\s*:\s*"([^"]+)"/.exec(body.toString())?.[1];
    if (id) onPurchase(id);
  });
  cleanups.push(() => door.close());
  return door.url;
}

describe('a power cut right after the purchase request leaves', () => {
  it('finds the journal row on reopening, re-sends the same platform_uk_id, and buys once', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    const sandbox = await startSandbox({ seed: 61, latencyMs: 300 });
    cleanups.push(() => sandbox.close());
    const env = { ...process.env, ...sandboxKeys(sandbox) };
    let station: ReturnType<typeof spawn> | undefined;
    const sent: string[] = [];
    const base = await serviceWithTripwire(sandbox.baseUrl, (id) => {
      sent.push(id);
      station?.kill('SIGKILL');
    });
    const cli = (args: readonly string[]) => {
      const child = spawn(process.execPath, ['dist/electron/cli.cjs', ...args, '--data-dir', temp.dir, '--base-url', base, '--legacy-base-url', sandbox.legacyBaseUrl], { cwd: root, env });
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string; err: string }>((resolve) =>
        child.on('exit', (code, signal) => resolve({ code, signal, out, err })),
      );
      return { child, done };
    };
    fs.writeFileSync(path.join(temp.dir, 'orders.csv'), 'order_number,recipient_name,street,city,state,zip_code,country,weight_oz\nP-1,Ann Lee,1457 Sunset Boulevard,Los Angeles,CA,90026,US,12\n');
    fs.writeFileSync(path.join(temp.dir, 'from.json'), JSON.stringify({ name: 'Shipping Desk', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip: '90021' }));
    const imported = await cli(['orders', 'import', path.join(temp.dir, 'orders.csv')]).done;
    expect(imported.code, imported.err).toBe(0);

    const buying = cli(['buy', '--order', 'P-1', '--no-print', '--ship-from', path.join(temp.dir, 'from.json')]);
    station = buying.child;
    const killed = await buying.done;
    expect(killed.signal).toBe('SIGKILL');
    expect(sent).toHaveLength(1);

    // Reopened from the file alone: the row is there, pending, under the id that went out.
    const db = new Database(path.join(temp.dir, 'station.sqlite'), { readonly: true });
    const rows = db.prepare("SELECT platform_uk_id, state FROM shipments WHERE order_number = 'P-1'").all();
    db.close();
    expect(rows).toEqual([{ platform_uk_id: sent[0], state: 'pending' }]);

    station = undefined;
    const finished = await cli(['buy', '--order', 'P-1', '--no-print', '--ship-from', path.join(temp.dir, 'from.json')]).done;
    expect(finished.code, finished.err).toBe(0);
    expect(JSON.parse(finished.out)).toMatchObject({ platform_uk_id: sent[0] });
    expect(new Set(sent)).toEqual(new Set([sent[0]]));
    expect(sandbox.stats().labelsSold).toBe(1);
  }, 90_000);
});
