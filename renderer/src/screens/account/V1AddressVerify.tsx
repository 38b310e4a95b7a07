import { useState } from 'react';
import type { V1AddressCheck } from '../../../../shared/contract/account';
import type { StationError } from '../../../../shared/contract/errors';
import { run } from '../../station/run';
import { InlineError } from '../../ui/ErrorText';
import { Key } from '../../ui/Key';

type Draft = Record<'street' | 'street2' | 'city' | 'state' | 'zip', string>;
const fields: ReadonlyArray<readonly [keyof Draft, string]> = [
  ['street', 'Street'],
  ['street2', 'Street line 2'],
  ['city', 'City'],
  ['state', 'State'],
  ['zip', 'ZIP code'],
];

/** The legacy address check: the standardized address, with the service's corrections and errors in its words. */
export function V1AddressVerify() {
  const [draft, setDraft] = useState<Draft>({ street: '', street2: '', city: '', state: '', zip: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<StationError | null>(null);
  const [check, setCheck] = useState<V1AddressCheck | null>(null);

  const verify = async (): Promise<void> => {
    setBusy(true);
    const result = await run('account.verifyAddress', { ...draft, ...(draft.street2.trim() ? {} : { street2: undefined }) });
    setBusy(false);
    if (!result.ok) {
      setCheck(null);
      return setError(result.error);
    }
    setError(null);
    setCheck(result.value);
  };

  const a = check?.address;
  return (
    <section className="panel" aria-label="Address verify">
      <h2>Address verify (v1)</h2>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          void verify();
        }}
      >
        {fields.map(([key, words]) => (
          <label key={key} className="field">
            {words}
            <input value={draft[key]} aria-invalid={error?.field === key} onChange={(e) => setDraft({ ...draft, [key]: e.target.value })} />
          </label>
        ))}
        <button type="submit" className="button primary" disabled={busy} aria-keyshortcuts="Alt+A">
          Verify address <Key k="Alt+A" />
        </button>
      </form>
      {busy ? <p role="status">Verifying…</p> : null}
      <InlineError error={error ?? undefined} />
      {check ? (
        <div className={check.errored ? 'inline-error' : 'success'} role="status" aria-label="Verification result">
          <p>
            {check.errored ? 'The service could not verify this address.' : check.corrected ? 'Verified, with corrections.' : 'Verified as entered.'}
            {check.standardized ? ' Standardized by USPS rules.' : ''}
            {check.residential === null ? '' : check.residential ? ' Residential.' : ' Business.'}
          </p>
          {a ? (
            <p className="mono">
              {a.street}
              {a.street2 ? `, ${a.street2}` : ''}, {a.city} {a.state} {a.zip}
            </p>
          ) : null}
          {check.errors.length > 0 ? (
            <ul aria-label="Address errors">
              {check.errors.map((e) => (
                <li key={e.code}>{e.message}</li>
              ))}
            </ul>
          ) : null}
          {check.corrections.length > 0 ? (
            <ul aria-label="Corrections">
              {check.corrections.map((c) => (
                <li key={c.code}>{c.message}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
