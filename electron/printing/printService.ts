import type { PrintJobKind, PrintJobView } from '../../shared/contract/printing';

export type { PrintJobKind, PrintJobView };

export interface PrintRequest {
  /** The label exactly as the service sent it (decoded from base64). */
  readonly png: Uint8Array;
  readonly title: string;
  /** What the label belongs to, e.g. a shipment_no, so history can find it. */
  readonly reference?: string;
  readonly kind?: PrintJobKind;
  /** Defaults to the station's default printer. */
  readonly printerId?: string;
}

/**
 * What the shipping flow calls after a purchase. `enqueue` stores the label
 * durably before it returns, so a crash or an unplugged printer never loses
 * it; `waitForJob` resolves when the job is done, failed or cancelled.
 * A label that is not a readable PNG is refused here with `bad_label`.
 */
export interface PrintService {
  enqueue(job: PrintRequest): Promise<{ jobId: string }>;
  waitForJob(jobId: string, options?: { timeoutMs?: number }): Promise<PrintJobView>;
  getJob(jobId: string): PrintJobView | null;
}
