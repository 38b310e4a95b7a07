import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../electron/cli/main';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox';

/**
 * The real sandbox behind a proxy that rewrites its purchase answers the way
 * a hostile or broken service could: the CLI must neither write outside its
 * data folder nor store bytes that are not a PNG.
 */
type Rewrite = (shipment: Record<string, unknown>) => void;

function startRewritingProxy(target: string, rewrite: () => Rewrite | null): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = { ...request.headers };
      delete headers.host;
      delete headers['content-length'];
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      fetch(`${target}${request.url ?? '/'}`, { method: request.method ?? 'GET', headers: headers as Record<string, string>, ...(body ? { body } : {}) }).then(
        async (answer) => {
          let text = Buffer.from(await answer.arrayBuffer());
          const change = /create_and_pay|direct_buy/.test(request.url ?? '') ? rewrite() : null;
          if (change) {
            const envelope = JSON.parse(text.toString()) as { data?: Record<string, unknown> };
            if (envelope.data) change(envelope.data);
            text = Buffer.from(JSON.stringify(envelope));
          }
          response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(text);
        },
        () => response.destroy(),
      );
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}

const csv = [
  'order_number,recipient_name,company,street,street2,city,state,zip_code,country,phone,email,weight_oz,length_in,width_in,height_in',
  'X-1,Ann Lee,,1457 Sunset Boulevard,Apt 3,Los Angeles,CA,90026,US,,,12,10,8,4',
  'X-2,Bo Ray,,500 Pine Street,Suite 1200,Seattle,WA,98101,US,,,30,12,10,6',
].join('\n');

async function cli(args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

describe('the CLI against a service whose purchase answers are hostile', () => {
  let sandbox: RunningSandbox;
  let proxy: { url: string; close: () => Promise<void> };
  let rewrite: Rewrite | null = null;
  let dir: string;
  const saved: Record<string, string | undefined> = {};
  const envKeys = ['PARCEL_STATION_APP_KEY', 'PARCEL_STATION_APP_SECRET', 'PARCEL_STATION_API_TOKEN'] as const;

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 43 });
    proxy = await startRewritingProxy(sandbox.baseUrl, () => rewrite);
    const values = [sandbox.credentials.appKey, sandbox.credentials.appSecret, sandbox.credentials.apiToken];
    envKeys.forEach((key, i) => {
      saved[key] = process.env[key];
      process.env[key] = values[i];
    });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ps-hostile-'));
    fs.writeFileSync(path.join(dir, 'orders.csv'), csv);
    fs.writeFileSync(path.join(dir, 'from.json'), JSON.stringify({ name: 'Shipping Desk', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip: '90021' }));
  });
  afterAll(async () => {
    for (const key of envKeys) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
    await proxy.close();
    await sandbox.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const at = () => ['--data-dir', path.join(dir, 'data'), '--base-url', proxy.url, '--legacy-base-url', sandbox.legacyBaseUrl, '--ship-from', path.join(dir, 'from.json'), '--no-print'];

  it('never turns a tracking number into a path outside the data folder', async () => {
    expect((await cli(['orders', 'import', path.join(dir, 'orders.csv'), '--data-dir', path.join(dir, 'data')])).code).toBe(0);
    rewrite = (shipment) => {
      shipment.tracking_no = '../../escaped';
    };
    const bought = await cli(['buy', '--order', 'X-1', ...at()]);
    expect(bought.code, bought.err.join('\n')).toBe(0);
    const answer = JSON.parse(bought.out[0] as string) as { label_file: string; platform_uk_id: string };
    expect(fs.existsSync(path.join(dir, 'escaped.png'))).toBe(false);
    expect(fs.readdirSync(dir).filter((name) => name.endsWith('.png'))).toEqual([]);
    expect(answer.label_file).toBe(path.join(dir, 'data', 'labels', `${answer.platform_uk_id}.png`));
    expect(fs.readFileSync(answer.label_file).subarray(1, 4).toString()).toBe('PNG');
    expect(bought.err.join('\n')).toMatch(/not a plain file name/);
  }, 60_000);

  it('writes no label file and says so in words when the label bytes are not a PNG', async () => {
    rewrite = (shipment) => {
      shipment.label_data = [Buffer.from('<html>Service error</html>').toString('base64')];
      shipment.label_urls = [];
    };
    const bought = await cli(['buy', '--order', 'X-2', ...at()]);
    expect(bought.code, bought.err.join('\n')).toBe(0);
    const answer = JSON.parse(bought.out[0] as string) as { label_file: string | null; tracking_no: string };
    expect(answer.label_file).toBeNull();
    expect(bought.err.join('\n')).toMatch(/not a readable PNG/);
    expect(fs.readdirSync(path.join(dir, 'data', 'labels'))).not.toContain(`${answer.tracking_no}.png`);
    rewrite = null;
    const history = await cli(['history', '--json', 'X-2', '--data-dir', path.join(dir, 'data')]);
    const rows = JSON.parse(history.out[0] as string) as Array<{ state: string; labelCount: number; error: string | null }>;
    expect(rows[0]).toMatchObject({ state: 'bought', labelCount: 0 });
    expect(rows[0]?.error).toMatch(/not a readable PNG/);
  }, 60_000);
});
