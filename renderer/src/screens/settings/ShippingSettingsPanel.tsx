import { useState } from 'react';
import { Key } from '../../ui/Key';
import type { StationError } from '../../../../shared/contract/errors';
import type { PackagePreset, RateRule, ShippingSettings, UpsLabelPrintType } from '../../../../shared/contract/shippingTypes';
import { run } from '../../station/run';
import { AddressForm, addressFrom, draftFrom, type AddressDraft } from '../../ui/AddressForm';
import { InlineError } from '../../ui/ErrorText';

/** Ship-from address, box presets, the rate rule and what this bench prints on labels, saved together. */
export function ShippingSettingsPanel({ settings }: { readonly settings: ShippingSettings }) {
  const [from, setFrom] = useState<AddressDraft>(() => draftFrom(settings.shipFrom));
  const [presets, setPresets] = useState<readonly PackagePreset[]>(settings.presets);
  const [defaultPreset, setDefaultPreset] = useState(settings.defaultPreset ?? '');
  const [rule, setRule] = useState<RateRule>(settings.rateRule);
  const [labelReference, setLabelReference] = useState(settings.labelReference ?? '');
  const [upsPrintType, setUpsPrintType] = useState<UpsLabelPrintType>(settings.upsLabelPrintType);
  const [scanToVerify, setScanToVerify] = useState(settings.scanToVerify);
  const [draft, setDraft] = useState({ name: '', lengthIn: '', widthIn: '', heightIn: '' });
  const [error, setError] = useState<StationError | null>(null);
  const [saved, setSaved] = useState(false);

  const save = async (): Promise<void> => {
    setSaved(false);
    const result = await run('settings.shipping.set', {
      shipFrom: from.name.trim() === '' && from.street.trim() === '' ? null : addressFrom(from),
      presets: [...presets],
      rateRule: rule,
      defaultPreset: defaultPreset || null,
      labelReference,
      upsLabelPrintType: upsPrintType,
      scanToVerify,
    });
    if (!result.ok) return setError(result.error);
    setError(null);
    setSaved(true);
  };

  const addPreset = (): void => {
    const dims = [draft.lengthIn, draft.widthIn, draft.heightIn].map(Number);
    if (!draft.name.trim() || dims.some((d) => !Number.isFinite(d) || d <= 0)) {
      setError({ code: 'invalid_input', message: 'Give the box a name and three sizes in inches above zero.', field: 'presets' });
      return;
    }
    setPresets([...presets.filter((p) => p.name !== draft.name.trim()), { name: draft.name.trim(), lengthIn: dims[0] ?? 1, widthIn: dims[1] ?? 1, heightIn: dims[2] ?? 1 }]);
    setDraft({ name: '', lengthIn: '', widthIn: '', heightIn: '' });
    setError(null);
  };

  return (
    <section className="panel" aria-label="Shipping">
      <h2>Ship from</h2>
      <AddressForm value={from} onChange={setFrom} error={error} prefix="shipFrom" label="Ship-from address" />
      <h2>Box presets</h2>
      <ul className="presets">
        {presets.map((p, index) => (
          <li key={p.name}>
            <label className="check">
              <input type="radio" name="default-preset" checked={defaultPreset === p.name} onChange={() => setDefaultPreset(p.name)} />
              {p.name} ({p.lengthIn}×{p.widthIn}×{p.heightIn} in){defaultPreset === p.name ? ' · default' : ''}
            </label>
            <button
              type="button"
              className="button ghost"
              aria-keyshortcuts={index === presets.length - 1 ? 'Alt+M' : undefined}
              onClick={() => setPresets(presets.filter((x) => x.name !== p.name))}
            >
              Remove {index === presets.length - 1 ? <Key k="Alt+M" /> : null}
            </button>
          </li>
        ))}
      </ul>
      <div className="row">
        <label className="field">
          Name
          <input value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
        </label>
        {(['lengthIn', 'widthIn', 'heightIn'] as const).map((k) => (
          <label key={k} className="field dim">
            {k === 'lengthIn' ? 'Length' : k === 'widthIn' ? 'Width' : 'Height'} (in)
            <input inputMode="decimal" value={draft[k]} onChange={(e) => setDraft({ ...draft, [k]: e.target.value })} />
          </label>
        ))}
        <button type="button" className="button" aria-keyshortcuts="Alt+A" onClick={addPreset}>
          Add box <Key k="Alt+A" />
        </button>
      </div>
      <h2>Rate rule</h2>
      <div className="row">
        <label className="field">
          Preselect
          <select
            value={rule.kind}
            onChange={(e) => {
              const kind = e.target.value;
              setRule(kind === 'cheapestWithin' ? { kind, days: rule.kind === 'cheapestWithin' ? rule.days : 3 } : kind === 'fastest' ? { kind } : { kind: 'cheapest' });
            }}
          >
            <option value="cheapest">Cheapest</option>
            <option value="fastest">Fastest</option>
            <option value="cheapestWithin">Cheapest within N days</option>
          </select>
        </label>
        {rule.kind === 'cheapestWithin' ? (
          <label className="field dim">
            Days
            <input type="number" min={1} max={30} value={rule.days} onChange={(e) => setRule({ kind: 'cheapestWithin', days: Number(e.target.value) })} />
          </label>
        ) : null}
      </div>
      <h2>On the label</h2>
      <div className="row">
        <label className="field grow">
          Reference on label (when a purchase names none)
          <input value={labelReference} onChange={(e) => setLabelReference(e.target.value)} />
        </label>
        <label className="field">
          UPS label print type
          <select value={upsPrintType} onChange={(e) => setUpsPrintType(e.target.value === 'barcode' ? 'barcode' : 'common')}>
            <option value="common">Common</option>
            <option value="barcode">Barcode</option>
          </select>
        </label>
      </div>
      <h2>At this bench</h2>
      <label className="check">
        <input type="checkbox" checked={scanToVerify} onChange={(e) => setScanToVerify(e.target.checked)} />
        Scan to verify: scan each item of the order (or type its count) before Buy
      </label>
      <InlineError error={error ?? undefined} />
      <button type="button" className="button primary" aria-keyshortcuts="Alt+H" onClick={() => void save()}>
        Save shipping settings <Key k="Alt+H" />
      </button>
      {saved ? <p role="status">Saved.</p> : null}
    </section>
  );
}
