import type { ScanForm } from '../../shared/contract/shippingTypes';

/** A label some bench bought today that no SCAN form holds yet. */
export interface UncoveredLabel {
  readonly platformUkId: string;
  readonly trackingNo: string;
  readonly recipientName: string | null;
  readonly serviceName: string | null;
}

/** What the service answered for a form this bench reserved labels for. */
export interface MadeScanForm {
  readonly status: 'ready' | 'pending';
  readonly scanFormNo: string | null;
  readonly pdfUrl: string | null;
  readonly result: unknown;
}

/**
 * SCAN forms shared by every bench of a warehouse (electron/warehouse/):
 * end of day covers the labels any bench bought, and a label is on at most
 * one form. A bench reserves labels for its form in one transaction before
 * asking the service, so two benches closing the day at once split the
 * labels instead of both sending them. A bench alone has none of this: its
 * own SQLite is the whole story.
 */
export interface SharedScanForms {
  /** Outbound USPS labels of this backend bought since `since` by any bench and on no form. */
  uncovered(backendId: string, since: string): Promise<UncoveredLabel[]>;
  /** Of these tracking numbers, the ones already on a form (any bench's). */
  covered(trackingNos: readonly string[]): Promise<Set<string>>;
  /**
   * Reserves labels for a form this bench is about to make. `exact`: the
   * operator named them, so one already on a form is refused in words naming
   * the bench that made it; otherwise such labels are left out, and nothing
   * left is refused.
   */
  reserve(trackingNos: readonly string[], exact: boolean): Promise<{ readonly formId: number; readonly trackingNos: readonly string[] }>;
  /** The service made the form (or may have: `pending`); its labels stay on it. */
  made(formId: number, form: MadeScanForm): Promise<void>;
  /** The service refused the form: its labels are free for another. */
  refused(formId: number): Promise<void>;
  /** Every bench's forms, newest first. */
  list(limit: number): Promise<ScanForm[]>;
}
