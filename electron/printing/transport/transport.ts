import type { PrinterLanguage } from '../../../shared/domain/printing';

export interface SendJob {
  readonly id: string;
  readonly title: string;
  readonly language: PrinterLanguage;
  /** The label in dots, so previews of languages that do not state a height come out right. */
  readonly size: { readonly width: number; readonly height: number };
}

/**
 * Gets printer bytes to a printer. `send` resolves once every byte was handed
 * over and throws a PrinterSendError carrying how many bytes the printer had
 * taken, which is what lets the queue resume without printing twice.
 */
export interface PrinterTransport {
  readonly kind: 'virtual' | 'tcp' | 'usb' | 'queue';
  readonly description: string;
  /** False when the printer is known to be absent (USB unplugged); network printers are only known by trying. */
  isPresent(): boolean;
  send(bytes: Uint8Array, job: SendJob, onProgress?: (sent: number) => void): Promise<void>;
}
