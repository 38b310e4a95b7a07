import { describe, expect, it } from 'vitest';
import { parseScan } from '../../../shared/domain/scan';
import { createScanClassifier, type KeyDecision, type KeyInput, type ScanClassifierOptions } from '../../../renderer/src/input/scanClassifier';

/**
 * Key timing sequences: [key, milliseconds since the previous key]. Scanner
 * profiles follow what USB wedge scanners produce (a key every 4-15 ms, Shift
 * around capitals, Enter or Tab at the end; Bluetooth ones slower, 15-28 ms);
 * the human ones are a bench operator typing an order number (100-250 ms per
 * key with the odd 40-60 ms roll-over).
 */
type Timed = ReadonlyArray<readonly [string, number] | readonly [string, number, Partial<KeyInput>]>;

function feedAll(sequence: Timed, options: ScanClassifierOptions = {}, start = 1000): KeyDecision[] {
  const classifier = createScanClassifier(options);
  let at = start;
  return sequence.map(([key, dt, extra]) => {
    at += dt;
    return classifier.feed({ key, timeStamp: at, ...extra });
  });
}

/**
 * A scanner typing `text`, half a second after whatever came before: Shift
 * before each capital, `gap` ms per key with deterministic jitter.
 */
function scanner(text: string, gap: number, terminator = 'Enter', jitter = 3): Timed {
  const keys: Array<readonly [string, number]> = [];
  [...text].forEach((char, i) => {
    const dt = i === 0 ? 500 : gap + ((i * 7) % (jitter + 1)) - Math.floor(jitter / 2);
    if (/[A-Z:]/.test(char)) keys.push(['Shift', Math.max(1, dt - 2)], [char, 2]);
    else keys.push([char, Math.max(1, dt)]);
  });
  keys.push([terminator, gap]);
  return keys;
}

function human(text: string, gaps: readonly number[], terminator = 'Enter'): Timed {
  return [...[...text].map((char, i) => [char, gaps[i % gaps.length] ?? 150] as const), [terminator, 300] as const];
}

const scans = (decisions: KeyDecision[]) => decisions.flatMap((d) => (d.kind === 'scan' ? [d.scan] : []));

describe('scan versus typing', () => {
  it('takes a USB scanner burst ended by Enter as a scan', () => {
    const decisions = feedAll(scanner('9400111201080805483016', 8));
    expect(scans(decisions)).toEqual([
      expect.objectContaining({ text: '9400111201080805483016', terminator: 'Enter', keyCount: 22 }),
    ]);
    expect(scans(decisions)[0]?.averageMs).toBeLessThan(12);
    // Every key before the terminator passed through to the page.
    expect(decisions.slice(0, -1).every((d) => d.kind === 'pass')).toBe(true);
  });

  it('keeps capitals and punctuation typed with Shift, and a Tab terminator', () => {
    const decisions = feedAll(scanner('PS:CMD:BUY', 6, 'Tab'));
    expect(scans(decisions)).toEqual([expect.objectContaining({ text: 'PS:CMD:BUY', terminator: 'Tab' })]);
  });

  it('takes a slower Bluetooth scanner (about 25 ms a key)', () => {
    expect(scans(feedAll(scanner('DEMO-1001', 25, 'Enter', 6)))).toEqual([expect.objectContaining({ text: 'DEMO-1001' })]);
  });

  it('leaves a person typing an order number alone, even a quick typist', () => {
    expect(scans(feedAll(human('DEMO-1001', [180, 140, 220, 160, 120, 250, 110, 130, 170])))).toEqual([]);
    expect(scans(feedAll(human('1Z5R89390357567127', [95, 60, 110, 45, 120, 80])))).toEqual([]);
  });

  it('does not take a person\'s six-key roll-over burst for a scan', () => {
    expect(scans(feedAll(human('asdfgh', [45, 40, 50, 42, 48, 44])))).toEqual([]);
  });

  it('needs at least six characters', () => {
    expect(scans(feedAll(scanner('10015', 5)))).toEqual([]);
    expect(scans(feedAll(scanner('100155', 5)))).toHaveLength(1);
    expect(scans(feedAll(scanner('10015', 5), { minLength: 4 }))).toHaveLength(1);
  });

  it('needs the terminator right after the burst', () => {
    const late: Timed = [...scanner('9400111201080805483016', 8).slice(0, -1), ['Enter', 400]];
    expect(scans(feedAll(late))).toEqual([]);
    const none = scanner('9400111201080805483016', 8).slice(0, -1);
    expect(scans(feedAll(none))).toEqual([]);
  });

  it('separates a person\'s typing from a scan that follows it', () => {
    const decisions = feedAll([...human('hello', [150]).slice(0, -1), ...scanner('DEMO-1001', 7)]);
    expect(scans(decisions).map((s) => s.text)).toEqual(['DEMO-1001']);
  });

  it('reads two scans back to back', () => {
    const decisions = feedAll([...scanner('DEMO-1001', 7), ...scanner('PS:CMD:BUY', 7)]);
    expect(scans(decisions).map((s) => s.text)).toEqual(['DEMO-1001', 'PS:CMD:BUY']);
  });

  it('flags the first key of a possible scan, so the page can remember the field as it was', () => {
    const decisions = feedAll([...human('ab', [200]).slice(0, -1), ...scanner('123456', 5)]);
    expect(decisions.map((d) => d.kind === 'pass' && d.burstStart)).toEqual([true, true, true, false, false, false, false, false, false]);
  });

  it('never counts held-key auto-repeat, shortcuts or editing keys as a scan', () => {
    const held: Timed = [['a', 0], ...Array.from({ length: 10 }, () => ['a', 33, { repeat: true }] as const), ['Enter', 20]];
    expect(scans(feedAll(held))).toEqual([]);
    const paste: Timed = [['Control', 0], ['v', 5, { ctrlKey: true }], ...scanner('123456', 5)];
    expect(scans(feedAll(paste)).map((s) => s.text)).toEqual(['123456']);
    const edited: Timed = [...scanner('1234567', 5).slice(0, 4), ['Backspace', 5], ['8', 5], ['9', 5], ['Enter', 5]];
    expect(scans(feedAll(edited))).toEqual([]);
  });

  it('never lets an Alt+letter shortcut join the scan that follows it, however close', () => {
    const [firstKey, ...rest] = scanner('PS:CMD:BUY', 5);
    const sequence: Timed = [['Alt', 0], ['k', 40, { altKey: true }], [firstKey?.[0] ?? 'Shift', 5], ...rest];
    const decisions = feedAll(sequence);
    expect(decisions[1]).toEqual({ kind: 'pass', burstStart: false });
    expect(scans(decisions).map((s) => s.text)).toEqual(['PS:CMD:BUY']);
  });

  it('turns Windows Alt+029 into the GS separator of an IMpb scan', () => {
    const alt = (digit: string): readonly [string, number, Partial<KeyInput>] => [digit, 4, { altKey: true }];
    const sequence: Timed = [
      ...[...'42022153'].map((c) => [c, 5] as const),
      ['Alt', 4],
      alt('0'),
      alt('2'),
      alt('9'),
      ...[...'9101026837331000039521'].map((c) => [c, 5] as const),
      ['Enter', 5],
    ];
    expect(scans(feedAll(sequence)).map((s) => s.text)).toEqual(['42022153\u001d9101026837331000039521']);
  });

  it('keeps a GS the scanner sends first (FNC1 as GS), as a character or as Ctrl+], so the scan parses as the USPS number', () => {
    const pic = '9101026837331000039521';
    const asCharacter: Timed = [['\u001d', 500], ...[...'42022153'].map((c) => [c, 5] as const), ['\u001d', 5], ...[...pic].map((c) => [c, 5] as const), ['Enter', 5]];
    const asCtrl: Timed = [[']', 500, { ctrlKey: true }], ...[...'42022153'].map((c) => [c, 5] as const), [']', 5, { ctrlKey: true }], ...[...pic].map((c) => [c, 5] as const), ['Enter', 5]];
    for (const sequence of [asCharacter, asCtrl]) {
      const [scan] = scans(feedAll(sequence));
      expect(scan?.text).toBe(`\u001d42022153\u001d${pic}`);
      expect(parseScan(scan?.text ?? '')).toEqual({ kind: 'tracking', tracking_no: pic, carrier: 'USPS', zip: '22153' });
    }
  });
});
