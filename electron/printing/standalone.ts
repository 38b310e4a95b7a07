import fs from 'node:fs';
import path from 'node:path';
import { createMemoryLogger } from '../log/logger';
import { defaultDataDir } from '../paths';
import { createPrintingModule } from './module';
import type { UsbBus } from './usb/usbTypes';
import type { StationContext } from '../station/module';
import { openDatabase } from '../store/database';

/**
 * Just the printing part of a station over its data folder, for the printers
 * and print commands: the same profiles and queue the app uses, without
 * starting the sandbox or the backend. Jobs are claimed atomically, so a
 * running station app and this command never send the same job twice.
 */
export function openPrinting(dataDirOption: string | undefined, usb?: UsbBus | null) {
  const dataDir = dataDirOption ?? defaultDataDir();
  fs.mkdirSync(dataDir, { recursive: true });
  const db = openDatabase({ file: path.join(dataDir, 'station.sqlite') });
  const ctx: StationContext = { dataDir, db, emit: () => undefined, log: createMemoryLogger(), now: () => new Date() };
  const printing = createPrintingModule(ctx, usb !== undefined ? { usb } : {});
  return {
    printing,
    dataDir,
    async close(): Promise<void> {
      await printing.close?.();
      db.close();
    },
  };
}
