import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PrintJobView } from '../../../shared/contract/printing';
import { readEndpoint } from '../../../electron/station/endpoint';
import { tradeCode } from '../../support/browserSession';
import { makeTempDir } from '../../support/tempDir';
import { useBuiltStation } from '../../support/builtStation';
import { browserStation as openBrowserStation, runCliProcess } from '../../support/cliProcess';

/**
 * One station per data folder, with real processes on a real SQLite file:
 * every front end either owns the folder (the OS lock) or goes through the
 * station that does.
 */
const cleanups = useBuiltStation();
const run = runCliProcess;
const browserStation = (dataDir: string) => openBrowserStation(dataDir, cleanups);

describe('one station per data folder', () => {
  it('a second `browser` on the folder never opens it: it prints a fresh address of the running station', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    const first = await browserStation(temp.dir);

    const second = run(['browser', '--no-open', '--data-dir', temp.dir]);
    expect(await second.exited).toBe(0);
    const { url, running } = JSON.parse(second.out().trim()) as { url: string; running: boolean };
    // A fresh one-time address from the running station (the first one's may be used already), good once.
    expect(running).toBe(true);
    expect(new URL(url).origin).toBe(new URL(first.url).origin);
    expect(url).not.toBe(first.url);
    await expect(tradeCode(url)).resolves.toMatch(/^parcel_station_\d+=/);
    await expect(tradeCode(url)).rejects.toThrow('403');

    // The first station still owns the folder and answers.
    const info = await first.remote.call('station.info', {});
    expect(info).toMatchObject({ ok: true, value: { dataDir: temp.dir } });
    expect(await first.stop()).toBe(0);
    expect(readEndpoint(temp.dir)).toBeNull();
  }, 60_000);

  it('a CLI `printers` on a folder a station holds lists that station\'s printers through it, and the station keeps the folder', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    const { remote } = await browserStation(temp.dir);
    const set = await remote.call('printers.profile.set', {
      profile: { id: 'net', name: 'Bench printer', transport: { kind: 'tcp', host: '127.0.0.1', port: 9100 }, language: 'zpl', dpi: 203, media: '4x6' },
      makeDefault: false,
    });
    expect(set.ok, JSON.stringify(set)).toBe(true);

    const listed = run(['printers', '--json', '--data-dir', temp.dir]);
    expect(await listed.exited, listed.err()).toBe(0);
    const { printers } = JSON.parse(listed.out()) as { printers: Array<{ id: string; name: string }> };
    expect(printers).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'net', name: 'Bench printer' })]));
    expect(await remote.call('station.info', {})).toMatchObject({ ok: true, value: { dataDir: temp.dir } });
  }, 60_000);

  it('two CLI `buy`s of one order with no station running: one opens the folder, the other goes through it; one label, and the second says so', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    const csv = path.join(temp.dir, 'orders.csv');
    fs.writeFileSync(csv, 'order_number,recipient_name,street,city,state,zip_code,country,weight_oz\nN-1,Ann Lee,1457 Sunset Boulevard,Los Angeles,CA,90026,US,12\n');
    const imported = run(['orders', 'import', csv, '--data-dir', temp.dir]);
    expect(await imported.exited, imported.err()).toBe(0);

    const buys = [0, 1].map(() => run(['buy', '--order', 'N-1', '--no-print', '--json', '--data-dir', temp.dir]));
    const codes = await Promise.all(buys.map((b) => b.exited));
    expect(codes, buys.map((b) => b.err()).join('\n')).toEqual([0, 0]);
    const answers = buys.map((b) => JSON.parse(b.out()) as { platform_uk_id: string; tracking_no: string; duplicate_label: boolean });
    expect(answers[0]?.tracking_no).toBe(answers[1]?.tracking_no);
    expect(answers.map((a) => a.duplicate_label).sort()).toEqual([false, true]);
    const second = buys[answers.findIndex((a) => a.duplicate_label)];
    expect(second?.err()).toMatch(new RegExp(`Order N-1 was already bought \\(tracking ${answers[0]?.tracking_no}\\): this is that label, and nothing more was charged\\.`));

    const history = run(['history', '--json', '--data-dir', temp.dir]);
    expect(await history.exited, history.err()).toBe(0);
    const shipments = (JSON.parse(history.out()) as Array<{ orderNumber: string; state: string }>).filter((s) => s.orderNumber === 'N-1');
    expect(shipments.map((s) => s.state)).toEqual(['bought']);
  }, 90_000);

  it('a CLI `history` during a running print job goes through the station and never fails the job', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    // A network printer whose connection hangs until the test lets it go: a listener in a stopped process with its
    // accept queue full, so the kernel drops the station's connection attempt and the job stays in 'sending'.
    const printerProcess = spawn(
      process.execPath,
      ['-e', "const s = require('net').createServer((c) => { c.resume(); c.on('end', () => c.end()); }); s.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => console.log(s.address().port));"],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    cleanups.push(() => {
      printerProcess.kill('SIGCONT');
      printerProcess.kill('SIGKILL');
    });
    const port = Number(await new Promise<string>((resolve) => printerProcess.stdout?.once('data', (d: Buffer) => resolve(d.toString()))));
    printerProcess.kill('SIGSTOP');
    const fillers = [0, 1, 2].map(() => net.createConnection({ port, host: '127.0.0.1' }).on('error', () => undefined));
    cleanups.push(() => fillers.forEach((socket) => socket.destroy()));

    const { remote } = await browserStation(temp.dir);
    const set = await remote.call('printers.profile.set', {
      profile: { id: 'net', name: 'Bench printer', transport: { kind: 'tcp', host: '127.0.0.1', port }, language: 'zpl', dpi: 203, media: '4x6' },
      makeDefault: true,
    });
    expect(set.ok, JSON.stringify(set)).toBe(true);
    const jobs = new Map<string, PrintJobView>();
    const sending = new Promise<PrintJobView>((resolve) =>
      remote.onEvent((name, payload) => {
        if (name !== 'print.job') return;
        const job = payload as PrintJobView;
        jobs.set(job.id, job);
        if (job.status === 'sending') resolve(job);
      }),
    );
    const test = await remote.call('printers.testPrint', { printerId: 'net' });
    expect(test.ok, JSON.stringify(test)).toBe(true);
    const job = await sending;

    const history = run(['history', '--json', '--data-dir', temp.dir]);
    expect(await history.exited, history.err()).toBe(0);
    expect(JSON.parse(history.out())).toEqual([]);
    const during = await remote.call('printJobs.list', {});
    expect(during).toMatchObject({ ok: true, value: [{ id: job.id, status: 'sending' }] });

    // A raw network printer takes the whole job without a word on printing it: the job ends as sent.
    const sent = new Promise<void>((resolve) =>
      remote.onEvent((name, payload) => {
        if (name === 'print.job' && (payload as PrintJobView).id === job.id && (payload as PrintJobView).status === 'sent') resolve();
      }),
    );
    printerProcess.kill('SIGCONT');
    await sent;
    expect(jobs.get(job.id)?.status).toBe('sent');
  }, 60_000);
});
