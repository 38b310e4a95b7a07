import path from 'node:path';
import { createMemoryLogger } from '../log/logger';
import { fail } from '../../shared/contract/errors';
import { resolveDataDir } from '../core/paths';
import { acquireFolderLock } from './folderLock';
import { describeHolder, waitForHolder } from './host';
import { createPrintingModule } from '../printing/module';
import type { OsPrintQueues } from '../printing/osqueue/osQueues';
import type { UsbBus } from '../usb/usbTypes';
import type { StationContext } from '../core/module';
import { openDatabase } from '../store/database';
import { makeFolderPrivate } from '../core/privateFolder';

/**
 * Just the printing part of a station over its data folder, for the printers
 * and print commands: the same profiles and queue the app uses, without
 * starting the sandbox or the backend. It takes the folder lock like any
 * station; when a station already holds the folder it refuses in words (the
 * printers command asks that station instead, see printersCommand).
 */
export async function openPrinting(dataDirOption: string | undefined, usb?: UsbBus | null, osQueues?: OsPrintQueues | null) {
  const dataDir = resolveDataDir(dataDirOption);
  makeFolderPrivate(dataDir);
  const lock = acquireFolderLock(dataDir);
  if (!lock) return fail('conflict', `${describeHolder(dataDir, await waitForHolder(dataDir, 1_000))} Print from that station, or close it first.`);
  let db: ReturnType<typeof openDatabase>;
  try {
    db = openDatabase({ file: path.join(dataDir, 'station.sqlite') });
  } catch (error) {
    lock.release();
    throw error;
  }
  const ctx: StationContext = { dataDir, db, emit: () => undefined, log: createMemoryLogger(), now: () => new Date() };
  const printing = createPrintingModule(ctx, { ...(usb !== undefined ? { usb } : {}), ...(osQueues !== undefined ? { osQueues } : {}) });
  return {
    printing,
    dataDir,
    async close(): Promise<void> {
      await printing.close?.();
      db.close();
      lock.release();
    },
  };
}
