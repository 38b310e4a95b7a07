import { useState } from 'react';
import { Working } from '../../ui/Working';
import { Key } from '../../ui/Key';
import { labelRotations, languageNames, mediaSizes, printerLanguages, type LabelRotation } from '../../../../shared/domain/printing';
import { defaultVirtualProfile, type PrinterProfile, type PrinterView } from '../../../../shared/contract/printing';
import type { StationError } from '../../../../shared/contract/errors';
import { run } from '../../station/run';
import { useQuery } from '../../station/use-query';
import { InlineError } from '../../ui/ErrorText';
import { PrintJobs } from './PrintJobs';

const ROTATION_NAMES: Readonly<Record<LabelRotation, string>> = {
  auto: 'as their barcodes read',
  none: 'never',
  clockwise: 'a quarter clockwise',
  'upside-down': 'upside down',
  counterclockwise: 'a quarter counterclockwise',
};

const kindWords: Readonly<Record<PrinterView['kind'], string>> = { virtual: 'virtual', usb: 'USB', tcp: 'network', queue: 'installed in the OS' };

function ProfileForm({ printer }: { readonly printer: PrinterView | null }) {
  // A printer detected but not set up yet starts from what the station suggests for it (its transport, its language).
  const proposal = useQuery('printers.profile.get', printer && !printer.profile ? { printerId: printer.id } : null, []);
  // null until the operator edits: until then the form shows the saved profile or the suggestion as they arrive.
  const [draft, setProfile] = useState<PrinterProfile | null>(null);
  const profile = draft ?? printer?.profile ?? proposal.data ?? { ...defaultVirtualProfile, ...(printer ? { id: printer.id, name: printer.name } : {}) };
  const [makeDefault, setMakeDefault] = useState(printer?.isDefault ?? true);
  const [error, setError] = useState<StationError | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [testing, setTesting] = useState(false);

  const save = async (): Promise<void> => {
    const result = await run('printers.profile.set', { profile, makeDefault });
    if (!result.ok) return setError(result.error);
    setError(null);
    setNote('Printer saved.');
  };
  const testPrint = async (): Promise<void> => {
    setTesting(true);
    const result = await run('printers.testPrint', { printerId: profile.id });
    setTesting(false);
    if (!result.ok) return setError(result.error);
    setError(null);
    setNote(`Test label ${result.value.status}.`);
  };
  const bad = (field: string) => error?.field === `profile.${field}`;
  if (proposal.loading) return <p className="muted">Reading what the printer suggests…</p>;

  return (
    <div className="stack">
      <div className="row">
        <label className="field">
          Name
          <input value={profile.name} aria-invalid={bad('name')} onChange={(e) => setProfile({ ...profile, name: e.target.value })} />
        </label>
        <label className="field">
          Language
          <select value={profile.language} onChange={(e) => setProfile({ ...profile, language: e.target.value as PrinterProfile['language'] })}>
            {printerLanguages.map((l) => (
              <option key={l} value={l}>
                {languageNames[l]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          Resolution
          <select value={profile.dpi} onChange={(e) => setProfile({ ...profile, dpi: Number(e.target.value) === 300 ? 300 : 203 })}>
            <option value={203}>203 dpi</option>
            <option value={300}>300 dpi</option>
          </select>
        </label>
        <label className="field">
          Labels
          <select value={profile.media} onChange={(e) => setProfile({ ...profile, media: e.target.value as PrinterProfile['media'] })}>
            {mediaSizes.map((m) => (
              <option key={m} value={m}>
                {m} in
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          Turn labels
          <select value={profile.rotation ?? 'auto'} onChange={(e) => setProfile({ ...profile, rotation: e.target.value as LabelRotation })}>
            {labelRotations.map((r) => (
              <option key={r} value={r}>
                {ROTATION_NAMES[r]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="row">
        {profile.transport.kind === 'queue' ? (
          <label className="field dim">
            Installed printer
            <input value={profile.transport.name} readOnly />
          </label>
        ) : null}
        {profile.transport.kind === 'tcp' ? (
          <>
            <label className="field">
              Network address
              <input value={profile.transport.host} aria-invalid={bad('transport.host')} onChange={(e) => setProfile({ ...profile, transport: { kind: 'tcp', host: e.target.value, port: profile.transport.kind === 'tcp' ? profile.transport.port : 9100 } })} />
            </label>
            <label className="field dim">
              Port
              <input type="number" value={profile.transport.port} onChange={(e) => setProfile({ ...profile, transport: { kind: 'tcp', host: profile.transport.kind === 'tcp' ? profile.transport.host : '', port: Number(e.target.value) } })} />
            </label>
          </>
        ) : null}
        <label className="field dim">
          Darkness %
          <input type="number" min={0} max={100} placeholder="printer's own" value={profile.darkness ?? ''} onChange={(e) => setProfile({ ...profile, darkness: e.target.value === '' ? null : Number(e.target.value) })} />
        </label>
        <label className="field dim">
          Offset X (dots)
          <input type="number" value={profile.offsetX} onChange={(e) => setProfile({ ...profile, offsetX: Number(e.target.value) })} />
        </label>
        <label className="field dim">
          Offset Y (dots)
          <input type="number" value={profile.offsetY} onChange={(e) => setProfile({ ...profile, offsetY: Number(e.target.value) })} />
        </label>
        <label className="check">
          <input type="checkbox" checked={makeDefault} onChange={(e) => setMakeDefault(e.target.checked)} />
          Default printer
        </label>
      </div>
      {printer?.suggestion ? (
        <p className="small muted">
          Detected {printer.suggestion.model}: {languageNames[printer.suggestion.language]}, {printer.suggestion.dpi} dpi.
        </p>
      ) : null}
      <InlineError error={error ?? undefined} />
      <div className="row">
        <button type="button" className="button primary" aria-keyshortcuts="Alt+I" onClick={() => void save()}>
          Save printer <Key k="Alt+I" />
        </button>
        <button type="button" className="button" aria-keyshortcuts="Alt+T" onClick={() => void testPrint()}>
          Test print <Key k="Alt+T" />
        </button>
        <Working when={testing}>Printing the test label…</Working>
        {note ? <span role="status">{note}</span> : null}
      </div>
    </div>
  );
}

/** Which printer prints, how it is spoken to, and a test label to prove it. */
export function PrinterSettings() {
  const printers = useQuery('printers.list', {}, ['printers']);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const list = printers.data ?? [];
  const chosen = list.find((p) => p.id === chosenId) ?? list.find((p) => p.isDefault) ?? list[0] ?? null;
  return (
    <section className="panel" aria-label="Printer">
      <h2>Printer</h2>
      <InlineError error={printers.error} />
      {list.length > 0 ? (
        <label className="field">
          Printer
          <select value={chosen?.id ?? ''} onChange={(e) => setChosenId(e.target.value)}>
            {list.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} ({kindWords[p.kind]}
                {p.osQueue ? `, ${p.osQueue.state}` : p.connected ? ', connected' : ', not connected'}
                {p.profile ? '' : ', not set up'}){p.isDefault ? ' · default' : ''}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <p className="muted">No printer found yet. Plug one in, install it in the OS, or save the virtual printer below.</p>
      )}
      {chosen?.message ? <p className="small">{chosen.message}</p> : null}
      {printers.data ? <ProfileForm key={chosen?.id ?? 'new'} printer={chosen} /> : null}
      <PrintJobs />
    </section>
  );
}
