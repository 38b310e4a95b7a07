import { OVERRIDE_WORD } from '../../../../shared/contract/bench';
import type { BatchLine } from '../../../../shared/contract/desks';
import { Key } from '../../ui/Key';
import { days, money, serviceWords } from '../../ui/format';
import { batchIntent } from './batch-desk';

function RateCell({ line, disabled }: { readonly line: BatchLine; readonly disabled: boolean }) {
  const quote = line.row?.quote;
  if (!line.row) return <span className="muted">rating…</span>;
  if (!quote || quote.rates.length === 0) return <span className="error-message">{line.row.error?.message ?? 'No rate offered'}</span>;
  return (
    <select
      aria-label={`Service for ${line.orderNumber}`}
      value={line.picked ?? ''}
      disabled={disabled}
      onChange={(e) => {
        if (e.target.value !== '') void batchIntent('batchDesk.pick', { key: line.key, index: Number(e.target.value) });
      }}
    >
      {line.picked === null ? <option value="">Pick a service</option> : null}
      {quote.rates.map((rate, index) => (
        <option key={`${rate.carrierCode}:${rate.serviceLevel}`} value={index}>
          {serviceWords(rate)} · {money(rate.price, rate.currency)} · {days(rate.deliveryDays)}
        </option>
      ))}
    </select>
  );
}

function OutcomeCell({ line }: { readonly line: BatchLine }) {
  const row = line.row;
  if (line.outcome?.ok) {
    return (
      <span>
        {line.outcome.alreadyShipped ? <span className="badge warn">Already shipped</span> : <span className="badge ok">Bought</span>}{' '}
        <span className="mono">{line.outcome.shipment.trackingNo}</span>
      </span>
    );
  }
  if (line.outcome) {
    return (
      <span>
        <span className="badge bad">Not bought</span> {line.outcome.message}
      </span>
    );
  }
  if (row?.alreadyShipped) return <span className="badge warn">Already shipped</span>;
  if (!row) return <span className="muted">waiting</span>;
  if (line.buyable) return <span className="badge ok">Ready</span>;
  return <span className="small error-message">{line.why}</span>;
}

function AddressCell({ line, disabled }: { readonly line: BatchLine; readonly disabled: boolean }) {
  const row = line.row;
  const to = row?.to;
  return (
    <div>
      {to ? `${to.name}, ${to.street}, ${to.city} ${to.state} ${to.zip}` : line.orderNumber}
      {row?.address.status === 'standardized' ? <span className="badge ok"> standardized</span> : null}
      {row?.address.status === 'needs_decision' ? (
        <div className="small">
          <span className="error-message">{row.address.problem}</span>
          <label className="field">
            Type {OVERRIDE_WORD} to buy it as it is
            <input
              aria-label={`Type ${OVERRIDE_WORD} to buy ${line.orderNumber} for this address`}
              defaultValue={line.override}
              disabled={disabled}
              autoComplete="off"
              onChange={(e) => void batchIntent('batchDesk.override', { key: line.key, word: e.target.value })}
            />
          </label>
        </div>
      ) : null}
    </div>
  );
}

/** One row per package: where it goes, its weight, its service and price, and what happened. */
export function BatchTable({ lines, running }: { readonly lines: readonly BatchLine[]; readonly running: boolean }) {
  // Alt+M takes back the newest scan still removable: the usual slip is the package just scanned.
  const lastRemovable = lines.findLast((line) => !line.outcome?.ok)?.key;
  return (
    <table className="data" aria-label="Batch packages">
      <thead>
        <tr>
          <th>Order</th>
          <th>Ship to</th>
          <th>Weight</th>
          <th>Service and price</th>
          <th>Status</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.key} data-key={line.key}>
            <td className="mono nowrap">{line.orderNumber}</td>
            <td>
              <AddressCell line={line} disabled={running} />
            </td>
            <td>
              <input
                aria-label={`Weight of ${line.orderNumber}`}
                aria-invalid={line.row?.weight.error ? true : false}
                className="weight-cell"
                key={line.row?.weight.text ?? line.weightText}
                defaultValue={line.row?.weight.text ?? line.weightText}
                disabled={running}
                onBlur={(e) => {
                  if (e.target.value !== (line.row?.weight.text ?? line.weightText)) void batchIntent('batchDesk.weight', { key: line.key, text: e.target.value });
                }}
              />
              {line.row?.weight.error ? <span className="small error-message">{line.row.weight.error}</span> : null}
            </td>
            <td>
              <RateCell line={line} disabled={running} />
            </td>
            <td>
              <OutcomeCell line={line} />
            </td>
            <td>
              {line.outcome?.ok ? null : (
                <button
                  type="button"
                  className="button ghost"
                  disabled={running}
                  aria-keyshortcuts={line.key === lastRemovable ? 'Alt+M' : undefined}
                  onClick={() => void batchIntent('batchDesk.remove', { key: line.key })}
                >
                  Remove {line.key === lastRemovable ? <Key k="Alt+M" /> : null}
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
