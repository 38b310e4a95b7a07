import fs from 'node:fs/promises';
import path from 'node:path';
import { isDiskFull } from '../../core/diskFull';
import { decodePrinterBytes } from '../lang';
import { rasterToPng } from '../raster/preview';
import { PrinterSendError } from '../usb/usbPrinter';
import { PRINTED, PRINT_DISK_FULL_WORDS, type PrinterTransport, type SendJob } from './transport';

const EXTENSIONS = { zpl: 'zpl', epl: 'epl', tspl: 'tspl', escpos: 'bin' } as const;

/**
 * A printer that is a folder: each job's exact bytes, plus a PNG rendered back
 * from those bytes by our own decoder, so the preview shows what a real
 * printer would print rather than the label we meant to send.
 */
export function createVirtualPrinter(folder: string, now: () => Date = () => new Date()): PrinterTransport & { readonly folder: string } {
  return {
    kind: 'virtual',
    folder,
    description: `Virtual printer (files in ${folder})`,
    isPresent: () => true,
    async send(bytes: Uint8Array, job: SendJob, onProgress?: (sent: number) => void) {
      const stamp = now().toISOString().replace(/[:.]/g, '-');
      const base = path.join(folder, `${stamp}-${job.id}`);
      try {
        await fs.mkdir(folder, { recursive: true, mode: 0o700 });
        const preview = rasterToPng(decodePrinterBytes(job.language, bytes, job.size));
        // A label shows an address: the files are the station's user's alone, like the rest of its folder.
        await fs.writeFile(`${base}.png`, preview, { mode: 0o600 });
        await fs.writeFile(`${base}.${EXTENSIONS[job.language]}`, bytes, { mode: 0o600 });
      } catch (error) {
        if (isDiskFull(error)) throw new PrinterSendError(PRINT_DISK_FULL_WORDS, 0, false);
        const reason = error instanceof Error ? error.message : String(error);
        throw new PrinterSendError(`The virtual printer could not write to ${folder} (${reason}).`, 0);
      }
      onProgress?.(bytes.length);
      // The files are the print: once written, the label exists.
      return PRINTED;
    },
  };
}
