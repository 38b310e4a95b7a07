import { statusWords } from '../../../../shared/domain/operatorWords';
import { useState } from 'react';
import { Key } from '../../ui/Key';
import { Working } from '../../ui/Working';
import type { StationError } from '../../../../shared/contract/errors';
import type { Pickup } from '../../../../shared/contract/shippingTypes';
import { useReadOnly } from '../../station/read-only';
import { run } from '../../station/run';
import { useQuery } from '../../station/use-query';
import { InlineError } from '../../ui/ErrorText';
import { Pager } from '../../ui/Pager';

const PAGE_SIZE = 20;

/**
 * Pickups with the service's filters and paging; a canceled one offers
 * nothing more. Cancel asks first (Alt+C on the first confirmed pickup, then
 * Alt+Y to confirm; Enter, Alt+K or Esc keeps it). Not Alt+X: that dismisses
 * the newest problem on every screen.
 */
export function PickupList({ onCanceled }: { readonly onCanceled: (pickup: Pickup) => void }) {
  const [status, setStatus] = useState<'' | 'CONFIRMED' | 'CANCELED'>('');
  const [confirmation, setConfirmation] = useState('');
  const [oldestFirst, setOldestFirst] = useState(false);
  const [page, setPage] = useState(1);
  const [cancelError, setCancelError] = useState<{ readonly pickupNo: string; readonly error: StationError } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [asking, setAsking] = useState<string | null>(null);
  const readOnly = useReadOnly() !== undefined;
  const list = useQuery(
    'pickups.list',
    { status: status || undefined, confirmationNumber: confirmation.trim() || undefined, oldestFirst, page, pageSize: PAGE_SIZE },
    ['pickups'],
  );

  const cancel = async (pickupNo: string): Promise<void> => {
    setAsking(null);
    setBusy(pickupNo);
    const result = await run('pickups.cancel', { pickupNo });
    setBusy(null);
    setCancelError(result.ok ? null : { pickupNo, error: result.error });
    if (result.ok) onCanceled(result.value);
    list.reload();
  };
  const pickups = list.data?.pickups ?? [];
  const firstConfirmed = pickups.find((p) => p.status === 'CONFIRMED')?.pickupNo;

  return (
    <section className="panel" aria-label="Pickups">
      <h2>Pickups</h2>
      <div className="row">
        <label className="field">
          <span>
            Status <Key k="Alt+F" />
          </span>
          <select
            aria-keyshortcuts="Alt+F"
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
          <input type="checkbox" aria-keyshortcuts="Alt+O" checked={oldestFirst} onChange={(e) => setOldestFirst(e.target.checked)} />
          Oldest first <Key k="Alt+O" />
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
          {pickups.map((p) => (
            <tr key={p.pickupNo}>
              <td>{p.pickupDate ?? '—'}</td>
              <td className="mono">{p.confirmationNumber ?? p.pickupNo}</td>
              <td className="num">{p.packageCount ?? p.trackingNos.length}</td>
              <td>
                <span className={`badge ${p.status === 'CANCELED' ? 'bad' : 'ok'}`}>{statusWords(p.status)}</span>
              </td>
              <td>
                {p.status === 'CONFIRMED' && asking === p.pickupNo ? (
                  <ConfirmCancel pickup={p} onYes={() => void cancel(p.pickupNo)} onNo={() => setAsking(null)} />
                ) : p.status === 'CONFIRMED' ? (
                  <button
                    type="button"
                    className="button"
                    disabled={busy === p.pickupNo || readOnly}
                    aria-keyshortcuts={p.pickupNo === firstConfirmed ? 'Alt+C' : undefined}
                    onClick={() => setAsking(p.pickupNo)}
                  >
                    Cancel pickup {p.pickupNo === firstConfirmed ? <Key k="Alt+C" /> : null}
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

/** The second step of a cancel: the focus rests on "Keep it", so a stray Enter keeps the pickup. */
function ConfirmCancel({ pickup, onYes, onNo }: { readonly pickup: Pickup; readonly onYes: () => void; readonly onNo: () => void }) {
  return (
    <div
      className="row"
      role="group"
      aria-label="Confirm cancel"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onNo();
      }}
    >
      <span>
        Cancel pickup <span className="mono">{pickup.confirmationNumber ?? pickup.pickupNo}</span> for {pickup.pickupDate ?? 'the next USPS day'}?
      </span>
      <button type="button" className="button danger" aria-keyshortcuts="Alt+Y" onClick={onYes}>
        Yes, cancel it <Key k="Alt+Y" />
      </button>
      <button type="button" className="button" autoFocus aria-keyshortcuts="Alt+K" onClick={onNo}>
        Keep it <Key k="Alt+K" /> <Key k="Esc" />
      </button>
    </div>
  );
}
