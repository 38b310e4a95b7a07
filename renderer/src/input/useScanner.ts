import { useEffect, useRef } from 'react';
import { createScanClassifier, type KeyInput, type ScanClassifierOptions, type ScanCompletion } from './scanClassifier';

export interface UseScannerOptions extends ScanClassifierOptions {
  /** Listen or not (e.g. off while a dialog that wants raw typing is open). Default on. */
  readonly enabled?: boolean;
  /**
   * Fields that keep the scanned characters (a dedicated scan box shows what
   * was read). Default: elements marked `data-scan-field`. Anywhere else the
   * field gets back exactly what it held before the scan started.
   */
  readonly keepTextIn?: (element: Element) => boolean;
}

type Editable = HTMLInputElement | HTMLTextAreaElement;

interface Snapshot {
  readonly element: Editable;
  readonly value: string;
  readonly selectionStart: number | null;
  readonly selectionEnd: number | null;
}

const isEditable = (element: Element | null): element is Editable =>
  element instanceof HTMLTextAreaElement || (element instanceof HTMLInputElement && element.selectionStart !== null);

const defaultKeep = (element: Element): boolean => element.closest('[data-scan-field]') !== null;

/**
 * Sets a field's value the way typing would, so React's controlled inputs
 * see the change (React tracks the native value setter, not `.value =`).
 */
function restore(snapshot: Snapshot): void {
  const { element } = snapshot;
  if (element.value === snapshot.value) return;
  const proto = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(element, snapshot.value);
  element.dispatchEvent(new Event('input', { bubbles: true }));
  if (snapshot.selectionStart !== null && snapshot.selectionEnd !== null) {
    element.setSelectionRange(snapshot.selectionStart, snapshot.selectionEnd);
  }
}

/**
 * Calls `onScan` for every barcode a keyboard-wedge scanner types, wherever
 * the focus is. Listens on the window in the capture phase, so it sees keys
 * before any screen does; it stops only the scan's terminator (Enter/Tab), so
 * a person's typing is never held back or lost.
 */
export function useScanner(onScan: (scan: ScanCompletion) => void, options: UseScannerOptions = {}): void {
  const { enabled = true, minLength, maxAverageMs, maxGapMs } = options;
  const onScanRef = useRef(onScan);
  const keepRef = useRef(options.keepTextIn ?? defaultKeep);
  useEffect(() => {
    onScanRef.current = onScan;
    keepRef.current = options.keepTextIn ?? defaultKeep;
  });

  useEffect(() => {
    if (!enabled) return undefined;
    const classifier = createScanClassifier({ minLength, maxAverageMs, maxGapMs });
    let snapshot: Snapshot | undefined;

    const onKeyDown = (event: KeyboardEvent): void => {
      const input: KeyInput = {
        key: event.key,
        timeStamp: event.timeStamp,
        altKey: event.altKey,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        repeat: event.repeat,
      };
      const active = document.activeElement;
      const decision = classifier.feed(input);
      if (decision.kind === 'pass') {
        if (decision.burstStart) {
          snapshot = isEditable(active)
            ? { element: active, value: active.value, selectionStart: active.selectionStart, selectionEnd: active.selectionEnd }
            : undefined;
        }
        return;
      }
      event.preventDefault();
      event.stopPropagation();
      if (snapshot && snapshot.element === active && !keepRef.current(snapshot.element)) restore(snapshot);
      snapshot = undefined;
      onScanRef.current(decision.scan);
    };

    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [enabled, minLength, maxAverageMs, maxGapMs]);
}
