import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
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
