import { describe, expect, it } from 'vitest';
import { attachScanner, type EditableLike } from '../../../renderer/src/input/attachScanner';
import type { ScanCompletion } from '../../../renderer/src/input/scanClassifier';

/** A text field with a caret, like an <input>, typed into by key events the way a browser would. */
class Field extends EventTarget implements EditableLike {
  value = '';
  selectionStart: number | null = 0;
  selectionEnd: number | null = 0;
  constructor(private readonly scanField = false) {
    super();
  }
  setSelectionRange(start: number, end: number): void {
    this.selectionStart = start;
    this.selectionEnd = end;
  }
  closest(selector: string): unknown {
    return selector === '[data-scan-field]' && this.scanField ? this : null;
  }
}

class KeyEvent extends Event {
  altKey = false;
  ctrlKey = false;
  metaKey = false;
  repeat = false;
  constructor(
    readonly key: string,
    private readonly at: number,
  ) {
    super('keydown', { cancelable: true });
  }
  override get timeStamp(): number {
    return this.at;
  }
}

function bench(focused: Field | null) {
  const win = new EventTarget();
  const scans: ScanCompletion[] = [];
  const stop = attachScanner(win, () => focused, (scan) => scans.push(scan));
  let at = 0;
  /** Types `keys` `gap` ms apart; a key nobody stopped acts on the field as a browser would. */
  const type = (keys: readonly string[], gap: number, first = 500) =>
    keys.map((key, i) => {
      at += i === 0 ? first : gap;
      const event = new KeyEvent(key, at);
      const delivered = win.dispatchEvent(event);
      if (delivered && focused && key.length === 1) {
        focused.value += key;
        focused.setSelectionRange(focused.value.length, focused.value.length);
      }
      return delivered;
    });
  return { scans, type, stop };
}

describe('scanner listener', () => {
  it('leaves scanner-speed typing in a form field to that field: no scan, its Enter acts as typed', () => {
    const field = new Field();
    const t = bench(field);
    t.type([...'HS code '], 150);
    const delivered = t.type([...'490199', 'Tab'], 8);
    expect(t.scans).toEqual([]);
    expect(delivered.every(Boolean)).toBe(true);
    expect(field.value).toBe('HS code 490199');
  });

  it('never stops or drops a key a person types, Enter included', () => {
    const field = new Field();
    const t = bench(field);
    const delivered = t.type([...'DEMO-1001', 'Enter'], 160);
    expect(delivered.every(Boolean)).toBe(true);
    expect(field.value).toBe('DEMO-1001');
    expect(t.scans).toEqual([]);
  });

  it('leaves the text in a dedicated scan field', () => {
    const field = new Field(true);
    const t = bench(field);
    t.type([...'1Z5R89390357567127', 'Tab'], 6);
    expect(t.scans.map((s) => [s.text, s.terminator])).toEqual([['1Z5R89390357567127', 'Tab']]);
    expect(field.value).toBe('1Z5R89390357567127');
  });

  it('hears only the scan after an Alt+K shortcut pressed just before it', () => {
    const win = new EventTarget();
    const scans: ScanCompletion[] = [];
    attachScanner(win, () => null, (scan) => scans.push(scan));
    const shortcut = new KeyEvent('k', 1000);
    shortcut.altKey = true;
    expect(win.dispatchEvent(shortcut)).toBe(true);
    [...'PS:CMD:BUY', 'Enter'].forEach((key, i) => win.dispatchEvent(new KeyEvent(key, 1005 + i * 5)));
    expect(scans.map((s) => s.text)).toEqual(['PS:CMD:BUY']);
  });

  it('hears scans with nothing focused, and stops listening when detached', () => {
    const t = bench(null);
    t.type([...'PS:CMD:BUY', 'Enter'], 5);
    t.stop();
    t.type([...'PS:CMD:NEXT', 'Enter'], 5);
    expect(t.scans.map((s) => s.text)).toEqual(['PS:CMD:BUY']);
  });
});
