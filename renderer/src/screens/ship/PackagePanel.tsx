import { useState } from 'react';
import type { PackagePreset } from '../../../../shared/contract/shippingTypes';
import { Key } from '../../ui/Key';
import { ScaleReading } from './ScaleReading';
import { intent, useBench } from './bench-store';

const sourceWords = {
  typed: 'Typed weight: a new stable scale reading replaces it.',
  scale: 'From the scale.',
  order: 'From the order; place the box on the scale to weigh it.',
} as const;

/** Box preset and weight. The station decides which weight counts; the field shows exactly the weight Buy uses. */
export function PackagePanel({ presets }: { readonly presets: readonly PackagePreset[] }) {
  const weight = useBench((s) => s.bench?.weight);
  const packageId = useBench((s) => s.bench?.packageId ?? 0);
  const presetName = useBench((s) => s.bench?.presetName ?? null);
  const dims = useBench((s) => s.bench?.dims ?? null);
  const blocker = useBench((s) => s.bench?.blockers.find((b) => b.field === 'weight') ?? null);
  const refusedAtBuy = useBench((s) => s.bench?.purchase.error?.field === 'weight' || [s.bench?.rates.error?.field].some((f) => f?.startsWith('package.weight')));
  // What the packer is typing, for this package and over the weight the station showed when they started.
  const [draft, setDraft] = useState<{ readonly packageId: number; readonly base: string; readonly text: string } | null>(null);
  const shown = weight?.text ?? '';
  const text = draft && draft.packageId === packageId && draft.base === shown ? draft.text : shown;
  const error = weight?.error ?? null;
  const commit = (): void => {
    if (draft && draft.text !== shown) void intent('bench.weight', { text: draft.text });
    setDraft(null);
  };

  return (
    <section className="panel" aria-label="Package">
      <h2>Package</h2>
      <div className="row">
        <label className="field">
          <span>
            Weight <Key k="Alt+W" />
          </span>
          <input
            name="weight"
            className="weight"
            value={text}
            inputMode="decimal"
            autoComplete="off"
            aria-keyshortcuts="Alt+W"
            aria-invalid={error !== null || refusedAtBuy}
            aria-describedby="weight-hint"
            onChange={(e) => setDraft({ packageId, base: shown, text: e.target.value })}
            onBlur={commit}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              // Enter in Weight buys the package when it is ready, at exactly the weight typed.
              e.preventDefault();
              e.stopPropagation();
              setDraft(null);
              void intent('bench.buy', { weightText: text });
            }}
          />
        </label>
        <label className="field">
          Box
          <select value={presetName ?? ''} onChange={(e) => void intent('bench.box', { presetName: e.target.value || null })}>
            <option value="">{dims ? `Custom ${dims.lengthIn}×${dims.widthIn}×${dims.heightIn} in` : 'No box size'}</option>
            {presets.map((p) => (
              <option key={p.name} value={p.name}>
                {p.name} ({p.lengthIn}×{p.widthIn}×{p.heightIn} in)
              </option>
            ))}
          </select>
        </label>
      </div>
      <p id="weight-hint" className={error || (blocker && weight?.source) ? 'small error-message' : 'small muted'} role={error ? 'alert' : undefined}>
        {error ?? (weight?.source ? sourceWords[weight.source] : (blocker?.message ?? 'Place the box on the scale, or type a weight such as 12 oz or 1 lb 4 oz.'))}
      </p>
      <ScaleReading />
    </section>
  );
}
