import { useState } from 'react';
import type { StationError } from '../../../../shared/contract/errors';
import { useReadOnly } from '../../station/read-only';
import { run } from '../../station/run';
import { InlineError } from '../../ui/ErrorText';
import { Key } from '../../ui/Key';

/** Voids a v1 label by tracking code, after the operator confirms. */
export function V1Void({ initial }: { readonly initial: string }) {
  const [trackingCode, setTrackingCode] = useState(initial);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<StationError | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const readOnly = useReadOnly() !== undefined;

  const voidIt = async (): Promise<void> => {
    setBusy(true);
    const result = await run('account.void', { trackingCode });
    setBusy(false);
    setConfirming(false);
    if (!result.ok) {
      setDone(null);
      return setError(result.error);
    }
    setError(null);
    setDone(`Label ${result.value.trackingCode} is voided.`);
  };

  return (
    <div className="stack" role="group" aria-label="Void a v1 label">
      <h3>Void a label</h3>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          setDone(null);
          setConfirming(true);
        }}
      >
        <label className="field">
          Tracking code to void
          <input className="mono" value={trackingCode} onChange={(e) => setTrackingCode(e.target.value)} />
        </label>
        <button type="submit" className="button" disabled={busy || readOnly || trackingCode.trim() === ''} aria-keyshortcuts="Alt+V">
          Void label <Key k="Alt+V" />
        </button>
      </form>
      {confirming ? (
        <div className="notice notice-warning" role="alert">
          <p>Void label {trackingCode}? It can no longer be shipped with.</p>
          <div className="row">
            <button type="button" className="button danger" autoFocus disabled={busy} aria-keyshortcuts="Enter" onClick={() => void voidIt()}>
              Yes, void it <Key k="Enter" />
            </button>
            <button type="button" className="button ghost" aria-keyshortcuts="Alt+K" onClick={() => setConfirming(false)}>
              Keep it <Key k="Alt+K" />
            </button>
          </div>
        </div>
      ) : null}
      {done ? <p role="status" className="success">{done}</p> : null}
      <InlineError error={error ?? undefined} />
    </div>
  );
}
