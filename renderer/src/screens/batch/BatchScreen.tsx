import { useRef, useState } from 'react';
import type { StationError } from '../../../../shared/contract/errors';
import { parseScan } from '../../../../shared/domain/scan';
import { formatOunces } from '../../../../shared/domain/units';
import { Key } from '../../ui/Key';
import { useReadOnly } from '../../station/read-only';
import { run } from '../../station/run';
import { useEvent } from '../../station/use-query';
import { InlineError } from '../../ui/ErrorText';
import { money } from '../../ui/format';
import { sounds } from '../../ui/sounds';
import { useAutoFocus } from '../../ui/use-auto-focus';
import { useScanner } from '../../input/useScanner';
import { stableWeight, useScale } from '../../stores/scale-store';
import { buyable, priceOf, useBatch } from './batch-store';
import { BatchTable } from './BatchTable';

/** The station looks the rows up, checks their addresses and rates them; the screen keeps what was scanned and chosen. */
async function prepare(keys: readonly string[]): Promise<StationError | null> {
  const lines = useBatch.getState().lines.filter((l) => keys.includes(l.key));
  if (lines.length === 0) return null;
  for (const line of lines) useBatch.getState().update(line.key, { prepared: null, outcome: null });
  const result = await run('batch.prepare', { rows: lines.map((l) => ({ key: l.key, orderNumber: l.orderNumber, weightText: l.weightText })) });
  if (!result.ok) return result.error;
  for (const row of result.value) useBatch.getState().update(row.key, { prepared: row, picked: row.picked });
  return null;
}

/** Scan several packages; each shows its address check, service and price; then buy and print them as one queue. */
export function BatchScreen() {
  const [scan, setScan] = useState('');
  const [scanError, setScanError] = useState<StationError | null>(null);
  const [runError, setRunError] = useState<StationError | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const readOnly = useReadOnly() !== undefined;
  useAutoFocus(input);
  const lines = useBatch((s) => s.lines);
  const running = useBatch((s) => s.running);
  const done = useBatch((s) => s.done);
  const ready = lines.filter(buyable);
  const total = ready.reduce((sum, line) => sum + priceOf(line), 0);

  useEvent('batch.progress', (event) => {
    const batch = useBatch.getState();
    if (!batch.running) return;
    batch.patch({ done: event.done });
    if (event.outcome) batch.update(event.outcome.key, { outcome: event.outcome });
  });

  const add = async (text: string): Promise<void> => {
    setScan('');
    const parsed = parseScan(text);
    const orderNumber = parsed.kind === 'order' || (parsed.kind === 'tracking' && parsed.order_number) ? (parsed.order_number ?? text.trim()) : null;
    if (!orderNumber) {
      sounds.scanError();
      return setScanError({ code: 'invalid_input', message: parsed.message ?? 'That scan is not an order number.' });
    }
    const key = `order:${orderNumber.toLowerCase()}`;
    // A box on the scale when its order is scanned is that package's weight.
    const weighed = stableWeight(useScale.getState().reading);
    const added = useBatch.getState().add({ key, orderNumber, weightText: weighed === null ? '' : formatOunces(weighed), prepared: null, picked: null, override: '', outcome: null });
    if (!added) {
      sounds.scanError();
      return setScanError({ code: 'conflict', message: `Order ${orderNumber} is already in this batch.` });
    }
    const error = await prepare([key]);
    const row = useBatch.getState().lines.find((l) => l.key === key)?.prepared;
    if (error || row?.order === null) {
      sounds.scanError();
      useBatch.getState().remove(key);
      return setScanError(error ?? row?.error ?? { code: 'not_found', message: `Order ${orderNumber} was not found.` });
    }
    sounds.scanOk();
    setScanError(null);
  };

  useScanner((completed) => void add(completed.text));

  const rateAll = async (): Promise<void> => setRunError(await prepare(useBatch.getState().lines.filter((l) => !l.outcome?.ok).map((l) => l.key)));

  const onWeight = (key: string, text: string): void => {
    // The price for the old weight leaves the row: Alt+P buys only prices drawn for what the row now holds.
    useBatch.getState().update(key, { weightText: text, prepared: null, picked: null });
    void prepare([key]).then(setRunError);
  };

  const buyAll = async (): Promise<void> => {
    if (ready.length === 0) return;
    useBatch.getState().patch({ running: true, done: 0 });
    const rows = ready.map((l) => ({
      key: l.key,
      picked: l.picked ?? 0,
      quoteId: l.prepared?.quote?.quoteId ?? -1,
      price: priceOf(l),
      ...(l.override.trim() ? { override: l.override.trim() } : {}),
    }));
    const result = await run('batch.buy', { rows, print: true });
    const batch = useBatch.getState();
    if (result.ok) {
      for (const outcome of result.value.outcomes) batch.update(outcome.key, { outcome });
      batch.patch({ done: result.value.outcomes.length });
    }
    batch.patch({ running: false });
    setRunError(result.ok ? null : result.error);
  };

  const finished = lines.filter((l) => l.outcome);
  const bought = finished.filter((l) => l.outcome?.ok && !l.outcome.alreadyShipped).length;
  const failed = finished.filter((l) => l.outcome && !l.outcome.ok).length;
  const waiting = lines.length - ready.length - finished.length;
  return (
    <section className="screen" aria-label="Batch">
      <h1>Batch</h1>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          void add(scan);
        }}
      >
        <label className="field grow">
          Scan
          <input ref={input} className="scan" data-scan-field value={scan} autoComplete="off" spellCheck={false} placeholder="Scan each order to add it" onChange={(e) => setScan(e.target.value)} />
        </label>
      </form>
      <InlineError error={scanError ?? undefined} />
      <div className="row batch-actions">
        <span aria-label="Batch total" role="status">
          {ready.length} ready to buy for <strong>{money(total)}</strong>
          {waiting > 0 ? `, ${waiting} not ready (see Status)` : ''}
        </span>
        <button type="button" className="button" disabled={lines.length === 0 || running} aria-keyshortcuts="Alt+R" onClick={() => void rateAll()}>
          Rate again <Key k="Alt+R" />
        </button>
        <button type="button" className="button primary big" disabled={ready.length === 0 || running || readOnly} aria-keyshortcuts="Alt+P" onClick={() => void buyAll()}>
          Buy and print {ready.length} for {money(total)} <Key k="Alt+P" />
        </button>
        <button type="button" className="button ghost" disabled={running} aria-keyshortcuts="Alt+C" onClick={() => useBatch.getState().clear()}>
          Clear <Key k="Alt+C" />
        </button>
      </div>
      {running || finished.length > 0 ? (
        <div className="batch-progress" role="status" aria-label="Batch progress">
          <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={Math.max(1, finished.length + ready.length)} aria-valuenow={done}>
            <div className={`w-${Math.round((done / Math.max(1, running ? ready.length : finished.length)) * 20) * 5}`} />
          </div>
          <p>{running ? `Working: ${done} of ${ready.length} done` : `Finished: ${bought} bought, ${failed} not bought`}</p>
        </div>
      ) : null}
      <InlineError error={runError ?? undefined} />
      <BatchTable onWeight={onWeight} />
    </section>
  );
}
