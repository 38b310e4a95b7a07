import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventName, EventPayload } from '../../../shared/contract';
import { StationFailure } from '../../../shared/contract/errors';
import { defaultVirtualProfile, type PrinterProfile } from '../../../shared/contract/printing';
import { createMemoryLogger } from '../../../electron/log/logger';
import { decodeZpl } from '../../../electron/printing/lang/zpl';
import { createPrintingModule } from '../../../electron/printing/module';
import { decodeLabelPng } from '../../../electron/printing/raster/decode';
import { rastersEqual } from '../../../electron/printing/raster/raster';
import { turnRaster } from '../../../electron/printing/raster/turn';
import { openDatabase } from '../../../electron/store/database';
import type { StationContext } from '../../../electron/core/module';
import { labelLikeRaster, randomRaster, rasterToOneBitRows, writePng } from '../../unit/printing/fixtures';
import { fakeBus, fakePrinter } from '../../unit/printing/usbFake';
import { READY, fakeZebraPrinter, hostStatusAnswer, type ZebraState } from '../../support/zebraPrinter';

const label = labelLikeRaster(812, 1218);
const png = writePng({ width: 812, height: 1218, bitDepth: 1, colorType: 0, rows: rasterToOneBitRows(label) });

const usbProfile: PrinterProfile = {
  id: 'zebra',
  name: 'Bench Zebra',
  transport: { kind: 'usb', vendorId: 0x0a5f, productId: 0x0120, serialNumber: null },
  language: 'zpl',
  dpi: 203,
  media: '4x6',
  darkness: null,
  offsetX: 0,
  offsetY: 0,
};

const closers: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

function setup(options: Parameters<typeof createPrintingModule>[1] = {}, dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'printing-'))) {
  const db = openDatabase({ file: path.join(dataDir, 'station.sqlite') });
  const events: Array<{ name: EventName; payload: unknown }> = [];
  const ctx: StationContext = {
    dataDir,
    db,
    emit: <E extends EventName>(name: E, payload: EventPayload<E>) => void events.push({ name, payload }),
    log: createMemoryLogger(),
    now: () => new Date(),
  };
  const module = createPrintingModule(ctx, { usb: null, osQueues: null, retryDelayMs: 20, ...options });
  closers.push(
    () => {
      db.close();
    },
    () => module.close?.(),
  );
  return { module, db, events, dataDir };
}

describe('printing module', () => {
  it('prints to the default virtual printer and previews what the printer got', async () => {
    const { module, dataDir, events } = setup();
    await module.start?.();
    const { jobId } = await module.service.enqueue({ png, title: 'USPS 9400', reference: 'SN-1' });
    const job = await module.service.waitForJob(jobId);
    expect(job).toMatchObject({ status: 'done', attempts: 1, reference: 'SN-1', printerId: 'virtual', error: null });
    const files = fs.readdirSync(path.join(dataDir, 'virtual-printer'));
    const zplFile = files.find((f) => f.endsWith('.zpl'))!;
    expect(rastersEqual(decodeZpl(fs.readFileSync(path.join(dataDir, 'virtual-printer', zplFile))), label)).toBe(true);
    const preview = await module.handlers['printJobs.preview']({ jobId });
    const decoded = decodeLabelPng(Buffer.from(preview.pngBase64, 'base64'));
    expect(decoded.kind === 'bits' && rastersEqual(decoded.raster, label)).toBe(true);
    expect(events.filter((e) => e.name === 'print.job').map((e) => (e.payload as { status: string }).status)).toEqual(['queued', 'sending', 'sending', 'done']);
    expect(events.some((e) => e.name === 'station.changed')).toBe(true);
  });

  it('carries the fit warnings of a letter page shrunk onto 4x6 to the print job, and none for a 4x6 label', async () => {
    const { module } = setup();
    await module.start?.();
    const page = labelLikeRaster(1100, 1300);
    const pagePng = writePng({ width: 1100, height: 1300, bitDepth: 1, colorType: 0, rows: rasterToOneBitRows(page) });
    const shrunk = await module.service.waitForJob((await module.service.enqueue({ png: pagePng, title: 'page' })).jobId);
    expect(shrunk.status).toBe('done');
    expect(shrunk.warnings).toEqual([{ kind: 'scaled_down', message: expect.stringMatching(/printed at 74 % of its size/) }]);
    const fitting = await module.service.waitForJob((await module.service.enqueue({ png, title: 'label' })).jobId);
    expect(fitting.warnings).toEqual([]);
    expect((await module.handlers['printJobs.list']({ limit: 10 }))[1]?.warnings.map((w) => w.kind)).toEqual(['scaled_down']);
    expect((await module.handlers['printJobs.get']({ jobId: shrunk.id })).warnings).toEqual(shrunk.warnings);
    await expect(module.handlers['printJobs.get']({ jobId: 'no-such-job' })).rejects.toMatchObject({ error: { code: 'not_found' } });
  });

  it("turns labels as the printer profile's rotation says", async () => {
    const { module, dataDir } = setup();
    await module.start?.();
    await module.handlers['printers.profile.set']({ profile: { ...defaultVirtualProfile, rotation: 'upside-down' }, makeDefault: true });
    const job = await module.service.waitForJob((await module.service.enqueue({ png, title: 'label' })).jobId);
    expect(job.status).toBe('done');
    const folder = path.join(dataDir, 'virtual-printer');
    const zplFile = fs.readdirSync(folder).find((f) => f.endsWith('.zpl'))!;
    expect(rastersEqual(decodeZpl(fs.readFileSync(path.join(folder, zplFile))), turnRaster(label, 2))).toBe(true);
  });

  it('refuses a label that is not a PNG with bad_label, before queueing it', async () => {
    const { module } = setup();
    const error = await module.service.enqueue({ png: Buffer.from('%PDF-1.4 not a png'), title: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StationFailure);
    expect((error as StationFailure).error.code).toBe('bad_label');
    expect(await module.handlers['printJobs.list']({ limit: 10 })).toHaveLength(0);
  });

  it('keeps a job for an unplugged USB printer and prints it once when the printer is attached', async () => {
    const bus = fakeBus([]);
    const { module, events } = setup({ usb: bus });
    await module.start?.();
    await module.handlers['printers.profile.set']({ profile: usbProfile, makeDefault: true });
    const { jobId } = await module.service.enqueue({ png, title: 'label' });
    await new Promise((r) => setTimeout(r, 30));
    expect(module.service.getJob(jobId)).toMatchObject({ status: 'queued', error: 'Waiting for Bench Zebra: it is not connected.' });
    const device = fakePrinter();
    bus.attach(device);
    const job = await module.service.waitForJob(jobId, { timeoutMs: 5000 });
    // A USB label printer takes the bytes without a word on printing them.
    expect(job).toMatchObject({ status: 'sent', error: 'Sent to Bench Zebra; a USB printer takes the bytes without saying whether the label printed, so check that it came out.' });
    expect(Buffer.concat(device.received).toString('latin1')).toMatch(/^\^XA\^PW812\^LL1218/);
    expect(Buffer.concat(device.received).length).toBe(job.bytesTotal);
    expect(events.some((e) => e.name === 'printer.status' && (e.payload as { state: string }).state === 'attached')).toBe(true);
  });

  it('holds a label for a USB Zebra that reports it is paused, sending no byte, and sends it once when it is ready', async () => {
    const device = fakePrinter();
    const state: ZebraState = { ...READY, paused: true };
    device.hostStatus = () => hostStatusAnswer(state);
    const { module, events } = setup({ usb: fakeBus([device]), heldRetryMs: 20 });
    await module.handlers['printers.profile.set']({ profile: usbProfile, makeDefault: true });
    const { jobId } = await module.service.enqueue({ png, title: 'label' });
    await expect.poll(async () => (await module.handlers['printJobs.get']({ jobId })).error).toBe(
      'Held: Bench Zebra reports it is paused. The label goes to it once it is ready; nothing was sent yet.',
    );
    expect(events).toContainEqual({ name: 'printer.status', payload: { printerId: 'zebra', state: 'stopped', message: 'Bench Zebra reports it is paused' } });
    expect(device.received).toHaveLength(0);
    state.paused = false;
    expect(await module.service.waitForJob(jobId, { timeoutMs: 5000 })).toMatchObject({ status: 'sent', attempts: 1 });
    expect(rastersEqual(decodeZpl(Buffer.concat(device.received)), label)).toBe(true);
  });

  it('fails a job cut off mid-way in words instead of printing it twice, and retries on request', async () => {
    const device = fakePrinter();
    device.failAfterChunks = { chunks: 1, error: 'LIBUSB_ERROR_NO_DEVICE' };
    const { module } = setup({ usb: fakeBus([device]) });
    await module.handlers['printers.profile.set']({ profile: usbProfile, makeDefault: true });
    // A noisy label so the ZPL spans several 16 KB chunks.
    const noise = randomRaster(812, 1218, 11);
    const noisy = writePng({ width: 812, height: 1218, bitDepth: 1, colorType: 0, rows: rasterToOneBitRows(noise) });
    const { jobId } = await module.service.enqueue({ png: noisy, title: 'label' });
    const failed = await module.service.waitForJob(jobId, { timeoutMs: 5000 });
    expect(failed.status).toBe('failed');
    expect(failed.bytesSent).toBe(16 * 1024);
    expect(failed.error).toMatch(/unplugged.*not sent again automatically/);
    device.failAfterChunks = null;
    device.received.length = 0;
    await module.handlers['printJobs.retry']({ jobId });
    const done = await module.service.waitForJob(jobId, { timeoutMs: 5000 });
    expect(done).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('recovers after a crash: whole sends are sent (never heard printed), partial ones fail, unsent ones print', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'printing-'));
    const first = setup({ usb: fakeBus([]) }, dataDir);
    await first.module.handlers['printers.profile.set']({ profile: usbProfile, makeDefault: true });
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push((await first.module.service.enqueue({ png, title: `label ${i}` })).jobId);
    await new Promise((r) => setTimeout(r, 30));
    // What a power cut leaves behind.
    first.db.prepare("UPDATE print_jobs SET status = 'sending', bytes_total = 100, bytes_sent = 100 WHERE id = ?").run(ids[0]);
    first.db.prepare("UPDATE print_jobs SET status = 'sending', bytes_total = 100, bytes_sent = 40 WHERE id = ?").run(ids[1]);
    first.db.prepare("UPDATE print_jobs SET status = 'sending', bytes_total = NULL WHERE id = ?").run(ids[2]);
    await first.module.close?.();
    const device = fakePrinter();
    const second = setup({ usb: fakeBus([device]) }, dataDir);
    await second.module.start?.();
    expect(second.module.service.getJob(ids[0]!)).toMatchObject({ status: 'sent', error: expect.stringMatching(/just before the station stopped; check that the label came out/) });
    expect(second.module.service.getJob(ids[1]!)).toMatchObject({ status: 'failed', error: expect.stringMatching(/station stopped/) });
    expect((await second.module.service.waitForJob(ids[2]!, { timeoutMs: 5000 })).status).toBe('sent');
  });

  it('reprints a stored label without the network, and cancels a waiting job', async () => {
    const { module } = setup({ usb: fakeBus([]) });
    const { jobId } = await module.service.enqueue({ png, title: 'label', reference: 'SN-9' });
    await module.service.waitForJob(jobId);
    const again = await module.handlers['printJobs.reprint']({ jobId });
    expect(again).toMatchObject({ reprintOf: jobId, reference: 'SN-9' });
    expect((await module.service.waitForJob(again.id)).status).toBe('done');
    await module.handlers['printers.profile.set']({ profile: usbProfile, makeDefault: false });
    const waiting = await module.handlers['printJobs.reprint']({ jobId, printerId: 'zebra' });
    const cancelled = await module.handlers['printJobs.cancel']({ jobId: waiting.id });
    expect(cancelled.status).toBe('cancelled');
    await expect(module.handlers['printJobs.retry']({ jobId })).rejects.toThrow(/already printed/);
  });

  it('a station and a CLI print on one data folder never send the same job twice', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'printing-'));
    const a = setup({}, dataDir);
    const b = setup({}, dataDir);
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) ids.push((await a.module.service.enqueue({ png, title: `label ${i}` })).jobId);
    // The second one's worker drains the same printer's queue while the first is still at it.
    ids.push((await b.module.service.enqueue({ png, title: 'from the CLI' })).jobId);
    for (const id of ids) {
      while (!['done', 'failed'].includes(a.module.service.getJob(id)!.status)) await new Promise((r) => setTimeout(r, 10));
    }
    const zpl = fs.readdirSync(path.join(dataDir, 'virtual-printer')).filter((f) => f.endsWith('.zpl'));
    expect(zpl).toHaveLength(7);
    expect(ids.map((id) => a.module.service.getJob(id)!.attempts)).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });

  it('prints a test label', async () => {
    const { module } = setup();
    const job = await module.handlers['printers.testPrint']({});
    expect(job.kind).toBe('test');
    expect((await module.service.waitForJob(job.id)).status).toBe('done');
  });

  it('lists printers: the virtual default, and plugged-in USB printers with suggested profiles; none is calm', async () => {
    const none = setup();
    expect(await none.module.handlers['printers.list']({})).toEqual([
      expect.objectContaining({ id: 'virtual', isDefault: true, connected: true, kind: 'virtual' }),
    ]);
    const { module } = setup({ usb: fakeBus([fakePrinter({ deviceId: 'MFG:Zebra;CMD:EPL2;MDL:LP2844;' })]) });
    const list = await module.handlers['printers.list']({});
    expect(list[1]).toMatchObject({ id: 'usb:0a5f:0120:D2J123456', profile: null, suggestion: { language: 'epl', model: 'LP2844' } });
    const suggested = await module.handlers['printers.profile.get']({ printerId: 'usb:0a5f:0120:D2J123456' });
    expect(suggested).toMatchObject({ language: 'epl', transport: { kind: 'usb', vendorId: 0x0a5f } });
  });

  it('prints over raw TCP to a local socket', async () => {
    const received: Buffer[] = [];
    const server = net.createServer((socket) => {
      socket.on('data', (d) => received.push(d));
      socket.on('end', () => socket.end());
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    closers.push(() => void server.close());
    const port = (server.address() as net.AddressInfo).port;
    const { module } = setup();
    await module.handlers['printers.profile.set']({
      profile: { ...usbProfile, id: 'net', name: 'Network Zebra', transport: { kind: 'tcp', host: '127.0.0.1', port }, language: 'tspl' },
      makeDefault: true,
    });
    const { jobId } = await module.service.enqueue({ png, title: 'label' });
    expect(await module.service.waitForJob(jobId, { timeoutMs: 5000 })).toMatchObject({ status: 'sent', error: expect.stringMatching(/^Sent to Network Zebra; a raw network printer does not report whether the label printed/) });
    await new Promise((r) => setTimeout(r, 20));
    expect(Buffer.concat(received).toString('latin1')).toMatch(/^SIZE 101.6 mm,152.4 mm/);
  });

  it('a ZPL label to a network Zebra is done only when the printer says so', async () => {
    const printer = await fakeZebraPrinter();
    closers.push(() => printer.close());
    const { module } = setup({ zebraStatus: { answerMs: 500, pollMs: 20 } });
    await module.handlers['printers.profile.set']({
      profile: { ...usbProfile, id: 'net', name: 'Network Zebra', transport: { kind: 'tcp', host: printer.host, port: printer.port } },
      makeDefault: true,
    });
    const first = await module.service.enqueue({ png, title: 'label' });
    expect(await module.service.waitForJob(first.jobId, { timeoutMs: 5000 })).toMatchObject({ status: 'done', error: null });
    await printer.idle();
    expect(rastersEqual(decodeZpl(printer.labelBytes()), label)).toBe(true);
  });

  it('a Zebra out of labels gets no label bytes: the job is held in words and goes exactly once when paper is back', async () => {
    const printer = await fakeZebraPrinter({ paperOut: true });
    closers.push(() => printer.close());
    const { module, events } = setup({ zebraStatus: { answerMs: 500, pollMs: 20 }, heldRetryMs: 20 });
    await module.handlers['printers.profile.set']({
      profile: { ...usbProfile, id: 'net', name: 'Network Zebra', transport: { kind: 'tcp', host: printer.host, port: printer.port } },
      makeDefault: true,
    });
    const held = new Promise<void>((resolve) => {
      printer.onHostStatus = (count) => {
        // Asked twice while out of labels: held, and asked again rather than sent.
        if (count === 2) resolve();
      };
    });
    const { jobId } = await module.service.enqueue({ png, title: 'label' });
    await held;
    expect(await module.handlers['printJobs.get']({ jobId })).toMatchObject({
      status: 'queued',
      error: 'Held: Network Zebra reports it is out of labels. The label goes to it once it is ready; nothing was sent yet.',
    });
    expect(events).toContainEqual({ name: 'printer.status', payload: { printerId: 'net', state: 'stopped', message: 'Network Zebra reports it is out of labels' } });
    await printer.idle();
    expect(printer.labelBytes()).toHaveLength(0);
    printer.state.paperOut = false;
    expect(await module.service.waitForJob(jobId, { timeoutMs: 5000 })).toMatchObject({ status: 'done', error: null });
    await printer.idle();
    expect(printer.connections.filter((c) => c.hostStatusQueries === 0)).toHaveLength(1);
    expect(rastersEqual(decodeZpl(printer.labelBytes()), label)).toBe(true);
  });

  it('tells the status bar what an idle Zebra reports, and sends a held label as soon as the printer is ready', async () => {
    const printer = await fakeZebraPrinter({ paused: true, headUp: true });
    closers.push(() => printer.close());
    // Held jobs alone would wait a minute: what sends this one is the idle watch hearing "ready".
    const { module, events } = setup({ zebraStatus: { answerMs: 500, pollMs: 20 }, heldRetryMs: 60_000, statusEveryMs: 20 });
    await module.handlers['printers.profile.set']({
      profile: { ...usbProfile, id: 'net', name: 'Network Zebra', transport: { kind: 'tcp', host: printer.host, port: printer.port } },
      makeDefault: true,
    });
    await module.start?.();
    const stopped = { printerId: 'net', state: 'stopped', message: 'Network Zebra reports it is open (print head up) and paused' };
    await expect.poll(() => events.filter((e) => e.name === 'printer.status').at(-1)?.payload).toEqual(stopped);
    const { jobId } = await module.service.enqueue({ png, title: 'label' });
    await expect.poll(async () => (await module.handlers['printJobs.get']({ jobId })).error).toMatch(/^Held: Network Zebra reports it is open/);
    printer.state.paused = false;
    printer.state.headUp = false;
    expect(await module.service.waitForJob(jobId, { timeoutMs: 5000 })).toMatchObject({ status: 'done' });
    await expect.poll(() => events.filter((e) => e.name === 'printer.status').at(-1)?.payload).toEqual({ printerId: 'net', state: 'ready', message: null });
    await printer.idle();
    expect(printer.connections.filter((c) => c.hostStatusQueries === 0)).toHaveLength(1);
  });

  it('a silent network printer gets its ZPL labels marked sent, and only the first label waits for an answer', async () => {
    const printer = await fakeZebraPrinter({ answers: false });
    closers.push(() => printer.close());
    const { module } = setup({ zebraStatus: { answerMs: 500 } });
    await module.handlers['printers.profile.set']({
      profile: { ...usbProfile, id: 'net', name: 'Raw box', transport: { kind: 'tcp', host: printer.host, port: printer.port } },
      makeDefault: true,
    });
    for (let n = 0; n < 2; n += 1) {
      const { jobId } = await module.service.enqueue({ png, title: 'label' });
      expect(await module.service.waitForJob(jobId, { timeoutMs: 5000 })).toMatchObject({ status: 'sent', error: 'Sent to Raw box; the printer does not answer status questions, so check that it came out.' });
    }
    await printer.idle();
    expect(printer.hostStatusConnections()).toBe(1);
    expect(printer.connections.filter((c) => c.hostStatusQueries === 0)).toHaveLength(2);
  });
});
