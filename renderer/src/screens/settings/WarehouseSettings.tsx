import { useState } from 'react';
import type { StationError } from '../../../../shared/contract/errors';
import { run } from '../../station/run';
import { useQuery } from '../../station/use-query';
import { InlineError } from '../../ui/ErrorText';
import { Key } from '../../ui/Key';

/** Settings → Warehouse: whether this bench shares purchases with other benches, the connection in words, and this bench's name. */
export function WarehouseSettings() {
  const status = useQuery('warehouse.status', {}, ['settings']);
  const [url, setUrl] = useState('');
  const [bench, setBench] = useState<string | null>(null);
  const [error, setError] = useState<StationError | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const data = status.data;

  const keep = async (address: string | null): Promise<void> => {
    setSaved(null);
    const name = (bench ?? data?.saved?.bench ?? data?.bench ?? '').trim();
    const result = await run('warehouse.set', { url: address === null ? null : address.trim(), ...(name ? { bench: name } : {}) });
    if (!result.ok) return setError(result.error);
    setError(null);
    // A password typed in the address is never kept in the screen longer than the call.
    setUrl('');
    setSaved(address === null ? 'From the next start this bench works alone.' : 'Kept: this bench joins the warehouse when the station starts next.');
  };

  return (
    <section className="panel" aria-label="Warehouse">
      <h2>Warehouse</h2>
      <InlineError error={status.error} />
      {data ? (
        <>
          <p role="status">
            {data.state === 'unreachable' || data.state === 'refused' ? <span className="badge bad">not connected</span> : null} {data.words}
          </p>
          {data.bench ? (
            <p className="small">
              This bench: <strong>{data.bench}</strong>
            </p>
          ) : null}
          {data.fromCommandLine ? (
            <p className="small muted">This run joined the warehouse through --warehouse or PARCEL_STATION_WAREHOUSE_URL; those come before what is kept here.</p>
          ) : null}
          {data.saved ? (
            <p className="small">
              Kept for the next start: <span className="mono">{data.saved.address}</span>
              {data.saved.bench ? ` as bench ${data.saved.bench}` : ''}
            </p>
          ) : null}
          <form
            className="stack"
            autoComplete="off"
            onSubmit={(e) => {
              e.preventDefault();
              void keep(url);
            }}
          >
            <label className="field">
              Warehouse database address
              <input value={url} placeholder="postgres://user@host:5432/database" onChange={(e) => setUrl(e.target.value)} aria-invalid={error !== null} />
            </label>
            <label className="field">
              This bench&apos;s name
              <input value={bench ?? data.saved?.bench ?? data.bench ?? ''} onChange={(e) => setBench(e.target.value)} />
            </label>
            <InlineError error={error ?? undefined} />
            <div className="row">
              <button type="submit" className="button primary" aria-keyshortcuts="Alt+J">
                Join this warehouse at the next start <Key k="Alt+J" />
              </button>
              {data.saved ? (
                <button type="button" className="button" aria-keyshortcuts="Alt+K" onClick={() => void keep(null)}>
                  Work alone from the next start <Key k="Alt+K" />
                </button>
              ) : null}
            </div>
          </form>
          {saved ? <p role="status">{saved}</p> : null}
        </>
      ) : null}
    </section>
  );
}
