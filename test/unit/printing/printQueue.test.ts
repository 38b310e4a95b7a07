import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultVirtualProfile } from '../../../shared/contract/printing';
import { createMemoryLogger } from '../../../electron/log/logger';
import { createJobStore } from '../../../electron/printing/queue/jobStore';
import { createPrintQueue } from '../../../electron/printing/queue/printQueue';
import { openDatabase } from '../../../electron/store/database';
import { makeTempDir } from '../../support/tempDir';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).reverse().forEach((cleanup) => cleanup()));

function jobStore() {
  const temp = makeTempDir();
  const db = openDatabase({ file: path.join(temp.dir, 'station.sqlite') });
  cleanups.push(temp.cleanup, () => db.close());
  return createJobStore(db, () => new Date('2026-11-23T00:00:00Z'));
}

describe('print queue', () => {
  it('answers a caller still waiting for a job when the queue closes, with the job as it stands', async () => {
    const jobs = jobStore();
    const absent = { kind: 'usb' as const, description: 'unplugged', isPresent: () => false, send: () => Promise.reject(new Error('never sent')) };
    const queue = createPrintQueue({
      jobs,
      profile: (id) => ({ ...defaultVirtualProfile, id }),
      defaultPrinterId: () => 'zebra',
      transport: () => absent,
      emit: () => undefined,
      log: createMemoryLogger(),
      retryDelayMs: 60_000,
    });
    const job = queue.enqueue({ png: new Uint8Array([1]), title: 'label' });
    const waiting = queue.waitForJob(job.id, 60_000);
    await queue.close();
    await expect(waiting).resolves.toMatchObject({ id: job.id, status: 'queued' });
    await expect(queue.waitForJob(job.id)).resolves.toMatchObject({ status: 'queued' });
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
