import { useRef, useState } from 'react';
import { Key } from '../../ui/Key';
import type { Shipment } from '../../../../shared/contract/shippingTypes';
import { useQuery } from '../../station/use-query';
import { InlineError } from '../../ui/ErrorText';
import { benchTime, money, serviceWords } from '../../ui/format';
import { StateBadge } from '../../ui/ShipmentFacts';
import { useAutoFocus } from '../../ui/use-auto-focus';
import { ShipmentDetail } from './ShipmentDetail';

const PAGE = 50;

/** Search what this station bought; pages go back by id so new purchases never shift them. */
export function HistoryScreen() {
  const [query, setQuery] = useState('');
  const [state, setState] = useState<'' | Shipment['state']>('');
  const [cursors, setCursors] = useState<readonly number[]>([]);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useAutoFocus(input);
  const beforeId = cursors[cursors.length - 1];
  const search = useQuery('history.search', { query: query.trim(), state: state || undefined, limit: PAGE, beforeId }, ['shipments']);
  const shipments = search.data?.shipments ?? [];
  // In a warehouse, labels other benches bought name their bench.
  const benches = shipments.some((s) => s.bench);
  // A search down to one label (a scanned tracking number) opens it; ↑ ↓ in the search box move through the list.
  const selected = shipments.find((s) => s.id === selectedId) ?? (shipments.length === 1 && query.trim() !== '' ? shipments[0] : null) ?? null;
  const step = (by: number): void => {
    if (shipments.length === 0) return;
    const at = selected ? shipments.indexOf(selected) : -1;
    const next = shipments[Math.min(shipments.length - 1, Math.max(0, at + by))];
    if (next) setSelectedId(next.id);
  };

  return (
    <section className="screen" aria-label="History">
      <h1>History</h1>
      <div className="row">
        <label className="field grow">
          Search
          <input
            ref={input}
            type="search"
            placeholder="Any part of a tracking number, order number, name, city or ZIP"
            aria-describedby="history-help"
            value={query}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
              e.preventDefault();
              step(e.key === 'ArrowDown' ? 1 : -1);
            }}
            onChange={(e) => {
              setQuery(e.target.value);
              setCursors([]);
            }}
          />
        </label>
        <label className="field">
          <span>
            State <Key k="Alt+E" />
          </span>
          <select
            aria-keyshortcuts="Alt+E"
            value={state}
            onChange={(e) => {
              setState(e.target.value as typeof state);
              setCursors([]);
            }}
          >
            <option value="">Any</option>
            <option value="bought">Bought</option>
            <option value="voided">Voided</option>
            <option value="failed">Failed</option>
            <option value="pending">Pending</option>
          </select>
        </label>
      </div>
      <p id="history-help" className="small muted">
        ↑ ↓ pick a label; Alt+R reprints it, Alt+V voids it, Alt+T tracks it; PgUp PgDn page.
      </p>
      <InlineError error={search.error} />
      {search.data?.partial ? (
        <p className="notice notice-warning" role="status">
          {search.data.partial}
        </p>
      ) : null}
      {selected ? <ShipmentDetail key={selected.id} shipment={selected} /> : null}
      <table className="data" aria-label="Shipments">
        <thead>
          <tr>
            <th>When</th>
            <th>Tracking number</th>
            <th>Order</th>
            <th>Recipient</th>
            <th>Service</th>
            <th className="num">Cost</th>
            <th>State</th>
            {benches ? <th>Bench</th> : null}
          </tr>
        </thead>
        <tbody>
          {shipments.map((s) => (
            <tr key={s.id} className="selectable" aria-selected={s.id === selectedId} tabIndex={0} onClick={() => setSelectedId(s.id)} onKeyDown={(e) => e.key === 'Enter' && setSelectedId(s.id)}>
              <td>{benchTime(s.boughtAt ?? s.createdAt)}</td>
              <td className="mono">{s.trackingNo ?? '—'}</td>
              <td>{s.orderNumber ?? '—'}</td>
              <td>{s.recipientName ?? '—'}</td>
              <td>{serviceWords(s)}</td>
              <td className="num">{money(s.cost, s.currency ?? 'USD')}</td>
              <td>
                <StateBadge state={s.state} unreadable={s.unreadableAnswer !== null} />
              </td>
              {benches ? <td>{s.bench ?? 'this bench'}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
      {search.data && shipments.length === 0 ? <p className="muted">Nothing matches.</p> : null}
      <nav className="row pager" aria-label="Pages">
        <button type="button" className="button" disabled={cursors.length === 0} aria-keyshortcuts="PageUp" onClick={() => setCursors(cursors.slice(0, -1))}>
          Newer <Key k="PgUp" />
        </button>
        <button
          type="button"
          className="button"
          disabled={shipments.length < PAGE}
          aria-keyshortcuts="PageDown"
          onClick={() => {
            const last = shipments[shipments.length - 1];
            if (last) setCursors([...cursors, last.id]);
          }}
        >
          Older <Key k="PgDn" />
        </button>
      </nav>
    </section>
  );
}
