import { useState } from 'react';
import { formatOunces, parseTypedWeight } from '../../../../shared/domain/units';
import type { PackagePreset } from '../../../../shared/contract/shippingTypes';
import { ScaleReading } from './ScaleReading';
import { useShip } from './ship-store';

/** Box preset and weight: the scale fills the weight once stable; typing one overrides it. */
export function PackagePanel({ presets }: { readonly presets: readonly PackagePreset[] }) {
  const weightOz = useShip((s) => s.weightOz);
  const source = useShip((s) => s.weightSource);
  const presetName = useShip((s) => s.presetName);
  const dims = useShip((s) => s.dims);
  const patch = useShip((s) => s.patch);
  // The service or the station may refuse the weight itself: mark the field that caused it.
  const refused = useShip((s) => [s.rateError?.field, s.buyError?.field].some((f) => f?.startsWith('package.weight')));
  // What the operator is typing; null shows the current weight (from the scale or the order).
  const [draft, setDraft] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const text = draft ?? (weightOz ? formatOunces(weightOz) : '');

  const commit = (): void => {
    if (draft === null) return;
    if (draft.trim() === '') {
      setDraft(null);
      return;
    }
    const parsed = parseTypedWeight(draft);
    if (parsed === undefined || parsed <= 0) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setDraft(null);
    patch({ weightOz: parsed, weightSource: 'typed' });
  };

  return (
    <section className="panel" aria-label="Package">
      <h2>Package</h2>
      <div className="row">
        <label className="field">
          Weight
          <input
            name="weight"
            className="weight"
            value={text}
            inputMode="decimal"
            autoComplete="off"
            aria-invalid={invalid || refused}
            aria-describedby="weight-hint"
            onChange={(e) => setDraft(e.target.value)}
            onBlur={commit}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                e.stopPropagation();
                commit();
              }
            }}
          />
        </label>
        <label className="field">
          Box
          <select
            value={presetName ?? ''}
            onChange={(e) => {
              const preset = presets.find((p) => p.name === e.target.value);
              patch({
                presetName: preset?.name ?? null,
                dims: preset ? { lengthIn: preset.lengthIn, widthIn: preset.widthIn, heightIn: preset.heightIn, packageCode: preset.packageCode } : dims,
              });
            }}
          >
            <option value="">{dims ? `Custom ${dims.lengthIn}×${dims.widthIn}×${dims.heightIn} in` : 'No box size'}</option>
            {presets.map((p) => (
              <option key={p.name} value={p.name}>
                {p.name} ({p.lengthIn}×{p.widthIn}×{p.heightIn} in)
              </option>
            ))}
          </select>
        </label>
      </div>
      <p id="weight-hint" className={invalid ? 'small error-message' : 'small muted'}>
        {invalid
          ? 'That is not a weight. Type e.g. 12 oz, 1.5 lb or 1 lb 4 oz.'
          : source === 'typed'
            ? 'Typed weight: it stays until the next package.'
            : source === 'scale'
              ? 'From the scale.'
              : source === 'order'
                ? 'From the order; place the box on the scale to weigh it.'
                : 'Place the box on the scale, or type a weight such as 12 oz or 1 lb 4 oz.'}
      </p>
      <ScaleReading />
    </section>
  );
}
