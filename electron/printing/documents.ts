import { randomUUID } from 'node:crypto';
import { fail } from '../../shared/contract/errors';
import type { PrinterProfile } from '../../shared/contract/printing';
import { mediaDots } from '../../shared/domain/printing';
import type { OsPrintQueues } from './osqueue/osQueues';
import type { Delivery, PrinterTransport } from './transport/transport';
import { PrinterSendError } from './usb/usbPrinter';

/**
 * Documents that are not label images: bytes already in a printer's language
 * (a receipt slip), or a PDF for an office printer's OS queue. They go
 * straight through the station's transports, not the label queue, which
 * keeps label images; a document that fails is said in words and asked for
 * again, never re-sent on its own.
 */
export interface DocumentPrinter {
  /** A saved printer profile; the default printer when none is named. */
  profile(printerId?: string | null): PrinterProfile;
  sendBytes(profile: PrinterProfile, bytes: Uint8Array, title: string): Promise<Delivery>;
  sendPdf(queueName: string, pdf: Uint8Array, title: string): Promise<Delivery>;
}

export function createDocumentPrinter(deps: {
  readonly profile: (printerId?: string) => PrinterProfile;
  readonly transport: (profile: PrinterProfile) => PrinterTransport;
  readonly osQueues: OsPrintQueues | null;
}): DocumentPrinter {
  const words = (error: unknown): string => (error instanceof Error ? error.message : String(error));
  return {
    profile: (printerId) => deps.profile(printerId ?? undefined),
    async sendBytes(profile, bytes, title) {
      const transport = deps.transport(profile);
      if (!transport.isPresent()) fail('printer_unavailable', `${profile.name} is not connected. Connect it, then print the slip again.`);
      const readiness = await transport.readiness?.(profile.language);
      if (readiness?.state === 'stopped') fail('printer_unavailable', `${profile.name} ${readiness.words}. Print the slip again once it is ready.`);
      try {
        return await transport.send(bytes, { id: randomUUID(), title, language: profile.language, size: mediaDots(profile.media, profile.dpi) });
      } catch (error) {
        fail('printer_unavailable', error instanceof PrinterSendError ? error.message : `${profile.name} did not take the slip (${words(error)}).`);
      }
    },
    async sendPdf(queueName, pdf, title) {
      if (!deps.osQueues) fail('printer_unavailable', 'Installed printers are off on this station, so a page slip cannot print. Choose a label or receipt slip.');
      try {
        return await deps.osQueues.printRaw(queueName, pdf, { id: randomUUID(), title, format: 'application/pdf' });
      } catch (error) {
        fail('printer_unavailable', error instanceof PrinterSendError ? error.message : `"${queueName}" did not take the slip (${words(error)}).`);
      }
    },
  };
}
