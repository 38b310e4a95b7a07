import { useEffect, useRef, useState } from 'react';
import { Key } from '../../ui/Key';
import { useStartFocus } from '../../ui/use-start-focus';
import type { StationError } from '../../../../shared/contract/errors';
import type { ScanForm } from '../../../../shared/contract/shippingTypes';
import { useNav } from '../../stores/nav-store';
import { useReadOnly } from '../../station/read-only';
import { run } from '../../station/run';
import { useQuery } from '../../station/use-query';
import { InlineError } from '../../ui/ErrorText';
import { benchTime } from '../../ui/format';
import { PdfLink } from '../../ui/PdfLink';
import { DaySheet } from './DaySheet';

/** Close the day: one SCAN form for today's USPS labels, then the pickup. */
export function EndOfDayScreen() {
  const go = useNav((s) => s.go);
  const candidates = useQuery('scanForms.candidates', {}, ['shipments', 'scanForms']);
  const forms = useQuery('scanForms.list', { limit: 20 }, ['scanForms']);
  const [made, setMade] = useState<ScanForm | null>(null);
  const [error, setError] = useState<StationError | null>(null);
  const [busy, setBusy] = useState(false);
  const readOnly = useReadOnly() !== undefined;
  const count = candidates.data?.length ?? 0;
  // Newest first, as the station lists them: the newest is picked until ↑ ↓ pick another, and Alt+E opens the picked one's PDF.
  const withPdf = (forms.data ?? []).filter((f) => f.pdfUrl);
  const [pickedId, setPickedId] = useState<number | null>(null);
  const picked = withPdf.find((f) => f.id === pickedId) ?? withPdf[0];
  const screen = useRef<HTMLElement>(null);
  // Work starts at Create SCAN form once the count is known; with nothing to put on a form, at the pickup offer.
  useStartFocus(screen, candidates.data !== undefined, '[aria-keyshortcuts="Alt+F"]');

  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if ((event.key !== 'ArrowDown' && event.key !== 'ArrowUp') || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement || event.target instanceof HTMLTextAreaElement) return;
      const at = picked ? withPdf.indexOf(picked) : -1;
      const next = withPdf[Math.min(withPdf.length - 1, Math.max(0, at + (event.key === 'ArrowDown' ? 1 : -1)))];
      if (!next) return;
      event.preventDefault();
      setPickedId(next.id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const create = async (): Promise<void> => {
    setBusy(true);
    const result = await run('scanForms.createToday', {});
    setBusy(false);
    if (!result.ok) return setError(result.error);
    setError(null);
    setMade(result.value);
  };

  return (
    <section ref={screen} className="screen" aria-label="End of day">
      <h1>End of day</h1>
      <div className="grid-2">
        <section className="panel" aria-label="SCAN form">
          <h2>SCAN form (USPS PS 5630)</h2>
          <InlineError error={candidates.error} />
          <p>{count === 0 ? 'Every USPS label from today is already on a SCAN form.' : `${count} USPS ${count === 1 ? 'label' : 'labels'} from today ${count === 1 ? 'is' : 'are'} not on a SCAN form yet.`}</p>
          <button type="button" className="button primary big" disabled={busy || count === 0 || readOnly} aria-keyshortcuts="Alt+F" onClick={() => void create()}>
            {busy ? 'Making the SCAN form…' : 'Create SCAN form'} <Key k="Alt+F" />
          </button>
          <InlineError error={error ?? undefined} />
          {made ? (
            <div className="success" role="status">
              <p>
                SCAN form ready for {made.trackingNos.length} {made.trackingNos.length === 1 ? 'package' : 'packages'}{made.status !== 'ready' ? ` (${made.status})` : ''}.
              </p>
              {made.pdfUrl ? (
                <PdfLink url={made.pdfUrl} shortcut="Alt+O">
                  Open the SCAN form PDF
                </PdfLink>
              ) : null}
            </div>
          ) : null}
        </section>
        <section className="panel" aria-label="Pickup offer">
          <h2>Carrier pickup</h2>
          <p>Have USPS collect today's packages instead of taking them to the post office.</p>
          <button type="button" className="button big" aria-keyshortcuts="Alt+P" onClick={() => go('pickups')}>
            Schedule a pickup <Key k="Alt+P" />
          </button>
        </section>
      </div>
      <DaySheet />
      <section className="panel" aria-label="Earlier SCAN forms">
        <h2>Earlier SCAN forms</h2>
        <InlineError error={forms.error} />
        {withPdf.length > 1 ? <p className="small muted">↑ ↓ pick a form; Alt+E opens its PDF.</p> : null}
        <table className="data" aria-label="Earlier SCAN forms">
          <thead>
            <tr>
              <th>Made</th>
              <th className="num">Packages</th>
              <th>Status</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {(forms.data ?? []).map((f) => (
              <tr
                key={f.id}
                className={f.pdfUrl ? 'selectable' : undefined}
                aria-selected={f.pdfUrl ? f.id === picked?.id : undefined}
                onClick={() => f.pdfUrl && setPickedId(f.id)}
              >
                <td>{benchTime(f.createdAt)}</td>
                <td className="num">{f.trackingNos.length}</td>
                <td>{f.status}</td>
                <td>
                  {f.pdfUrl ? (
                    <PdfLink url={f.pdfUrl} shortcut={f.id === picked?.id ? 'Alt+E' : undefined}>
                      Open PDF
                    </PdfLink>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {forms.data && forms.data.length === 0 ? <p className="muted">No SCAN forms yet.</p> : null}
      </section>
    </section>
  );
}
