import { useState } from 'react';
import type { StationError } from '../../../../shared/contract/errors';
import type { SlipFormat, SlipPaper, SlipSettings, SlipShow, SlipWhen } from '../../../../shared/contract/slips';
import { run } from '../../station/run';
import { useQuery } from '../../station/use-query';
import { InlineError } from '../../ui/ErrorText';
import { Key } from '../../ui/Key';

const whenWords: ReadonlyArray<readonly [SlipWhen, string]> = [
  ['never', 'Never'],
  ['withLabel', 'With every label'],
  ['onDemand', 'On demand (Alt+P on Ship and History)'],
];
const formatWords: ReadonlyArray<readonly [SlipFormat, string]> = [
  ['label', '4x6 slip on a label printer'],
  ['receipt', '80 mm slip on an ESC/POS receipt printer'],
  ['page', 'Letter or A4 page on an installed printer'],
];
const showWords: ReadonlyArray<readonly [keyof SlipShow, string]> = [
  ['storeName', "Store's name"],
  ['orderBarcode', 'Order number as a barcode'],
  ['shipTo', 'Ship-to address'],
  ['items', 'Items with SKU and quantity'],
  ['note', "The order's note"],
];

/** This bench's packing slips: when they print, on which printer, and what they show. */
export function SlipSettingsPanel() {
  const saved = useQuery('slips.settings.get', {}, []);
  return saved.data ? <SlipSettingsForm settings={saved.data} /> : <InlineError error={saved.error} />;
}

function SlipSettingsForm({ settings }: { readonly settings: SlipSettings }) {
  const printers = useQuery('printers.list', {}, ['printers']);
  const [draft, setDraft] = useState<SlipSettings>(settings);
  const [error, setError] = useState<StationError | null>(null);
  const [done, setDone] = useState(false);
  const set = (patch: Partial<SlipSettings>): void => {
    setDone(false);
    setDraft({ ...draft, ...patch });
  };
  // An 80 mm slip needs a receipt printer's language; a 4x6 slip goes to any saved printer.
  const profiles = (printers.data ?? []).filter((p) => p.profile !== null && (draft.format !== 'receipt' || p.profile.language === 'escpos'));
  const queues = (printers.data ?? []).flatMap((p) => (p.osQueue ? [p.osQueue.name] : []));
  const save = async (): Promise<void> => {
    const result = await run('slips.settings.set', { settings: draft });
    if (!result.ok) return setError(result.error);
    setError(null);
    setDraft(result.value);
    setDone(true);
  };
  return (
    <section className="panel" aria-label="Packing slips">
      <h2>Packing slips</h2>
      <label className="field">
        Print a packing slip
        <select value={draft.when} onChange={(e) => set({ when: e.target.value as SlipWhen })}>
          {whenWords.map(([value, words]) => (
            <option key={value} value={value}>
              {words}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        Slip
        <select value={draft.format} onChange={(e) => set({ format: e.target.value as SlipFormat })}>
          {formatWords.map(([value, words]) => (
            <option key={value} value={value}>
              {words}
            </option>
          ))}
        </select>
      </label>
      {draft.format === 'page' ? (
        <div className="row">
          <label className="field">
            Installed printer
            <select value={draft.queueName ?? ''} onChange={(e) => set({ queueName: e.target.value || null })}>
              <option value="">Choose a printer</option>
              {queues.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            Paper
            <select value={draft.paper} onChange={(e) => set({ paper: e.target.value as SlipPaper })}>
              <option value="letter">Letter</option>
              <option value="a4">A4</option>
            </select>
          </label>
        </div>
      ) : (
        <label className="field">
          Printer
          <select value={draft.printerId ?? ''} onChange={(e) => set({ printerId: e.target.value || null })}>
            <option value="">The default printer</option>
            {profiles.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="field">
        Store name on the slip
        <input value={draft.storeName} maxLength={80} onChange={(e) => set({ storeName: e.target.value })} />
      </label>
      <fieldset className="checks">
        <legend>The slip shows</legend>
        {showWords.map(([key, words]) => (
          <label key={key} className="check">
            <input type="checkbox" checked={draft.show[key]} onChange={(e) => set({ show: { ...draft.show, [key]: e.target.checked } })} />
            {words}
          </label>
        ))}
      </fieldset>
      <InlineError error={error ?? undefined} />
      <div className="row">
        <button type="button" className="button" aria-keyshortcuts="Alt+G" onClick={() => void save()}>
          Save packing slips <Key k="Alt+G" />
        </button>
        {done ? (
          <span className="small" role="status">
            Saved.
          </span>
        ) : null}
      </div>
    </section>
  );
}
