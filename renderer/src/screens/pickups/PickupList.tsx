import { useState } from 'react';
import { Working } from '../../ui/Working';
import type { StationError } from '../../../../shared/contract/errors';
import { run } from '../../station/run';
import { useQuery } from '../../station/use-query';
import { InlineError } from '../../ui/ErrorText';
import { Pager } from '../../ui/Pager';

const PAGE_SIZE = 20;

/** Pickups with the service's filters and paging; a canceled one offers nothing more. */
export function PickupList() {
  const [status, setStatus] = useState<'' | 'CONFIRMED' | 'CANCELED'>('');
  const [confirmation, setConfirmation] = useState('');
  const [oldestFirst, setOldestFirst] = useState(false);
  const [page, setPage] = useState(1);
  const [cancelError, setCancelError] = useState<{ readonly pickupNo: string; readonly error: StationError } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const list = useQuery(
    'pickups.list',
    { status: status || undefined, confirmationNumber: confirmation.trim() || undefined, oldestFirst, page, pageSize: PAGE_SIZE },
    ['pickups'],
  );

  const cancel = async (pickupNo: string): Promise<void> => {
    setBusy(pickupNo);
    const result = await run('pickups.cancel', { pickupNo });
    setBusy(null);
    setCancelError(result.ok ? null : { pickupNo, error: result.error });
    list.reload();
  };

  return (
    <section className="panel" aria-label="Pickups">
      <h2>Pickups</h2>
      <div className="row">
        <label className="field">
          Status
          <select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as typeof status);
              setPage(1);
            }}
          >
            <option value="">Any</option>
            <option value="CONFIRMED">Confirmed</option>
            <option value="CANCELED">Canceled</option>
          </select>
        </label>
        <label className="field">
          Confirmation number
          <input
            value={confirmation}
            onChange={(e) => {
              setConfirmation(e.target.value);
              setPage(1);
            }}
          />
        </label>
        <label className="check">
          <input type="checkbox" checked={oldestFirst} onChange={(e) => setOldestFirst(e.target.checked)} />
          Oldest first
        </label>
      </div>
      <InlineError error={list.error} />
      <table className="data" aria-label="Pickup list">
        <thead>
          <tr>
            <th>Date</th>
            <th>Confirmation</th>
            <th className="num">Packages</th>
            <th>Status</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {(list.data?.pickups ?? []).map((p) => (
            <tr key={p.pickupNo}>
              <td>{p.pickupDate ?? '—'}</td>
              <td className="mono">{p.confirmationNumber ?? p.pickupNo}</td>
              <td className="num">{p.packageCount ?? p.trackingNos.length}</td>
              <td>
                <span className={`badge ${p.status === 'CANCELED' ? 'bad' : 'ok'}`}>{p.status}</span>
              </td>
              <td>
                {p.status === 'CONFIRMED' ? (
                  <button type="button" className="button" disabled={busy === p.pickupNo} onClick={() => void cancel(p.pickupNo)}>
                    Cancel pickup
                  </button>
                ) : null}
                <Working when={busy === p.pickupNo}>Canceling…</Working>
                {cancelError?.pickupNo === p.pickupNo ? <InlineError error={cancelError.error} /> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {list.data && list.data.pickups.length === 0 ? <p className="muted">No pickups match.</p> : null}
      {list.data ? <Pager page={page} pageSize={PAGE_SIZE} total={list.data.total} onPage={setPage} /> : null}
    </section>
  );
}
