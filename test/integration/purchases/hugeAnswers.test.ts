import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox';
import { openDatabase } from '../../../electron/store/database';
import { repoRoot, useBuiltStation } from '../../support/builtStation';
import { sandboxKeys } from '../../support/keyVariables';
import { makeTempDir } from '../../support/tempDir';

/**
 * A purchase answered with hundreds of megabytes (the audit saw 868 MB of
 * RSS for 100 MB and 1.36 GB for 600 MB): the real station, as its own
 * process, buys through a door that lets the sandbox make the sale and then
 * pads its answer. The process's peak RSS comes from the kernel's own count
 * (process.resourceUsage at exit, written by a preloaded script).
 */
const cleanups = useBuiltStation();
const MB = 1024 * 1024;
const purchasePath = /\/api\/shipment\/(create_and_pay|direct_buy)/;

/** The sandbox behind a door that answers each purchase with the sale's own answer preceded by `padBytes` of padding. */
async function paddingDoor(sandbox: RunningSandbox, padBytes: number): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([key]) => key !== 'host' && key !== 'content-length')) as Record<string, string>;
      void fetch(new URL(request.url ?? '/', sandbox.baseUrl), { method: request.method ?? 'GET', headers, ...(body.length > 0 ? { body } : {}) })
        .then(async (answer) => {
          const text = await answer.text();
          response.writeHead(answer.status, { 'content-type': 'application/json' });
          if (!purchasePath.test(request.url ?? '') || !text.startsWith('{')) {
            response.end(text);
            return;
          }
          response.on('error', () => undefined);
          response.write('{"padding":"');
          const chunk = Buffer.alloc(MB, 'x');
          let left = padBytes;
          const pump = (): void => {
            while (left > 0 && !response.destroyed) {
              left -= chunk.length;
              if (!response.write(chunk)) {
                response.once('drain', pump);
                return;
              }
            }
            response.end(`",${text.slice(1)}`);
          };
          pump();
        })
        .catch(() => response.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Run {
  readonly code: number | null;
  readonly out: string;
  readonly err: string;
  readonly peakRssMb: number;
}

describe('a purchase answered with hundreds of megabytes', () => {
  for (const padMb of [100, 600]) {
    it(`${padMb} MB: one sale, peak RSS under 400 MB, the package kept as bought in words, and the database stays small`, async () => {
      const temp = makeTempDir();
      cleanups.push(temp.cleanup);
      const sandbox = await startSandbox({ seed: 71 });
      cleanups.push(() => sandbox.close());
      const door = await paddingDoor(sandbox, padMb * MB);
      cleanups.push(() => door.close());
      const rssFile = path.join(temp.dir, 'peak-rss');
      const preload = path.join(temp.dir, 'peak-rss.cjs');
      fs.writeFileSync(preload, `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(rssFile)}, String(process.resourceUsage().maxRSS)));\n`);
      const dataDir = path.join(temp.dir, 'data');
      const run = (args: readonly string[]): Promise<Run> =>
        new Promise((resolve) => {
          const child = spawn(process.execPath, ['-r', preload, 'dist/electron/cli.cjs', ...args, '--data-dir', dataDir, '--base-url', door.url, '--legacy-base-url', sandbox.legacyBaseUrl], {
            cwd: repoRoot,
            env: { ...process.env, ...sandboxKeys(sandbox) },
          });
          let out = '';
          let err = '';
          child.stdout.on('data', (d: Buffer) => (out += d.toString()));
          child.stderr.on('data', (d: Buffer) => (err += d.toString()));
          child.on('exit', (code) => resolve({ code, out, err, peakRssMb: Number(fs.readFileSync(rssFile, 'utf8')) / 1024 }));
        });
      const csv = path.join(temp.dir, 'orders.csv');
      fs.writeFileSync(csv, 'order_number,recipient_name,street,city,state,zip_code,country,weight_oz\nHUGE-1,Ann Lee,1457 Sunset Boulevard,Los Angeles,CA,90026,US,12\n');
      const imported = await run(['orders', 'import', csv]);
      expect(imported.code, imported.err).toBe(0);
      const from = path.join(temp.dir, 'from.json');
      fs.writeFileSync(from, JSON.stringify({ name: 'Shipping Desk', phone: '2135550147', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip: '90021' }));

      const bought = await run(['buy', '--order', 'HUGE-1', '--no-print', '--json', '--ship-from', from]);
      expect(bought.peakRssMb).toBeLessThan(400);
      expect(sandbox.stats().labelsSold).toBe(1);
      expect(`${bought.out}${bought.err}`).not.toMatch(/internal|Something went wrong/i);

      const db = openDatabase({ file: path.join(dataDir, 'station.sqlite') });
      const rows = db.prepare("SELECT state, error, unreadable_answer FROM shipments WHERE order_number = 'HUGE-1'").all() as Array<{ state: string; error: string | null; unreadable_answer: string | null }>;
      db.close();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.state).toBe('bought');
      expect(rows[0]?.error).toMatch(/bought/i);
      const kept = JSON.parse(rows[0]?.unreadable_answer ?? '{}') as { details: string };
      expect(kept.details).toMatch(/answer over 16\.0 MB, not read past 16\.0 MB/);
      expect((rows[0]?.unreadable_answer ?? '').length).toBeLessThan(100 * 1024);
      expect(fs.statSync(path.join(dataDir, 'station.sqlite')).size).toBeLessThan(8 * MB);

      // Buying again never buys a second label for the package.
      const again = await run(['buy', '--order', 'HUGE-1', '--no-print', '--json', '--ship-from', from]);
      expect(`${again.out}${again.err}`).not.toMatch(/internal|Something went wrong/i);
      expect(sandbox.stats().labelsSold).toBe(1);
    }, 120_000);
  }
});
