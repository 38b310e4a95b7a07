import { formatOunces, parseTypedWeight } from '../../../../shared/domain/units';
import { days, money, serviceWords } from '../../ui/format';
import { useBatch, type BatchRow } from './batch-store';

function RateCell({ row }: { readonly row: BatchRow }) {
  if (!row.rates) return <span className="muted">—</span>;
  const pick = row.rates.preselected !== null ? row.rates.rates[row.rates.preselected] : undefined;
  if (!pick) return <span className="error-message">{row.rates.errors[0]?.message ?? 'No rate offered'}</span>;
  return (
    <span>
      {serviceWords(pick)} · {money(pick.price, pick.currency)} · {days(pick.deliveryDays)}{' '}
      <span className="muted small">({row.rates.rates.length === 1 ? '1 rate' : `${row.rates.rates.length} rates`})</span>
    </span>
  );
}

function OutcomeCell({ row }: { readonly row: BatchRow }) {
  if (!row.outcome) return <span className="muted">waiting</span>;
  if (row.outcome.ok) {
    return (
      <span>
        <span className="badge ok">Bought</span> <span className="mono">{row.outcome.shipment.trackingNo}</span>
      </span>
    );
  }
  return (
    <span>
      <span className="badge bad">Failed</span> {row.outcome.message}
    </span>
  );
}

/** One row per package: where it goes, its weight, the rule's rate and what happened. */
export function BatchTable() {
  const rows = useBatch((s) => s.rows);
  const running = useBatch((s) => s.running);
  const setWeight = useBatch((s) => s.setWeight);
  const remove = useBatch((s) => s.remove);
  return (
    <table className="data" aria-label="Batch packages">
      <thead>
        <tr>
          <th>Order</th>
          <th>Ship to</th>
          <th>Weight</th>
          <th>Rate</th>
          <th>Outcome</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} data-key={row.key}>
            <td className="mono nowrap">{row.order.orderNumber}</td>
            <td>
              {row.order.recipient.name}, {row.order.recipient.city} {row.order.recipient.state}
            </td>
            <td>
              <input
                aria-label={`Weight of ${row.order.orderNumber}`}
                className="weight-cell"
                defaultValue={row.weightOz ? formatOunces(row.weightOz) : ''}
                disabled={running}
                onBlur={(e) => setWeight(row.key, parseTypedWeight(e.target.value) ?? null)}
              />
            </td>
            <td>
              <RateCell row={row} />
            </td>
            <td>
              <OutcomeCell row={row} />
            </td>
            <td>
              {row.outcome?.ok ? null : (
                <button type="button" className="button ghost" disabled={running} onClick={() => remove(row.key)}>
                  Remove
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
