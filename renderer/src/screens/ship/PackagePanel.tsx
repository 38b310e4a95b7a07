import type { PackagePreset } from '../../../../shared/contract/shippingTypes';
import { Key } from '../../ui/Key';
import { ScaleReading } from './ScaleReading';
import { intent, useBench } from './bench-store';
import { usePackageDraft } from './use-package-draft';

const sourceWords = {
  typed: 'Typed weight: a new stable scale reading replaces it.',
  scale: 'From the scale.',
  order: 'From the order; place the box on the scale to weigh it.',
} as const;

/** Box preset and weight. The station decides which weight counts; the field shows exactly the weight Buy uses. */
export function PackagePanel({ presets }: { readonly presets: readonly PackagePreset[] }) {
  const weight = useBench((s) => s.bench?.weight);
  const presetName = useBench((s) => s.bench?.presetName ?? null);
  const dims = useBench((s) => s.bench?.dims ?? null);
  const blocker = useBench((s) => s.bench?.blockers.find((b) => b.field === 'weight') ?? null);
  const refusedAtBuy = useBench((s) => s.bench?.purchase.error?.field === 'weight' || [s.bench?.rates.error?.field].some((f) => f?.startsWith('package.weight')));
  // Enter on a changed weight draws its prices; the next Enter buys the price then on screen.
  const field = usePackageDraft(weight?.text ?? '', (text) => void intent('bench.weight', { text }));
  const error = weight?.error ?? null;

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
            inputMode="decimal"
            autoComplete="off"
            aria-keyshortcuts="Alt+W"
            aria-invalid={error !== null || refusedAtBuy}
            aria-describedby="weight-hint"
            {...field}
          />
        </label>
        <label className="field">
          <span>
            Box <Key k="Alt+K" />
          </span>
          <select aria-keyshortcuts="Alt+K" value={presetName ?? ''} onChange={(e) => void intent('bench.box', { presetName: e.target.value || null })}>
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
        {error ?? (weight?.source && weight.source !== 'typed' && weight.scaleProblem ? blocker?.message : null) ?? (weight?.source ? sourceWords[weight.source] : (blocker?.message ?? 'Place the box on the scale, or type a weight such as 12 oz or 1 lb 4 oz.'))}
      </p>
      <ScaleReading />
    </section>
  );
}
