import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultVirtualProfile } from '../../../shared/contract/printing';
import { createMemoryLogger } from '../../../electron/log/logger';
import { createJobStore } from '../../../electron/printing/queue/jobStore';
import { createPrintQueue } from '../../../electron/printing/queue/printQueue';
import { PRINTED, type PrinterTransport } from '../../../electron/printing/transport/transport';
import { PrinterSendError } from '../../../electron/printing/usb/usbPrinter';
import { openDatabase } from '../../../electron/store/database';
import { makeTempDir } from '../../support/tempDir';
import { labelLikeRaster, rasterToOneBitRows, writePng } from './fixtures';

const labelPng = writePng({ width: 812, height: 1218, bitDepth: 1, colorType: 0, rows: rasterToOneBitRows(labelLikeRaster(812, 1218)) });

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).reverse().forEach((cleanup) => cleanup()));

function jobStore() {
  const temp = makeTempDir();
  const db = openDatabase({ file: path.join(temp.dir, 'station.sqlite') });
  cleanups.push(temp.cleanup, () => db.close());
  return createJobStore(db, () => new Date('2026-11-23T00:00:00Z'));
}

/** A queue on one printer that waits a minute between retries, so a test sees one attempt. */
function queueOf(jobs: Parameters<typeof createPrintQueue>[0]['jobs'], printerId: string, transport: PrinterTransport, log = createMemoryLogger()) {
  return createPrintQueue({
    jobs,
    profile: (id) => ({ ...defaultVirtualProfile, id }),
    defaultPrinterId: () => printerId,
    transport: () => transport,
    emit: () => undefined,
    log,
    retryDelayMs: 60_000,
  });
}

describe('print queue', () => {
  it('answers a caller still waiting for a job when the queue closes, with the job as it stands', async () => {
    const jobs = jobStore();
    const absent = { kind: 'usb' as const, description: 'unplugged', isPresent: () => false, send: () => Promise.reject(new Error('never sent')) };
    const queue = queueOf(jobs, 'zebra', absent);
    const job = queue.enqueue({ png: new Uint8Array([1]), title: 'label' });
    const waiting = queue.waitForJob(job.id, 60_000);
    await queue.close();
    await expect(waiting).resolves.toMatchObject({ id: job.id, status: 'queued' });
    await expect(queue.waitForJob(job.id)).resolves.toMatchObject({ status: 'queued' });
  });

  it('fails a job at once in words when the printer write finds the disk full, instead of waiting to retry it', async () => {
    const jobs = jobStore();
    const full = {
      kind: 'virtual' as const,
      description: 'folder',
      isPresent: () => true,
      send: () => Promise.reject(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })),
    };
    const queue = queueOf(jobs, 'virtual', full);
    const job = queue.enqueue({ png: labelPng, title: 'label' });
    await expect(queue.waitForJob(job.id, 60_000)).resolves.toMatchObject({
      status: 'failed',
      error: "The disk holding the station's data is full, so this label could not be written for the printer: free some space, then press Retry; nothing was lost.",
    });
    await queue.close();
  });

  it('prints a job enqueued while a worker that found its queue empty is still winding down', async () => {
    const jobs = jobStore();
    const printed: string[] = [];
    const printer = {
      kind: 'virtual' as const,
      description: 'folder',
      isPresent: () => true,
      send: async (_bytes: Uint8Array, job: { id: string }) => {
        printed.push(job.id);
        return PRINTED;
      },
    };
    const queue = queueOf(jobs, 'virtual', printer);
    queue.kick('virtual');
    const job = queue.enqueue({ png: labelPng, title: 'label' });
    await queue.idle();
    await queue.close();
    expect(printed).toEqual([job.id]);
    expect(jobs.get(job.id)?.status).toBe('done');
  });

  it('a send that failed after every byte went out asks the operator to check what printed', async () => {
    const jobs = jobStore();
    const printer = {
      kind: 'tcp' as const,
      description: 'network',
      isPresent: () => true,
      send: (bytes: Uint8Array) => Promise.reject(new PrinterSendError('The printer at 10.0.0.9:9100 closed the connection early.', bytes.length)),
    };
    const queue = queueOf(jobs, 'virtual', printer);
    const job = queue.enqueue({ png: labelPng, title: 'label' });
    await queue.idle();
    await queue.close();
    expect(jobs.get(job.id)).toMatchObject({ status: 'failed', error: expect.stringMatching(/Check what printed/) });
  });

  it('a store write that fails after the label printed never marks it failed (a Retry would print it twice)', async () => {
    const jobs = jobStore();
    const log = createMemoryLogger();
    const printed: string[] = [];
    const printer = {
      kind: 'virtual' as const,
      description: 'folder',
      isPresent: () => true,
      send: async (bytes: Uint8Array, job: { id: string }, onProgress?: (sent: number) => void) => {
        printed.push(job.id);
        onProgress?.(bytes.length);
        return PRINTED;
      },
    };
    const queue = queueOf({ ...jobs, markDone: () => { throw new Error('SQLITE_BUSY: database is locked'); } }, 'virtual', printer, log);
    const job = queue.enqueue({ png: labelPng, title: 'label' });
    await queue.idle();
    await queue.close();
    expect(printed).toEqual([job.id]);
    expect(log.lines).toContainEqual(expect.objectContaining({ level: 'error', msg: 'print worker stopped' }));
    const left = jobs.get(job.id)!;
    expect(left).toMatchObject({ status: 'sending', error: null });
    expect(left.bytesSent).toBe(left.bytesTotal);
    // The next start settles it from the bytes the printer took: all of them went, whether it printed was never heard.
    createPrintQueue({ jobs, profile: () => null, defaultPrinterId: () => 'virtual', transport: () => printer, emit: () => undefined, log }).recover();
    expect(jobs.get(job.id)).toMatchObject({ status: 'sent', error: expect.stringMatching(/check that the label came out/) });
  });

  it('a printer that takes every byte but cannot say it printed leaves the job sent, in words, never done', async () => {
    const jobs = jobStore();
    const printer = {
      kind: 'tcp' as const,
      description: 'network',
      isPresent: () => true,
      send: async (bytes: Uint8Array, _job: { id: string }, onProgress?: (sent: number) => void) => {
        onProgress?.(bytes.length);
        return { printed: false as const, unconfirmed: 'a raw network printer does not report whether the label printed, so check that it came out' };
      },
    };
    const queue = queueOf(jobs, 'virtual', printer);
    const job = queue.enqueue({ png: labelPng, title: 'label' });
    await expect(queue.waitForJob(job.id, 10_000)).resolves.toMatchObject({ status: 'sent' });
    await queue.close();
    const sent = jobs.get(job.id)!;
    expect(sent.error).toMatch(/^Sent to .+; a raw network printer does not report whether the label printed, so check that it came out\.$/);
    expect(sent.bytesSent).toBe(sent.bytesTotal);
    expect(() => queue.retry(job.id)).toThrow(/already went to the printer\. If it did not come out, use Reprint/);
  });
});

describe('print job store', () => {
  it('a crash after a second claim, before its bytes are recorded, puts the job back in line instead of failing it', () => {
    const jobs = jobStore();
    const { id } = jobs.insert({ printerId: 'virtual', title: 'label', reference: null, kind: 'label', png: new Uint8Array([1]) });
    jobs.claim(id);
    jobs.recordBytes(id, { bytes: Buffer.alloc(100), language: 'zpl', width: 812, height: 1218 });
    // The printer took nothing (unplugged before the first chunk): the job waits.
    jobs.markWaiting(id, 'Waiting for the printer.');
    expect(jobs.claim(id)).toMatchObject({ status: 'sending', attempts: 2, bytesTotal: null, bytesSent: 0 });

    const queue = createPrintQueue({
      jobs,
      profile: () => null,
      defaultPrinterId: () => 'virtual',
      transport: () => {
        throw new Error('recover sends nothing');
      },
      emit: () => undefined,
      log: createMemoryLogger(),
    });
    queue.recover();
    expect(jobs.get(id)).toMatchObject({ status: 'queued', error: null });
  });
});
