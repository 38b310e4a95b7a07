import { run } from '../../station/run';
import { useQuery } from '../../station/use-query';
import { InlineError } from '../../ui/ErrorText';
import { Key } from '../../ui/Key';

/** The opt-in wire capture for support: a switch and where the files go. */
export function WireCaptureSettings() {
  const status = useQuery('capture.status', {}, ['settings']);
  const data = status.data;
  return (
    <section className="panel" aria-label="Wire capture for support">
      <h2>Wire capture for support</h2>
      <InlineError error={status.error} />
      {data ? (
        <>
          <label className="check">
            <input
              type="checkbox"
              checked={data.enabled}
              disabled={data.fromCommandLine}
              aria-keyshortcuts="Alt+W"
              onChange={(e) => void run('capture.set', { enabled: e.target.checked }, { action: 'Switching wire capture' })}
            />
            Record every exchange with the shipping service to files <Key k="Alt+W" />
          </label>
          <p className="small">
            {data.enabled ? 'On: each request and answer is written to ' : 'When on, each request and answer is written to '}
            <span className="mono">{data.folder}</span>. Keys, tokens and passwords are removed first; addresses are kept, so share the files only with support.
          </p>
          {data.fromCommandLine ? <p className="small muted">Switched on for this run by --capture-wire; it ends when the station stops.</p> : null}
        </>
      ) : null}
    </section>
  );
}
