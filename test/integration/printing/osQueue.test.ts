import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StationFailure } from '../../../shared/contract/errors';
import type { PrinterProfile } from '../../../shared/contract/printing';
import { createMemoryLogger } from '../../../electron/log/logger';
import { createPrintingModule } from '../../../electron/printing/module';
import { createCupsQueues } from '../../../electron/printing/osqueue/cups';
import { runCli } from '../../../electron/cli/main';
import { createPrintCommand } from '../../../electron/cli/print';
import { createPrintersCommand } from '../../../electron/cli/printers';
import { createJobStore } from '../../../electron/printing/queue/jobStore';
import { openDatabase } from '../../../electron/store/database';
import type { StationContext } from '../../../electron/core/module';
import { labelLikeRaster, rasterToOneBitRows, writePng } from '../../unit/printing/fixtures';
import { listenRawPort, startTestCups, type RawPort, type TestCups } from '../../support/cups';

const label = labelLikeRaster(812, 1218);
const png = writePng({ width: 812, height: 1218, bitDepth: 1, colorType: 0, rows: rasterToOneBitRows(label) });

let cups: TestCups;
beforeAll(async () => {
  cups = await startTestCups();
}, 30_000);
afterAll(async () => {
  await cups?.stop();
});

const server = () => ({ kind: 'tcp' as const, host: '127.0.0.1', port: cups.port });

function station(dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'osqueue-')), heldRetryMs?: number) {
  const db = openDatabase({ file: path.join(dataDir, 'station.sqlite') });
  const ctx: StationContext = { dataDir, db, emit: () => undefined, log: createMemoryLogger(), now: () => new Date() };
  const module = createPrintingModule(ctx, { usb: null, retryDelayMs: 20, osQueues: createCupsQueues({ server }), ...(heldRetryMs === undefined ? {} : { heldRetryMs }) });
  return {
    module,
    db,
    async close() {
      await module.close?.();
      db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function queueProfile(id: string, queue: string, language: PrinterProfile['language']): PrinterProfile {
  return { id, name: queue, transport: { kind: 'queue', name: queue }, language, dpi: 203, media: '4x6', darkness: null, offsetX: 0, offsetY: 0 };
}

async function withPort<T>(use: (port: RawPort) => Promise<T>): Promise<T> {
  const port = await listenRawPort();
  try {
    return await use(port);
  } finally {
    await port.close();
  }
}

describe('OS print queue through a real CUPS', () => {
  it('lists installed queues with names and states, and suggests each one\'s language from its driver name', async () => {
    await withPort(async (port) => {
      cups.addRawQueue('ZD420', 'ZDesigner ZD420-203dpi ZPL', port.device);
      cups.addRawQueue('LP2844', 'ZDesigner LP 2844', port.device);
      cups.addRawQueue('Rollo', 'Rollo Printer X1040', port.device);
      cups.addRawQueue('LabelWriter', 'DYMO LabelWriter 4XL', port.device);
      cups.addRawQueue('Paused_Zebra', 'Zebra GK420d 300 dpi', port.device);
      cups.admin('cupsdisable', 'Paused_Zebra');
      const s = station();
      try {
        const printers = await s.module.handlers['printers.list']({});
        const queue = (name: string) => printers.find((p) => p.kind === 'queue' && p.name === name);
        expect(queue('ZD420')).toMatchObject({ id: 'queue:ZD420', connected: true, profile: null, suggestion: { language: 'zpl', dpi: 203 }, osQueue: { state: 'idle', rawCapable: true } });
        expect(queue('LP2844')?.suggestion).toMatchObject({ language: 'epl' });
        expect(queue('Rollo')).toMatchObject({ suggestion: { language: 'tspl' }, message: expect.stringMatching(/also takes ZPL/) });
        expect(queue('LabelWriter')).toMatchObject({ suggestion: null, osQueue: { rawCapable: false }, message: expect.stringMatching(/DYMO LabelWriter .* cannot print to them raw/) });
        expect(queue('Paused_Zebra')).toMatchObject({ suggestion: { language: 'zpl', dpi: 300 }, osQueue: { state: 'stopped' }, message: expect.stringMatching(/^Stopped in the OS/) });
        // A queue not set up yet offers a profile that prints to it.
        await expect(s.module.handlers['printers.profile.get']({ printerId: 'queue:LP2844' })).resolves.toMatchObject({ transport: { kind: 'queue', name: 'LP2844' }, language: 'epl' });
      } finally {
        await s.close();
      }
    });
  });

  it('a label printed on a queue reaches the printer\'s port as exactly the bytes of the station\'s job', async () => {
    await withPort(async (port) => {
      cups.addRawQueue('Bench_Zebra', 'ZDesigner GX420d', port.device);
      const s = station();
      try {
        for (const language of ['zpl', 'tspl'] as const) {
          await s.module.handlers['printers.profile.set']({ profile: queueProfile(`queue:Bench_Zebra`, 'Bench_Zebra', language), makeDefault: true });
          const { jobId } = await s.module.service.enqueue({ png, title: `Order 1001 (${language})` });
          const job = await s.module.service.waitForJob(jobId, { timeoutMs: 15_000 });
          expect(job).toMatchObject({ status: 'done', printerId: 'queue:Bench_Zebra' });
          const arrived = await port.nextJob();
          const sent = createJobStore(s.db, () => new Date()).sentBytes(jobId);
          expect(sent?.language).toBe(language);
          expect(arrived.length).toBe(job.bytesTotal);
          expect(arrived.equals(Buffer.from(sent?.bytes ?? []))).toBe(true);
        }
      } finally {
        await s.close();
      }
    });
  });

  it('a label for a stopped queue is held in the station, not handed to CUPS, and goes once when the queue is resumed', async () => {
    await withPort(async (port) => {
      cups.addRawQueue('Stopped_Zebra', 'ZDesigner ZD421', port.device);
      cups.admin('cupsdisable', 'Stopped_Zebra');
      const s = station(undefined, 50);
      try {
        await s.module.handlers['printers.profile.set']({ profile: queueProfile('queue:Stopped_Zebra', 'Stopped_Zebra', 'zpl'), makeDefault: true });
        const { jobId } = await s.module.service.enqueue({ png, title: 'Order 1004' });
        await expect.poll(async () => (await s.module.handlers['printJobs.get']({ jobId })).error).toMatch(/^Held: Stopped_Zebra is stopped in CUPS.*\. The label goes to it once it is ready; nothing was sent yet\.$/);
        expect((await s.module.handlers['printJobs.get']({ jobId })).status).toBe('queued');
        expect(cups.admin('lpstat', '-o', 'Stopped_Zebra').trim()).toBe('');
        cups.admin('cupsenable', 'Stopped_Zebra');
        expect(await s.module.service.waitForJob(jobId, { timeoutMs: 15_000 })).toMatchObject({ status: 'done', error: null });
        const arrived = await port.nextJob();
        expect(arrived.equals(Buffer.from(createJobStore(s.db, () => new Date()).sentBytes(jobId)?.bytes ?? []))).toBe(true);
        expect(port.received).toHaveLength(1);
      } finally {
        await s.close();
      }
    });
  });

  it('a job already waiting in CUPS is not sent a second time by a retry', async () => {
    await withPort(async (port) => {
      cups.addRawQueue('Held_Zebra', 'ZDesigner ZD620', port.device);
      cups.admin('cupsdisable', 'Held_Zebra');
      const queues = createCupsQueues({ server, confirmMs: 300, pollMs: 50 });
      const bytes = Buffer.from('^XA^FO20,20^A0N,40,40^FDretry once^FS^XZ');
      // A stopped printer: CUPS keeps the job, and the station says it has not printed yet.
      const held = { printed: false, unconfirmed: expect.stringMatching(/^CUPS holds the label for "Held_Zebra" \(waiting its turn[^)]*\) and has not printed it yet; it prints when the printer is ready$/) };
      await expect(queues.printRaw('Held_Zebra', bytes, { id: 'job-1', title: 'Order 1002' })).resolves.toEqual(held);
      await expect(queues.printRaw('Held_Zebra', bytes, { id: 'job-1', title: 'Order 1002' })).resolves.toEqual(held);
      expect(cups.admin('lpstat', '-o', 'Held_Zebra').trim().split('\n')).toHaveLength(1);
      cups.admin('cupsenable', 'Held_Zebra');
      expect((await port.nextJob()).equals(bytes)).toBe(true);
      // Another job (a reprint has its own id) does print again.
      await expect(queues.printRaw('Held_Zebra', bytes, { id: 'job-2', title: 'Order 1002 again' })).resolves.toEqual({ printed: true });
      expect((await port.nextJob()).equals(bytes)).toBe(true);
    });
  });

  it('a job cancelled in CUPS before it printed fails in words, with every byte counted as gone to the spooler', async () => {
    await withPort(async (port) => {
      cups.addRawQueue('Cancel_Zebra', 'ZDesigner ZD421', port.device);
      cups.admin('cupsdisable', 'Cancel_Zebra');
      const queues = createCupsQueues({ server, pollMs: 50 });
      const bytes = Buffer.from('^XA^FO20,20^A0N,40,40^FDcancelled^FS^XZ');
      let spooled!: () => void;
      const inSpooler = new Promise<void>((resolve) => (spooled = resolve));
      const printing = queues.printRaw('Cancel_Zebra', bytes, { id: 'job-c', title: 'Order 1003' }, spooled).then(
        () => null,
        (error: unknown) => error,
      );
      await inSpooler;
      cups.admin('cancel', '-a', 'Cancel_Zebra');
      const error = await printing;
      expect(error).toBeInstanceOf(StationFailure);
      expect((error as StationFailure).message).toMatch(/^The label's job was cancelled in CUPS before it printed on "Cancel_Zebra"/);
      expect((error as { bytesSent?: number }).bytesSent).toBe(bytes.length);
      expect(port.received).toHaveLength(0);
    });
  });

  it('says in words when a queue is gone, refuses jobs, or CUPS is not answering', async () => {
    await withPort(async (port) => {
      cups.addRawQueue('Rejecting', 'ZDesigner ZT410', port.device);
      cups.admin('cupsreject', 'Rejecting');
      const queues = createCupsQueues({ server });
      const bytes = Buffer.from('^XA^XZ');
      const failure = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => (error instanceof StationFailure ? { ...error.error, sent: (error as { bytesSent?: number }).bytesSent } : error));
      await expect(failure(queues.printRaw('Rejecting', bytes, { id: 'a', title: 't' }))).resolves.toMatchObject({ message: expect.stringMatching(/"Rejecting" is not accepting jobs in CUPS/), retryable: true, sent: 0 });
      await expect(failure(queues.printRaw('No_Such', bytes, { id: 'b', title: 't' }))).resolves.toMatchObject({ message: expect.stringMatching(/no printer "No_Such" in CUPS/), retryable: false, sent: 0 });
      const down = createCupsQueues({ server: () => ({ kind: 'tcp', host: '127.0.0.1', port: 1 }) });
      await expect(failure(down.printRaw('Rejecting', bytes, { id: 'c', title: 't' }))).resolves.toMatchObject({ message: expect.stringMatching(/^CUPS at 127\.0\.0\.1:1 is not answering/), retryable: true, sent: 0 });
      await expect(down.list()).rejects.toThrow(/^CUPS at 127\.0\.0\.1:1 is not answering/);
      expect(port.received).toHaveLength(0);
    });
  });
});

describe('printers and print commands with an installed printer (CUPS_SERVER)', () => {
  function io() {
    const out: string[] = [];
    const err: string[] = [];
    return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
  }
  const saved = process.env.CUPS_SERVER;
  beforeAll(() => {
    // The commands find CUPS exactly as on a bench: through CUPS_SERVER, with no spooler handed in.
    process.env.CUPS_SERVER = cups.server;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.CUPS_SERVER;
    else process.env.CUPS_SERVER = saved;
  });

  it('lists the queue, sets it up as the default and prints a label PNG on it', async () => {
    await withPort(async (port) => {
      cups.addRawQueue('Shipping_Zebra', 'ZDesigner ZD421-203dpi ZPL', port.device);
      const data = fs.mkdtempSync(path.join(os.tmpdir(), 'osqueue-cli-'));
      const input = path.join(data, 'label.png');
      fs.writeFileSync(input, png);
      const commands = [createPrintersCommand({ usb: null }), createPrintCommand({ usb: null })];
      try {
        const listed = io();
        expect(await runCli(['printers', '--json', '--data-dir', data], listed.io, commands)).toBe(0);
        const printers = (JSON.parse(listed.out[0] ?? '{}') as { printers: Array<{ kind: string; name: string }> }).printers;
        expect(printers).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'virtual' }), expect.objectContaining({ kind: 'queue', name: 'Shipping_Zebra' })]));

        const unknown = io();
        expect(await runCli(['printers', 'add', '--queue', 'Nope', '--lang', 'zpl', '--data-dir', data], unknown.io, commands)).toBe(1);
        expect(unknown.err.join('\n')).toMatch(/There is no printer "Nope" installed in the OS\. Installed: .*"Shipping_Zebra"/);

        const added = io();
        expect(await runCli(['printers', 'add', '--queue', 'Shipping_Zebra', '--lang', 'epl', '--dpi', '203', '--default', '--json', '--data-dir', data], added.io, commands)).toBe(0);
        expect(JSON.parse(added.out[0] ?? '{}')).toMatchObject({ id: 'queue:Shipping_Zebra', transport: { kind: 'queue', name: 'Shipping_Zebra' }, language: 'epl', dpi: 203 });

        const printed = io();
        expect(await runCli(['print', '--in', input, '--json', '--data-dir', data], printed.io, commands)).toBe(0);
        const job = JSON.parse(printed.out[0] ?? '{}') as { id: string; status: string; printerId: string };
        expect(job).toMatchObject({ status: 'done', printerId: 'queue:Shipping_Zebra' });
        const arrived = await port.nextJob();
        const db = openDatabase({ file: path.join(data, 'station.sqlite') });
        try {
          const sent = createJobStore(db, () => new Date()).sentBytes(job.id);
          expect(sent?.language).toBe('epl');
          expect(arrived.equals(Buffer.from(sent?.bytes ?? []))).toBe(true);
        } finally {
          db.close();
        }
      } finally {
        fs.rmSync(data, { recursive: true, force: true });
      }
    });
  });

  it('refuses to set up a printer that cannot take a label language, in words', async () => {
    await withPort(async (port) => {
      cups.addRawQueue('Dymo_4XL', 'DYMO LabelWriter 4XL', port.device);
      const data = fs.mkdtempSync(path.join(os.tmpdir(), 'osqueue-cli-'));
      try {
        const run = io();
        expect(await runCli(['printers', 'add', '--queue', 'Dymo_4XL', '--data-dir', data], run.io, [createPrintersCommand({ usb: null })])).toBe(1);
        expect(run.err.join('\n')).toMatch(/^Error: DYMO LabelWriter printers take only their own raster format/);
      } finally {
        fs.rmSync(data, { recursive: true, force: true });
      }
    });
  });
});
