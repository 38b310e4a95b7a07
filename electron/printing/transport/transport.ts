import type { PrinterProfile, PrinterStatusEvent } from '../../../shared/contract/printing';
import type { PrinterLanguage } from '../../../shared/domain/printing';

export interface SendJob {
  readonly id: string;
  readonly title: string;
  readonly language: PrinterLanguage;
  /** The label in dots, so previews of languages that do not state a height come out right. */
  readonly size: { readonly width: number; readonly height: number };
}

/**
 * What a printer said once it had every byte: it printed (the spooler reported
 * the job completed, or the printer is a folder), or it cannot say, in words
 * that finish "Sent to <printer>; ...".
 */
export type Delivery = { readonly printed: true } | { readonly printed: false; readonly unconfirmed: string };

export const PRINTED: Delivery = { printed: true };

/**
 * What a printer says before a label goes to it. Stopped: it would only hold
 * the label (out of labels or ribbon, head open, paused), so the job waits in
 * the station and goes once the printer is ready. Unknown: it cannot be asked,
 * and the label goes as before. `words` finish "<printer> ...".
 */
export type Readiness =
  | { readonly state: 'ready' }
  | { readonly state: 'stopped'; readonly words: string }
  | { readonly state: 'unknown'; readonly words: string };

/** How the status bar hears a printer's readiness. */
export function statusEvent(profile: PrinterProfile, readiness: Readiness): PrinterStatusEvent {
  return readiness.state === 'ready'
    ? { printerId: profile.id, state: 'ready', message: null }
    : { printerId: profile.id, state: readiness.state, message: `${profile.name} ${readiness.words}` };
}

/**
 * Gets printer bytes to a printer. `send` resolves once every byte was handed
 * over, with whether the printer confirmed printing, and throws a
 * PrinterSendError carrying how many bytes the printer had taken, which is
 * what lets the queue resume without printing twice.
 */
export interface PrinterTransport {
  readonly kind: 'virtual' | 'tcp' | 'usb' | 'queue';
  readonly description: string;
  /** False when the printer is known to be absent (USB unplugged); network printers are only known by trying. */
  isPresent(): boolean;
  send(bytes: Uint8Array, job: SendJob, onProgress?: (sent: number) => void): Promise<Delivery>;
  /** Asked before each job and while the bench is idle, where the printer can answer; absent where it cannot (virtual, USB). */
  readiness?(language: PrinterLanguage): Promise<Readiness>;
}

/** A print job a full disk stopped (its printer bytes or a virtual printer's files could not be written): failed at once, in words. */
export const PRINT_DISK_FULL_WORDS = "The disk holding the station's data is full, so this label could not be written for the printer: free some space, then press Retry; nothing was lost.";
