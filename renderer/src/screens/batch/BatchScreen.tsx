import { useRef, useState } from 'react';
import { Key } from '../../ui/Key';
import { useReadOnly } from '../../station/read-only';
import { InlineError } from '../../ui/ErrorText';
import { money } from '../../ui/format';
import { useAutoFocus } from '../../ui/use-auto-focus';
import { useScanner } from '../../input/useScanner';
import { batchIntent, buyShownLines, useBatchDesk, useFollowBatch } from './batch-desk';
import { BatchTable } from './BatchTable';

/** Scan several packages; each shows its address check, service and price; then buy and print them as one queue. The station holds the batch. */
export function BatchScreen() {
  const [scan, setScan] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const readOnly = useReadOnly() !== undefined;
  useAutoFocus(input);
  useFollowBatch();
  const view = useBatchDesk((s) => s.view);
  const failed = useBatchDesk((s) => s.failed);

  const add = (text: string): void => {
    setScan('');
    void batchIntent('batchDesk.scan', { text });
  };
  useScanner((completed) => add(completed.text));

  const lines = view?.lines ?? [];
  const running = view?.running ?? false;
  const ready = view?.ready ?? 0;
  const total = view?.total ?? 0;
  const finished = lines.filter((l) => l.outcome);
  const bought = finished.filter((l) => l.outcome?.ok && !l.outcome.alreadyShipped).length;
  const notBought = finished.filter((l) => l.outcome && !l.outcome.ok).length;
  const waiting = lines.length - ready - finished.length;
  const done = view?.done ?? 0;
  return (
    <section className="screen" aria-label="Batch">
      <h1>Batch</h1>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          if (scan.trim()) add(scan);
        }}
      >
        <label className="field grow">
          Scan
          <input ref={input} className="scan" data-scan-field value={scan} autoComplete="off" spellCheck={false} placeholder="Scan each order to add it" onChange={(e) => setScan(e.target.value)} />
        </label>
      </form>
      <InlineError error={view?.scanError ?? undefined} />
      <div className="row batch-actions">
        <span aria-label="Batch total" role="status">
          {ready} ready to buy for <strong>{money(total)}</strong>
          {waiting > 0 ? `, ${waiting} not ready (see Status)` : ''}
        </span>
        <button type="button" className="button" disabled={lines.length === 0 || running} aria-keyshortcuts="Alt+R" onClick={() => void batchIntent('batchDesk.rateAgain', {})}>
          Rate again <Key k="Alt+R" />
        </button>
        <button type="button" className="button primary big" disabled={ready === 0 || running || readOnly} aria-keyshortcuts="Alt+P" onClick={() => void buyShownLines()}>
          Buy and print {ready} for {money(total)} <Key k="Alt+P" />
        </button>
        <button type="button" className="button ghost" disabled={running} aria-keyshortcuts="Alt+C" onClick={() => void batchIntent('batchDesk.clear', {})}>
          Clear <Key k="Alt+C" />
        </button>
      </div>
      {running || finished.length > 0 ? (
        <div className="batch-progress" role="status" aria-label="Batch progress">
          <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={Math.max(1, finished.length + ready)} aria-valuenow={done}>
            <div className={`w-${Math.round((done / Math.max(1, running ? done + ready : finished.length)) * 20) * 5}`} />
          </div>
          <p>{running ? `Working: ${done} done` : `Finished: ${bought} bought, ${notBought} not bought`}</p>
        </div>
      ) : null}
      <InlineError error={view?.error ?? failed ?? undefined} />
      <BatchTable lines={lines} running={running} />
    </section>
  );
}
