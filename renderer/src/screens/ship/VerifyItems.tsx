import { Key } from '../../ui/Key';
import { useReadOnly } from '../../station/read-only';
import { intent, useBench } from './bench-store';

/** A count typed for a line: a whole number, or nothing to send. */
function readCount(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,6}$/.test(trimmed) ? Number(trimmed) : null;
}

/**
 * Scan to verify: each line of the order with how many are counted. A scan
 * of an item's barcode (or SKU) in the Scan box counts one; a count typed
 * here and Enter counts that many. Buy waits until every line is complete,
 * unless the order is skipped on purpose (Alt+V).
 */
export function VerifyItems() {
  const verify = useBench((s) => s.bench?.verify ?? null);
  const packageId = useBench((s) => s.bench?.packageId ?? 0);
  const blocker = useBench((s) => s.bench?.blockers.find((b) => b.field === 'verify') ?? null);
  const settled = useBench((s) => s.bench?.purchase.status === 'buying' || s.bench?.purchase.status === 'bought');
  const readOnly = useReadOnly() !== undefined;
  if (!verify || verify.status === 'off') return null;
  const counting = verify.status === 'checking' || verify.status === 'complete';

  const onCountKey = (line: number) => (event: React.KeyboardEvent<HTMLInputElement>): void => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const quantity = readCount(event.currentTarget.value);
    if (quantity !== null) void intent('bench.verify', { action: 'count', line, quantity });
  };

  return (
    <div className="verify" aria-label="Scan to verify" role="group">
      <table className="data" aria-label="Items to verify">
        <thead>
          <tr>
            <th>Scan</th>
            <th>Item</th>
            <th className="num">Qty</th>
            <th className="num">Counted</th>
          </tr>
        </thead>
        <tbody>
          {verify.lines.map((line, index) => (
            <tr key={`${packageId}-${line.sku}`} aria-label={line.sku} className={line.counted >= line.quantity ? 'done' : undefined}>
              <td>{line.code}</td>
              <td>
                {line.name} <span className="muted small">{line.sku}</span>
              </td>
              <td className="num">{line.quantity}</td>
              <td className="num">
                {counting && !settled ? (
                  <input
                    key={`${packageId}-${line.counted}`}
                    className="count"
                    inputMode="numeric"
                    aria-label={`Count of ${line.sku}`}
                    defaultValue={String(line.counted)}
                    size={4}
                    onKeyDown={onCountKey(index)}
                  />
                ) : (
                  line.counted
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {verify.problem ? (
        <p role="alert" className="error-message">
          {verify.problem.message}
        </p>
      ) : null}
      {verify.status === 'complete' ? <p role="status">Every item is in the box: Enter buys.</p> : null}
      {verify.status === 'skipped' ? <p role="status">Scan to verify skipped for this order by {verify.skippedBy ?? 'the operator'}.</p> : null}
      {blocker ? <p className="small">{blocker.message}</p> : null}
      {verify.status === 'checking' ? (
        <button type="button" className="button" disabled={settled || readOnly} aria-keyshortcuts="Alt+V" onClick={() => void intent('bench.verify', { action: 'skip' })}>
          Skip verifying this order <Key k="Alt+V" />
        </button>
      ) : null}
    </div>
  );
}
