import { statusWords } from '../../../../shared/domain/operatorWords';
import { useState } from 'react';
import type { V1ScanForm } from '../../../../shared/contract/account';
import type { StationError } from '../../../../shared/contract/errors';
import { useReadOnly } from '../../station/read-only';
import { run } from '../../station/run';
import { useEvent } from '../../station/use-query';
import { InlineError } from '../../ui/ErrorText';
import { Key } from '../../ui/Key';
import { PdfLink } from '../../ui/PdfLink';

interface Progress {
  readonly attempt: number;
  readonly status: string;
  readonly message?: string;
}

/** Legacy SCAN forms: the USPS one at once, the e-commerce one started and then waited on. */
export function V1ScanForms() {
  const [codes, setCodes] = useState('');
  const [kind, setKind] = useState<'usps' | 'ecommerce'>('usps');
  const [carrier, setCarrier] = useState('dhl');
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [form, setForm] = useState<V1ScanForm | null>(null);
  const [error, setError] = useState<StationError | null>(null);
  const readOnly = useReadOnly() !== undefined;

  useEvent('account.scanForm.progress', (event) => {
    if (busy) setProgress({ attempt: event.attempt, status: event.status, message: event.message });
  });

  const create = async (): Promise<void> => {
    const trackingCodes = codes
      .split(/[\s,;]+/)
      .map((c) => c.trim())
      .filter(Boolean);
    setBusy(true);
    setForm(null);
    setProgress(null);
    const result =
      kind === 'usps' ? await run('account.scanForms.create', { trackingCodes }) : await run('account.scanForms.ecommerce', { carrier, trackingCodes });
    setBusy(false);
    if (!result.ok) return setError(result.error);
    setError(null);
    setForm(result.value);
  };

  return (
    <section className="panel" aria-label="Legacy SCAN forms">
      <h2>SCAN forms (v1)</h2>
      <div className="row">
        <label className="field">
          Kind
          <select value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
            <option value="usps">USPS</option>
            <option value="ecommerce">E-commerce (takes a while)</option>
          </select>
        </label>
        {kind === 'ecommerce' ? (
          <label className="field">
            Carrier
            <input value={carrier} onChange={(e) => setCarrier(e.target.value)} />
          </label>
        ) : null}
      </div>
      <label className="field">
        Tracking codes <span className="hint">(one per line)</span>
        <textarea rows={4} value={codes} onChange={(e) => setCodes(e.target.value)} />
      </label>
      <button type="button" className="button primary" disabled={busy || readOnly} aria-keyshortcuts="Alt+F" onClick={() => void create()}>
        Create SCAN form <Key k="Alt+F" />
      </button>
      {busy && progress ? (
        <p role="status">
          {progress.status === 'started' ? 'Request sent; ' : ''}waiting for the PDF (check {progress.attempt}){progress.message ? `: ${progress.message}` : ''}…
        </p>
      ) : null}
      {busy && !progress ? <p role="status">Working…</p> : null}
      <InlineError error={error ?? undefined} />
      {form ? (
        <div className={form.status === 'failed' ? 'inline-error' : 'success'} role="status">
          <p>
            SCAN form {statusWords(form.status).toLowerCase()}
            {form.requestId ? ` (request ${form.requestId})` : ''}. {form.message ?? ''}
          </p>
          {form.url ? (
            <PdfLink url={form.url} shortcut="Alt+O">
              Open the SCAN form PDF
            </PdfLink>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
