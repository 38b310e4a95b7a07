import { useEffect, useRef, useState } from 'react';
import type { BenchCustoms, CustomsText } from '../../../../shared/contract/bench';
import { contentsTypes, contentsTypeWords, MAX_CUSTOMS_ITEMS, nonDeliveryOptions, nonDeliveryWords, totalValueCents } from '../../../../shared/domain/customs';
import { EditorActions } from '../../ui/EditorActions';
import { money } from '../../ui/format';
import { Key } from '../../ui/Key';
import { intent, useBench } from './bench-store';

type Line = CustomsText['items'][number];
type Column = keyof Line;

const columns: ReadonlyArray<{ readonly key: Column; readonly title: string; readonly label: string; readonly width: string }> = [
  { key: 'description', title: 'Description', label: 'description', width: '14ch' },
  { key: 'quantity', title: 'Qty', label: 'quantity', width: '4ch' },
  { key: 'valueUsd', title: 'USD each', label: 'value in dollars, each', width: '7ch' },
  { key: 'weightOz', title: 'Oz each', label: 'weight in ounces, each', width: '6ch' },
  { key: 'hsCode', title: 'HS code', label: 'HS code', width: '9ch' },
  { key: 'originCountry', title: 'Made in', label: 'country of origin', width: '5ch' },
];

const emptyLine: Line = { description: '', quantity: '1', valueUsd: '', weightOz: '', hsCode: '', originCountry: '' };

const focusScan = (): void => document.querySelector<HTMLInputElement>('input[data-scan-field]')?.focus();

/** The problems the station found, one list, each naming its item or field in words. */
function Problems({ customs }: { readonly customs: BenchCustoms }) {
  if (customs.problems.length === 0) return null;
  return (
    <ul className="inline-error error-message" role="alert" aria-label="Customs problems">
      {customs.problems.map((p) => (
        <li key={`${p.field}:${p.message}`}>{p.message}</li>
      ))}
    </ul>
  );
}

/**
 * The declaration as the packer edits it: Enter hands it to the station,
 * which reads and checks it (the rules live there) and rates with it once it
 * keeps every rule; until then the editor stays open with the station's words.
 */
function Editor({ customs, onDone }: { readonly customs: BenchCustoms; readonly onDone: () => void }) {
  const [draft, setDraft] = useState<CustomsText>(customs.text);
  const form = useRef<HTMLFormElement>(null);
  const focusCell = (row: number, column: Column = 'description'): void => {
    requestAnimationFrame(() => form.current?.querySelector<HTMLInputElement>(`input[name="customs.items.${row}.${column}"]`)?.focus());
  };
  useEffect(() => {
    const first = form.current?.querySelector<HTMLInputElement>('input[name^="customs.items."]') ?? form.current?.querySelector<HTMLSelectElement>('select');
    first?.focus();
  }, []);
  const bad = new Set(customs.problems.map((p) => p.field));
  const setLine = (index: number, key: Column, value: string): void => setDraft({ ...draft, items: draft.items.map((line, i) => (i === index ? { ...line, [key]: value } : line)) });
  const addLine = (): void => {
    if (draft.items.length >= MAX_CUSTOMS_ITEMS) return;
    setDraft({ ...draft, items: [...draft.items, emptyLine] });
    focusCell(draft.items.length);
  };
  /** Removes the item the cursor is in, or the last one. */
  const removeLine = (): void => {
    const name = document.activeElement instanceof HTMLInputElement ? document.activeElement.name : '';
    const at = /^customs\.items\.(\d+)\./.exec(name);
    const index = at ? Number(at[1]) : draft.items.length - 1;
    if (index < 0) return;
    setDraft({ ...draft, items: draft.items.filter((_, i) => i !== index) });
    if (draft.items.length > 1) focusCell(Math.min(index, draft.items.length - 2));
  };
  const submit = async (): Promise<void> => {
    await intent('bench.customs', { customs: draft });
    if (useBench.getState().bench?.customs?.problems.length === 0) onDone();
  };
  return (
    <form
      ref={form}
      className="customs-editor"
      aria-label="Edit customs declaration"
      onSubmit={(e) => {
        e.preventDefault();
        e.stopPropagation();
        void submit();
      }}
    >
      <div className="row">
        <label className="field">
          <span>Contents</span>
          <select name="customs.contentsType" value={draft.contentsType} aria-invalid={bad.has('contentsType')} onChange={(e) => setDraft({ ...draft, contentsType: e.target.value as CustomsText['contentsType'] })}>
            {contentsTypes.map((t) => (
              <option key={t} value={t}>
                {contentsTypeWords[t]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>If it cannot be delivered</span>
          <select name="customs.nonDelivery" value={draft.nonDelivery} aria-invalid={bad.has('nonDelivery')} onChange={(e) => setDraft({ ...draft, nonDelivery: e.target.value as CustomsText['nonDelivery'] })}>
            {nonDeliveryOptions.map((o) => (
              <option key={o} value={o}>
                {nonDeliveryWords[o]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="customs-table">
      <table className="data customs-items" aria-label="Customs items">
        <thead>
          <tr>
            <th scope="col">#</th>
            {columns.map((c) => (
              <th key={c.key} scope="col">
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {draft.items.map((line, index) => (
            <tr key={index}>
              <td>{index + 1}</td>
              {columns.map((c) => (
                <td key={c.key}>
                  <input
                    name={`customs.items.${index}.${c.key}`}
                    aria-label={`Item ${index + 1} ${c.label}`}
                    aria-invalid={bad.has(`items.${index}.${c.key}`)}
                    autoComplete="off"
                    spellCheck={false}
                    style={{ width: c.width }}
                    value={line[c.key]}
                    onChange={(e) => setLine(index, c.key, e.target.value)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      </div>
      {draft.items.length === 0 ? <p className="muted small">No items yet: add one with Alt+N.</p> : null}
      <div className="row">
        <button type="button" className="button" aria-keyshortcuts="Alt+N" disabled={draft.items.length >= MAX_CUSTOMS_ITEMS} onClick={addLine}>
          Add item <Key k="Alt+N" />
        </button>
        <button type="button" className="button" aria-keyshortcuts="Alt+M" disabled={draft.items.length === 0} onClick={removeLine}>
          Remove item <Key k="Alt+M" />
        </button>
      </div>
      <div className="row">
        <label className="field">
          <span>AES ITN (over $2,500 per HS line)</span>
          <input name="customs.itn" autoComplete="off" spellCheck={false} placeholder="X20250627012345" aria-invalid={bad.has('itn')} value={draft.itn} onChange={(e) => setDraft({ ...draft, itn: e.target.value })} />
        </label>
        <label className="field">
          <span>or AES exemption</span>
          <input
            name="customs.aesExemption"
            autoComplete="off"
            spellCheck={false}
            placeholder="NOEEI 30.37(a)"
            aria-invalid={bad.has('aesExemption')}
            value={draft.aesExemption}
            onChange={(e) => setDraft({ ...draft, aesExemption: e.target.value })}
          />
        </label>
      </div>
      <Problems customs={customs} />
      <EditorActions use="Use this declaration" leave="Close" onLeave={onDone} />
    </form>
  );
}

/** Customs for a package that leaves the country: what is declared, what stops Buy, and Alt+D to edit it. */
export function CustomsPanel() {
  const bench = useBench((s) => s.bench);
  // The editor belongs to one package: the next scan closes it, so one order's items never land on the next.
  const [editingId, setEditingId] = useState<number | null>(null);
  const customs = bench?.customs;
  if (!bench || !customs) return null;
  const locked = bench.purchase.status === 'buying' || bench.purchase.status === 'bought';
  const declared = customs.declaration;
  return (
    <section className="panel" aria-label="Customs">
      <h2>
        Customs{' '}
        {customs.problems.length > 0 ? <span className="badge warn">not ready</span> : <span className="badge ok">declared</span>}
      </h2>
      {editingId === bench.packageId && !locked ? (
        <Editor
          key={bench.packageId}
          customs={customs}
          onDone={() => {
            setEditingId(null);
            focusScan();
          }}
        />
      ) : (
        <>
          {declared ? (
            <p className="small" aria-label="Customs summary">
              {contentsTypeWords[declared.contentsType]} · {declared.items.length} {declared.items.length === 1 ? 'item' : 'items'} ·{' '}
              {money(totalValueCents(declared) / 100, 'USD')} · {nonDeliveryWords[declared.nonDelivery].toLowerCase()} ·{' '}
              {customs.filing?.type === 'ITN' ? `ITN ${customs.filing.code}` : (customs.filing?.code ?? '')}
            </p>
          ) : null}
          <Problems customs={customs} />
          {locked ? null : (
            <button type="button" className="button" aria-keyshortcuts="Alt+D" onClick={() => setEditingId(bench.packageId)}>
              Edit customs <Key k="Alt+D" />
            </button>
          )}
        </>
      )}
    </section>
  );
}
