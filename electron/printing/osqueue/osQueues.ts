import type { OsQueueView } from '../../../shared/contract/printing';
import type { Delivery } from '../transport/transport';

/** A printer installed in the OS spooler, as the spooler reports it. */
export interface InstalledQueue {
  readonly name: string;
  readonly state: OsQueueView['state'];
  /** The spooler's own words on the state ("Paused", "Out of paper"), when it gives any. */
  readonly stateMessage: string | null;
  /** Make-and-model (CUPS) or driver name (Windows), which is what the language is guessed from. */
  readonly model: string | null;
  /** The description an administrator gave the queue. */
  readonly description: string | null;
  readonly acceptingJobs: boolean;
}

export interface RawJob {
  /** The station's job id; a job already in the spooler under this id is not sent again. */
  readonly id: string;
  readonly title: string;
  /** A document the spooler's own drivers print (a PDF packing slip); absent: printer-language bytes passed through untouched. */
  readonly format?: 'application/pdf';
}

/**
 * The OS print spooler: CUPS on Linux and macOS, the Windows spooler. Jobs
 * are handed over raw (the bytes are already in the printer's language).
 * `printRaw` calls `spooled` once the spooler holds the whole job, then
 * resolves with what the spooler says of its printing (CUPS follows the job
 * to completed), and throws a PrinterSendError when the job did not print.
 */
export interface OsPrintQueues {
  /** How the spooler is named to an operator. */
  readonly system: string;
  list(): Promise<InstalledQueue[]>;
  printRaw(queue: string, bytes: Uint8Array, job: RawJob, spooled?: () => void): Promise<Delivery>;
}

/** The spooler's job name: the station's id first, so it survives truncation and finds the job again. */
export function spoolerJobName(job: RawJob): string {
  return `Parcel Station ${job.id}: ${job.title.slice(0, 100)}`;
}

/** The station's printer id for a queue: the name where it fits the id alphabet, else a readable part and a digest of the rest. */
export function queuePrinterId(name: string, digest: (text: string) => string): string {
  const plain = name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80);
  return plain === name ? `queue:${name}` : `queue:${plain}~${digest(name).slice(0, 8)}`;
}
