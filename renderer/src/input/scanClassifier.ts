/**
 * Tells a barcode scanner from a person at the keyboard. Scanners are
 * keyboard wedges: they "type" the barcode far faster than anyone can and
 * end with Enter or Tab. Heuristics after onScan.js: at least 6 characters,
 * an average under ~30 ms per key, no pause inside the burst, and a
 * terminator right after the last character.
 *
 * The classifier never swallows keys: every key is passed on as it comes
 * (a person's typing is never delayed or lost); only when a terminator
 * completes a scan does it say so, so the caller can keep the Enter or Tab
 * from acting and take the scanned text back out of the focused field.
 */

export interface KeyInput {
  /** KeyboardEvent.key */
  readonly key: string;
  /** KeyboardEvent.timeStamp, in milliseconds. */
  readonly timeStamp: number;
  readonly altKey?: boolean;
  readonly ctrlKey?: boolean;
  readonly metaKey?: boolean;
  /** Auto-repeat from a held key: never part of a scan. */
  readonly repeat?: boolean;
}

export interface ScanCompletion {
  readonly text: string;
  readonly terminator: 'Enter' | 'Tab';
  readonly keyCount: number;
  /** From the first character to the terminator. */
  readonly durationMs: number;
  readonly averageMs: number;
}

export type KeyDecision =
  /** Let the key act normally. `burstStart`: it may be the first character of a scan. */
  | { readonly kind: 'pass'; readonly burstStart: boolean }
  /** The terminator of a scan: the caller stops it and handles the scan. */
  | { readonly kind: 'scan'; readonly scan: ScanCompletion };

export interface ScanClassifierOptions {
  readonly minLength?: number;
  /** Average time per character at most this. */
  readonly maxAverageMs?: number;
  /** No gap inside a scan (or before its terminator) longer than this. */
  readonly maxGapMs?: number;
}

export interface ScanClassifier {
  feed(input: KeyInput): KeyDecision;
  /** Characters of the burst in progress (0 when idle). */
  readonly pending: number;
  reset(): void;
}

const GS = '\u001d';

export const DEFAULT_MIN_LENGTH = 6;
export const DEFAULT_MAX_AVERAGE_MS = 30;
export const DEFAULT_MAX_GAP_MS = 80;

/** Keys a scanner may send in the middle of a barcode without breaking it (Shift for capitals). */
const NEUTRAL_KEYS = new Set(['Shift', 'CapsLock', 'NumLock', 'Alt', 'AltGraph', 'Unidentified', 'Dead']);

export function createScanClassifier(options: ScanClassifierOptions = {}): ScanClassifier {
  const minLength = options.minLength ?? DEFAULT_MIN_LENGTH;
  const maxAverageMs = options.maxAverageMs ?? DEFAULT_MAX_AVERAGE_MS;
  const maxGapMs = options.maxGapMs ?? DEFAULT_MAX_GAP_MS;

  let chars: string[] = [];
  let first = 0;
  let last = 0;
  // Windows "Alt+029" (how some scanners type FNC1 / GS): digits typed with Alt held.
  let altCode = '';

  const reset = (): void => {
    chars = [];
    altCode = '';
  };

  const flushAltCode = (): void => {
    if (altCode === '') return;
    const code = Number.parseInt(altCode, 10);
    altCode = '';
    if (code > 0 && code < 256) chars.push(String.fromCharCode(code));
  };

  const push = (char: string, at: number): boolean => {
    const startsBurst = chars.length === 0 || at - last > maxGapMs;
    if (startsBurst) {
      chars = [];
      first = at;
    }
    last = at;
    chars.push(char);
    return startsBurst;
  };

  return {
    feed(input) {
      const { key, timeStamp: at } = input;
      if (input.ctrlKey && key === ']' && !input.repeat && !input.metaKey && !input.altKey) {
        // Ctrl+] is how a keyboard wedge types GS (ASCII 29), the FNC1 separator of GS1 barcodes.
        flushAltCode();
        return { kind: 'pass', burstStart: push(GS, at) };
      }
      if (input.repeat || input.ctrlKey || input.metaKey) {
        reset();
        return { kind: 'pass', burstStart: false };
      }
      if (input.altKey && /^[0-9]$/.test(key)) {
        const startsBurst = chars.length === 0 || at - last > maxGapMs;
        if (startsBurst) {
          chars = [];
          first = at;
        }
        last = at;
        altCode += key;
        return { kind: 'pass', burstStart: startsBurst };
      }
      if (NEUTRAL_KEYS.has(key)) return { kind: 'pass', burstStart: false };
      if (input.altKey && key.length === 1) {
        // Alt+letter is a person's shortcut (Alt+K, Alt+B), never part of a barcode that follows it.
        reset();
        return { kind: 'pass', burstStart: false };
      }
      flushAltCode();

      if (key.length === 1) return { kind: 'pass', burstStart: push(key, at) };

      if (key === 'Enter' || key === 'Tab') {
        const count = chars.length;
        const durationMs = at - first;
        const averageMs = count > 1 ? (last - first) / (count - 1) : Infinity;
        const isScan = count >= minLength && averageMs <= maxAverageMs && at - last <= maxGapMs;
        const text = chars.join('');
        reset();
        if (!isScan) return { kind: 'pass', burstStart: false };
        return { kind: 'scan', scan: { text, terminator: key, keyCount: count, durationMs, averageMs } };
      }

      // Backspace, arrows, Escape, F-keys: a person is editing.
      reset();
      return { kind: 'pass', burstStart: false };
    },
    get pending() {
      return chars.length;
    },
    reset,
  };
}
