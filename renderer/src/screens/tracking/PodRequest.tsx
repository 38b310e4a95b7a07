import { useState } from 'react';
import { Working } from '../../ui/Working';
import { Key } from '../../ui/Key';
import type { StationError } from '../../../../shared/contract/errors';
import { run } from '../../station/run';
import { InlineError } from '../../ui/ErrorText';

/** Proof of delivery: the service emails a letter to one to three addresses. */
export function PodRequest({ trackingRef }: { readonly trackingRef: string }) {
  const [emails, setEmails] = useState('');
  const [error, setError] = useState<StationError | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (): Promise<void> => {
    setBusy(true);
    setMessage(null);
    const list = emails
      .split(/[,;\s]+/)
      .map((e) => e.trim())
      .filter(Boolean);
    const result = await run('pod.submit', { ref: trackingRef, emails: list });
    setBusy(false);
    if (!result.ok) return setError(result.error);
    setError(null);
    setMessage(result.value.message);
  };

  return (
    <section className="panel" aria-label="Proof of delivery">
      <h2>Proof of delivery (USPS)</h2>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label className="field grow">
          <span>
            Email the letter to <span className="hint">(1 to 3 addresses, separated by commas)</span> <Key k="Alt+E" />
          </span>
          <input aria-keyshortcuts="Alt+E" value={emails} onChange={(e) => setEmails(e.target.value)} aria-invalid={error?.code === 'invalid_input'} />
        </label>
        <button type="submit" className="button" disabled={busy}>
          Request proof of delivery <Key k="Enter" />
        </button>
        <Working when={busy}>Sending the request…</Working>
      </form>
      <InlineError error={error ?? undefined} />
      {message ? <p role="status">{message}</p> : null}
    </section>
  );
}
