import type { BatchRow } from '../../shared/contract/batchBench';
import { OVERRIDE_WORD } from '../../shared/contract/bench';
import type { BatchLine, BatchShown, BatchView } from '../../shared/contract/desks';
import type { Result, StationError } from '../../shared/contract/errors';
import type { BatchOutcome } from '../../shared/contract/shippingTypes';

/**
 * The Batch bench as a pure machine, in the style of shipMachine: the lines
 * scanned, what each weighs, its prepared row (address, rates), its pick and
 * the word typed for its address, and what Alt+P may buy. The station runs
 * its effects (prepare a line, buy lines) on the batch bench.
 */
export interface BatchMachine {
  readonly view: BatchView;
  /** The newest preparation asked for each line: older answers are dropped. */
  readonly tickets: Readonly<Record<string, number>>;
  readonly nextTicket: number;
  /** Lines just scanned: an order that is not found leaves the batch instead of staying as a line. */
  readonly fresh: readonly string[];
}

export type BatchEvent =
  | { readonly type: 'scanned'; readonly key: string; readonly orderNumber: string; readonly weightText: string }
  | { readonly type: 'scanRefused'; readonly error: StationError }
  | { readonly type: 'prepared'; readonly key: string; readonly ticket: number; readonly result: Result<BatchRow> }
  | { readonly type: 'weightTyped'; readonly key: string; readonly text: string }
  | { readonly type: 'picked'; readonly key: string; readonly index: number }
  | { readonly type: 'overrideTyped'; readonly key: string; readonly word: string }
  | { readonly type: 'removed'; readonly key: string }
  | { readonly type: 'rateAgain' }
  | { readonly type: 'cleared' }
  | { readonly type: 'buyPressed'; readonly shown: readonly BatchShown[] }
  | { readonly type: 'outcome'; readonly outcome: BatchOutcome }
  | { readonly type: 'buyFinished'; readonly error: StationError | null };

export type BatchEffect =
  | { readonly type: 'prepare'; readonly key: string; readonly ticket: number; readonly orderNumber: string; readonly weightText: string }
  | { readonly type: 'buy'; readonly rows: ReadonlyArray<BatchShown & { readonly override?: string }> };

export type BatchStep = readonly [BatchMachine, readonly BatchEffect[]];

export const STALE_LINE = 'The price of this package changed since it was on screen: nothing was bought. Check the price now shown and buy again (Alt+P).';

export function initialBatch(): BatchMachine {
  return { view: { seq: 0, lines: [], running: false, done: 0, ready: 0, total: 0, scanError: null, error: null }, tickets: {}, nextTicket: 1, fresh: [] };
}

const overridden = (row: BatchRow, word: string): boolean => row.address.status === 'needs_decision' && word.trim().toUpperCase() === OVERRIDE_WORD;

/** The station's "buyable" rule: prepared, picked, not shipped, nothing in the way but an address overridden on the typed word. */
function judged(line: Omit<BatchLine, 'buyable' | 'price' | 'why'>): BatchLine {
  const row = line.row;
  const rate = row && line.picked !== null ? row.quote?.rates[line.picked] : undefined;
  const price = rate?.price ?? null;
  if (!row || line.outcome?.ok) return { ...line, buyable: false, price, why: null };
  const over = overridden(row, line.override);
  const buyable = !row.alreadyShipped && rate !== undefined && row.blockers.every((b) => over && b === row.address.problem);
  const why = buyable ? null : (row.blockers.find((b) => !(row.address.status === 'needs_decision' && b === row.address.problem)) ?? row.blockers[0] ?? null);
  return { ...line, buyable, price, why };
}

/** Every change of the lines goes through here: each line is judged again, and the count and total follow. */
function withLines(m: BatchMachine, lines: readonly Omit<BatchLine, 'buyable' | 'price' | 'why'>[], change: Partial<Pick<BatchView, 'running' | 'done' | 'scanError' | 'error'>> = {}): BatchMachine {
  const drawn = lines.map(judged);
  const ready = drawn.filter((l) => l.buyable);
  const total = Math.round(ready.reduce((sum, l) => sum + (l.price ?? 0), 0) * 100) / 100;
  return { ...m, view: { ...m.view, ...change, seq: m.view.seq + 1, lines: drawn, ready: ready.length, total } };
}

const same = (m: BatchMachine): BatchStep => [m, []];
const line = (m: BatchMachine, key: string): BatchLine | undefined => m.view.lines.find((l) => l.key === key);
const update = (m: BatchMachine, key: string, change: Partial<BatchLine>): BatchLine[] => m.view.lines.map((l) => (l.key === key ? { ...l, ...change } : l));

/** The line's price leaves the screen and the station prepares it again. */
function prepare(m: BatchMachine, keys: readonly string[]): BatchStep {
  let tickets = m.tickets;
  let next = m.nextTicket;
  const effects: BatchEffect[] = [];
  const lines = m.view.lines.map((l) => {
    if (!keys.includes(l.key)) return l;
    tickets = { ...tickets, [l.key]: next };
    effects.push({ type: 'prepare', key: l.key, ticket: next, orderNumber: l.orderNumber, weightText: l.weightText });
    next += 1;
    return { ...l, row: null, outcome: null };
  });
  return [withLines({ ...m, tickets, nextTicket: next }, lines, { error: null }), effects];
}

function prepared(m: BatchMachine, key: string, ticket: number, result: Result<BatchRow>): BatchStep {
  if (m.tickets[key] !== ticket || !line(m, key)) return same(m);
  const fresh = m.fresh.filter((k) => k !== key);
  const found = result.ok && result.value.order !== null;
  if (!found && m.fresh.includes(key)) {
    const error = result.ok ? (result.value.error ?? { code: 'not_found' as const, message: `Order ${result.value.orderNumber} was not found.` }) : result.error;
    return same(withLines({ ...m, fresh }, m.view.lines.filter((l) => l.key !== key), { scanError: error }));
  }
  if (!result.ok) return same(withLines({ ...m, fresh }, m.view.lines, { error: result.error }));
  return same(withLines({ ...m, fresh }, update(m, key, { row: result.value, picked: result.value.picked, weightText: result.value.weight.text })));
}

/** Alt+P: the lines whose shown price is still theirs are bought; any other is refused in words and left as it is. */
function buyPressed(m: BatchMachine, shown: readonly BatchShown[]): BatchStep {
  if (m.view.running) return same(m);
  const current = shown.filter((s) => {
    const l = line(m, s.key);
    return l?.buyable && l.row?.quote?.quoteId === s.quoteId && l.picked === s.picked && l.price === s.price;
  });
  const stale = shown.length - current.length;
  const error: StationError | null = stale > 0 ? { code: 'conflict', message: stale === 1 ? STALE_LINE : `${stale} packages: ${STALE_LINE}` } : null;
  if (current.length === 0) return same(withLines(m, m.view.lines, { error: error ?? { code: 'invalid_input', message: 'No package is ready to buy.' } }));
  const rows = current.map((s) => {
    const word = line(m, s.key)?.override.trim() ?? '';
    return word ? { ...s, override: word } : s;
  });
  return [withLines(m, m.view.lines, { running: true, done: 0, error }), [{ type: 'buy', rows }]];
}

const idle = (m: BatchMachine): boolean => !m.view.running;

export function batchStep(m: BatchMachine, e: BatchEvent): BatchStep {
  switch (e.type) {
    case 'scanned': {
      if (line(m, e.key)) return same(withLines(m, m.view.lines, { scanError: { code: 'conflict', message: `Order ${e.orderNumber} is already in this batch.` } }));
      const added = { key: e.key, orderNumber: e.orderNumber, weightText: e.weightText, row: null, picked: null, override: '', outcome: null };
      return prepare(withLines({ ...m, fresh: [...m.fresh, e.key] }, [...m.view.lines, added], { scanError: null }), [e.key]);
    }
    case 'scanRefused':
      return same(withLines(m, m.view.lines, { scanError: e.error }));
    case 'prepared':
      return prepared(m, e.key, e.ticket, e.result);
    case 'weightTyped': {
      const l = line(m, e.key);
      if (!idle(m) || !l || l.outcome?.ok || e.text === (l.row?.weight.text ?? l.weightText)) return same(m);
      // The price for the old weight leaves the line: Alt+P buys only prices drawn for what the line now holds.
      return prepare(withLines(m, update(m, e.key, { weightText: e.text, picked: null })), [e.key]);
    }
    case 'picked': {
      const l = line(m, e.key);
      if (!idle(m) || !l?.row?.quote?.rates[e.index] || l.outcome?.ok) return same(m);
      return same(withLines(m, update(m, e.key, { picked: e.index })));
    }
    case 'overrideTyped':
      if (!idle(m) || !line(m, e.key)) return same(m);
      return same(withLines(m, update(m, e.key, { override: e.word })));
    case 'removed':
      if (!idle(m) || !line(m, e.key)) return same(m);
      return same(withLines(m, m.view.lines.filter((l) => l.key !== e.key)));
    case 'rateAgain':
      if (!idle(m)) return same(m);
      return prepare(m, m.view.lines.filter((l) => !l.outcome?.ok).map((l) => l.key));
    case 'cleared':
      if (!idle(m)) return same(m);
      return same(withLines({ ...m, tickets: {}, fresh: [] }, [], { done: 0, scanError: null, error: null }));
    case 'buyPressed':
      return buyPressed(m, e.shown);
    case 'outcome':
      if (!line(m, e.outcome.key)) return same(m);
      return same(withLines(m, update(m, e.outcome.key, { outcome: e.outcome }), { done: m.view.done + 1 }));
    case 'buyFinished':
      return same(withLines(m, m.view.lines, { running: false, ...(e.error ? { error: e.error } : {}) }));
  }
}
