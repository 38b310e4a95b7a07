import { useEffect, useRef, useState } from 'react';
import { Key } from '../../ui/Key';
import type { StationError } from '../../../../shared/contract/errors';
import type { AddressCheck } from '../../../../shared/contract/shippingTypes';
import { run } from '../../station/run';
import { AddressForm, addressFrom, draftFrom, emptyAddress } from '../../ui/AddressForm';
import { InlineError } from '../../ui/ErrorText';
import { addressLines } from '../../ui/format';

/** Check a U.S. address against USPS standards and see what would change. */
export function AddressScreen() {
  const [draft, setDraft] = useState(emptyAddress);
  const [check, setCheck] = useState<AddressCheck | null>(null);
  const [error, setError] = useState<StationError | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // The operator starts typing the address: its first field has the cursor on arrival.
  useEffect(() => form.current?.querySelector('input')?.focus(), []);

  const validate = async (): Promise<void> => {
    setBusy(true);
    const result = await run('address.validate', { address: addressFrom(draft) });
    setBusy(false);
    if (!result.ok) {
      setCheck(null);
      return setError(result.error);
    }
    setError(null);
    setCheck(result.value);
  };

  return (
    <section className="screen" aria-label="Address">
      <h1>Address check</h1>
      <div className="grid-2">
        <form
          ref={form}
          className="panel"
          onSubmit={(e) => {
            e.preventDefault();
            void validate();
          }}
        >
          <AddressForm value={draft} onChange={setDraft} error={error} prefix="address" label="Address to check" />
          <InlineError error={error ?? undefined} />
          <button type="submit" className="button primary big" disabled={busy}>
            {busy ? 'Checking…' : 'Check address'} <Key k="Enter" />
          </button>
        </form>
        {check ? (
          <section className="panel" aria-label="Result">
            <h2>{check.valid ? <span className="badge ok">Deliverable</span> : <span className="badge bad">Not confirmed</span>}</h2>
            {check.messages.map((m) => (
              <p key={m}>{m}</p>
            ))}
            {check.standardized ? (
              <>
                <h2>Standardized</h2>
                <address className="address">
                  {addressLines(check.standardized).map((line) => (
                    <span key={line}>{line}</span>
                  ))}
                </address>
              </>
            ) : null}
            {check.corrections.length > 0 ? (
              <>
                <h2>Corrections</h2>
                <ul>
                  {check.corrections.map((c) => (
                    <li key={c.field}>
                      {c.field}: <s>{c.from || '(empty)'}</s> → <strong>{c.to || '(empty)'}</strong>
                    </li>
                  ))}
                </ul>
                {check.standardized ? (
                  <button type="button" className="button" aria-keyshortcuts="Alt+A" onClick={() => setDraft(draftFrom(check.standardized))}>
                    Use the standardized address <Key k="Alt+A" />
                  </button>
                ) : null}
              </>
            ) : (
              <p className="muted">No corrections.</p>
            )}
          </section>
        ) : null}
      </div>
    </section>
  );
}
