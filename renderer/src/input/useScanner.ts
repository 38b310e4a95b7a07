import { useEffect, useRef } from 'react';
import { attachScanner, inScanField, type AttachScannerOptions, type EditableLike } from './attachScanner';
import type { ScanCompletion } from './scanClassifier';

export interface UseScannerOptions extends AttachScannerOptions {
  /** Listen or not (e.g. off while a dialog that wants raw typing is open). Default on. */
  readonly enabled?: boolean;
}

/**
 * Calls `onScan` for every barcode a keyboard-wedge scanner types into the
 * scan box (`[data-scan-field]`) or with no text field focused. A person's
 * typing is never held back or lost, fast typing in another field included:
 * it stays in that field; only a recognised scan's Enter/Tab is stopped.
 */
export function useScanner(onScan: (scan: ScanCompletion) => void, options: UseScannerOptions = {}): void {
  const { enabled = true, minLength, maxAverageMs, maxGapMs, keepTextIn } = options;
  const onScanRef = useRef(onScan);
  const keepRef = useRef(keepTextIn);
  useEffect(() => {
    onScanRef.current = onScan;
    keepRef.current = keepTextIn;
  });

  useEffect(() => {
    if (!enabled) return undefined;
    return attachScanner(window, () => document.activeElement, (scan) => onScanRef.current(scan), {
      minLength,
      maxAverageMs,
      maxGapMs,
      keepTextIn: (element: EditableLike) => (keepRef.current ?? inScanField)(element),
    });
  }, [enabled, minLength, maxAverageMs, maxGapMs]);
}
