import { useRef, useState } from 'react';
import { Key } from '../../ui/Key';
import type { StationError } from '../../../../shared/contract/errors';
import { run } from '../../station/run';
import { useEvent, useQuery } from '../../station/use-query';
import { InlineError } from '../../ui/ErrorText';
import { sounds } from '../../ui/sounds';
import { useAutoFocus } from '../../ui/use-auto-focus';
import { useScanner } from '../../input/useScanner';
import { stableWeight, useScale } from '../../app/scale-store';
import { packagesOf, useBatch } from './batch-store';
import { BatchTable } from './BatchTable';

/** Scan several packages, then rate, buy and print them as one queue. */
export function BatchScreen() {
  const settings = useQuery('settings.shipping.get', {}, ['settings']);
  const [scan, setScan] = useState('');
  const [scanError, setScanError] = useState<StationError | null>(null);
  const [runError, setRunError] = useState<StationError | null>(null);
  const [rating, setRating] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useAutoFocus(input);
  const rows = useBatch((s) => s.rows);
  const running = useBatch((s) => s.running);
  const done = useBatch((s) => s.done);
  const ready = packagesOf(rows);

  useEvent('batch.progress', (event) => {
    const batch = useBatch.getState();
    if (!batch.running) return;
    batch.patch({ done: event.done });
    if (event.outcome) batch.setOutcome(event.outcome);
  });

  const add = async (text: string): Promise<void> => {
    const orderNumber = text.trim();
    setScan('');
    if (!orderNumber) return;
    const result = await run('orders.lookup', { orderNumber });
    if (!result.ok) {
      sounds.scanError();
      return setScanError(result.error);
    }
    const preset = settings.data?.presets.find((p) => p.name === settings.data?.defaultPreset) ?? settings.data?.presets[0] ?? null;
    const batch = useBatch.getState();
    if (!batch.add(result.value, preset)) {
      sounds.scanError();
      return setScanError({ code: 'conflict', message: `Order ${orderNumber} is already in this batch.` });
    }
    // A box on the scale when its order is scanned is that package's weight.
    const weighed = stableWeight(useScale.getState().reading);
    if (weighed !== null) batch.setWeight(`order:${result.value.orderNumber}:0`, weighed);
    sounds.scanOk();
    setScanError(null);
  };

  useScanner((completed) => void add(completed.text));

  const rateAll = async (): Promise<void> => {
    setRating(true);
    const result = await run('rates.batch', { requests: ready });
    setRating(false);
    if (!result.ok) return setRunError(result.error);
    setRunError(null);
    useBatch.getState().setRates(result.value);
  };

  const buyAll = async (): Promise<void> => {
    useBatch.getState().patch({ running: true, done: 0 });
    const result = await run('batch.run', { packages: ready, service: 'rule', print: true });
    const batch = useBatch.getState();
    if (result.ok) {
      for (const outcome of result.value.outcomes) batch.setOutcome(outcome);
      batch.patch({ done: result.value.outcomes.length });
    }
    batch.patch({ running: false });
    setRunError(result.ok ? null : result.error);
  };

  const finished = rows.filter((r) => r.outcome);
  const failed = finished.filter((r) => r.outcome && !r.outcome.ok).length;
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
        <span>
          {rows.length} packages{ready.length < rows.length ? `, ${rows.length - ready.length} without a weight` : ''}
        </span>
        <button type="button" className="button" disabled={ready.length === 0 || rating || running} aria-keyshortcuts="Alt+R" onClick={() => void rateAll()}>
          {rating ? 'Getting rates…' : 'Rate all'} <Key k="Alt+R" />
        </button>
        <button type="button" className="button primary big" disabled={ready.length === 0 || running} aria-keyshortcuts="Alt+P" onClick={() => void buyAll()}>
          Buy and print all <Key k="Alt+P" />
        </button>
        <button type="button" className="button ghost" disabled={running} aria-keyshortcuts="Alt+C" onClick={() => useBatch.getState().clear()}>
          Clear <Key k="Alt+C" />
        </button>
      </div>
      {running || finished.length > 0 ? (
        <div className="batch-progress" role="status" aria-label="Batch progress">
          <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={ready.length} aria-valuenow={done}>
            <div className={`w-${Math.round((done / Math.max(1, ready.length)) * 20) * 5}`} />
          </div>
          <p>
            {running ? `Working: ${done} of ${ready.length} done` : `Finished: ${finished.length - failed} bought, ${failed} failed`}
          </p>
        </div>
      ) : null}
      <InlineError error={runError ?? undefined} />
      <BatchTable />
    </section>
  );
}
