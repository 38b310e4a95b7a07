import { createScanClassifier, type ScanClassifierOptions, type ScanCompletion } from './scanClassifier';

/** The parts of a text field the scanner listener touches (an input or a textarea). */
export interface EditableLike {
  value: string;
  readonly selectionStart: number | null;
  readonly selectionEnd: number | null;
  setSelectionRange(start: number, end: number): void;
  closest?(selector: string): unknown;
}

export interface AttachScannerOptions extends ScanClassifierOptions {
  /** Fields a scan is recognised in. Default: inside an element marked `data-scan-field`. */
  readonly keepTextIn?: (element: EditableLike) => boolean;
}

interface KeyEventLike extends Event {
  readonly key: string;
  readonly altKey: boolean;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly repeat: boolean;
}

function asEditable(element: unknown): EditableLike | undefined {
  if (typeof element !== 'object' || element === null) return undefined;
  const candidate = element as Partial<EditableLike>;
  // Inputs without a caret (checkbox, button) report selectionStart null: they take no text, so a scan there is a scan.
  return typeof candidate.value === 'string' && typeof candidate.selectionStart === 'number' && typeof candidate.setSelectionRange === 'function'
    ? (element as EditableLike)
    : undefined;
}

/** Default: a field inside `[data-scan-field]` is where scans are typed. */
export const inScanField = (element: EditableLike): boolean => Boolean(element.closest?.('[data-scan-field]'));

/**
 * Listens for keys on `target` (the window, in the capture phase, so it sees
 * every key before any screen) and calls `onScan` for each scanner burst
 * typed into the scan field or with no text field focused. Keys always pass
 * through; only a scan's terminator is stopped. A burst typed into any other
 * field (an HS code, a weight) is that field's text: it stays there, and
 * its Enter or Tab acts as typed. Returns the function that stops listening.
 */
export function attachScanner(
  target: EventTarget,
  activeElement: () => unknown,
  onScan: (scan: ScanCompletion) => void,
  options: AttachScannerOptions = {},
): () => void {
  const classifier = createScanClassifier(options);
  const keep = options.keepTextIn ?? inScanField;

  const onKeyDown = (event: Event): void => {
    const key = event as KeyEventLike;
    const decision = classifier.feed({
      key: key.key,
      timeStamp: key.timeStamp,
      altKey: key.altKey,
      ctrlKey: key.ctrlKey,
      metaKey: key.metaKey,
      repeat: key.repeat,
    });
    if (decision.kind === 'pass') return;
    const active = asEditable(activeElement());
    if (active && !keep(active)) return;
    event.preventDefault();
    event.stopPropagation();
    onScan(decision.scan);
  };

  target.addEventListener('keydown', onKeyDown, { capture: true });
  return () => target.removeEventListener('keydown', onKeyDown, { capture: true });
}
