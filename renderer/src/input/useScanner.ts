import { useEffect, useRef } from 'react';
import { attachScanner, inScanField, type AttachScannerOptions, type EditableLike } from './attachScanner';
import type { ScanCompletion } from './scanClassifier';

export interface UseScannerOptions extends AttachScannerOptions {
  /** Listen or not (e.g. off while a dialog that wants raw typing is open). Default on. */
  readonly enabled?: boolean;
}

/**
 * Calls `onScan` for every barcode a keyboard-wedge scanner types, wherever
 * the focus is. A person's typing is never held back or lost: only the
 * scan's Enter/Tab is stopped, and the scanned text is taken back out of
 * the focused field unless it sits inside `[data-scan-field]` (the Ship
 * screen's scan box keeps what was read).
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
