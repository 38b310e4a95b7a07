import { createScanClassifier, type ScanClassifierOptions, type ScanCompletion } from './scanClassifier';

/** The parts of a text field the scanner listener touches (an input or a textarea). */
export interface EditableLike {
  value: string;
  readonly selectionStart: number | null;
  readonly selectionEnd: number | null;
  setSelectionRange(start: number, end: number): void;
  dispatchEvent(event: Event): boolean;
  closest?(selector: string): unknown;
}

export interface AttachScannerOptions extends ScanClassifierOptions {
  /** Fields that keep the scanned characters. Default: inside an element marked `data-scan-field`. */
  readonly keepTextIn?: (element: EditableLike) => boolean;
}

interface KeyEventLike extends Event {
  readonly key: string;
  readonly altKey: boolean;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly repeat: boolean;
}

interface Snapshot {
  readonly element: EditableLike;
  readonly value: string;
  readonly selectionStart: number | null;
  readonly selectionEnd: number | null;
}

function asEditable(element: unknown): EditableLike | undefined {
  if (typeof element !== 'object' || element === null) return undefined;
  const candidate = element as Partial<EditableLike>;
  // Inputs without a caret (checkbox, button) report selectionStart null: nothing to restore there.
  return typeof candidate.value === 'string' && typeof candidate.selectionStart === 'number' && typeof candidate.setSelectionRange === 'function'
    ? (element as EditableLike)
    : undefined;
}

/** Default: a field inside `[data-scan-field]` keeps the scanned text. */
export const inScanField = (element: EditableLike): boolean => Boolean(element.closest?.('[data-scan-field]'));

/**
 * Sets a field's value the way typing would, so React's controlled inputs
 * see the change: React watches the prototype's value setter, not `.value =`.
 */
function restore(snapshot: Snapshot): void {
  const { element } = snapshot;
  if (element.value === snapshot.value) return;
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element) as object, 'value')?.set;
  if (setter) setter.call(element, snapshot.value);
  else element.value = snapshot.value;
  element.dispatchEvent(new Event('input', { bubbles: true }));
  if (snapshot.selectionStart !== null && snapshot.selectionEnd !== null) element.setSelectionRange(snapshot.selectionStart, snapshot.selectionEnd);
}

/**
 * Listens for keys on `target` (the window, in the capture phase, so it sees
 * every key before any screen) and calls `onScan` for each scanner burst.
 * Keys always pass through; only a scan's terminator is stopped, and the
 * scanned characters are taken back out of the field that had the focus
 * (unless that field keeps them). Returns the function that stops listening.
 */
export function attachScanner(
  target: EventTarget,
  activeElement: () => unknown,
  onScan: (scan: ScanCompletion) => void,
  options: AttachScannerOptions = {},
): () => void {
  const classifier = createScanClassifier(options);
  const keep = options.keepTextIn ?? inScanField;
  let snapshot: Snapshot | undefined;

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
    const active = asEditable(activeElement());
    if (decision.kind === 'pass') {
      if (decision.burstStart) {
        snapshot = active ? { element: active, value: active.value, selectionStart: active.selectionStart, selectionEnd: active.selectionEnd } : undefined;
      }
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    if (snapshot && snapshot.element === active && !keep(active)) restore(snapshot);
    snapshot = undefined;
    onScan(decision.scan);
  };

  target.addEventListener('keydown', onKeyDown, { capture: true });
  return () => target.removeEventListener('keydown', onKeyDown, { capture: true });
}
