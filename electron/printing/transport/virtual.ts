import fs from 'node:fs/promises';
import path from 'node:path';
import { decodePrinterBytes } from '../lang';
import { rasterToPng } from '../raster/preview';
import { PrinterSendError } from '../usb/usbPrinter';
import type { PrinterTransport, SendJob } from './transport';

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
        await fs.mkdir(folder, { recursive: true });
        const preview = rasterToPng(decodePrinterBytes(job.language, bytes, job.size));
        await fs.writeFile(`${base}.png`, preview);
        await fs.writeFile(`${base}.${EXTENSIONS[job.language]}`, bytes);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new PrinterSendError(`The virtual printer could not write to ${folder} (${reason}).`, 0);
      }
      onProgress?.(bytes.length);
    },
  };
}
