import type { BenchWeight } from '../../../../shared/contract/bench';
import { InlineError } from '../../ui/ErrorText';
import { RatesTable } from '../../ui/RatesTable';
import { intent, useBench } from './bench-store';
import { ServiceConfirm } from './ServiceConfirm';

function ruleWords(rule: { readonly kind: string; readonly days?: number }): string {
  if (rule.kind === 'fastest') return 'fastest';
  if (rule.kind === 'cheapestWithin') return `cheapest within ${rule.days} days`;
  return 'cheapest';
}

/**
 * Why there are no rates while the weight is missing, in words that fit what
 * the Weight field shows: text the station cannot read is named as such (its
 * words are under the field), never "once it has a weight" beside a weight.
 */
function waitingForWeight(weight: BenchWeight): string {
  if (weight.text.trim() !== '') return 'No rates: the Weight field holds text that is not a weight the station can use. Correct it (Alt+W); the words under it say why.';
  return 'Rates appear once the package is weighed: place it on the scale, or type its weight (Alt+W).';
}

/** The quotes for the package on the bench, the picked one marked; ↑ ↓ move the pick and stop at the ends. */
export function RatesPanel() {
  const bench = useBench((s) => s.bench);
  const rates = bench?.rates;
  const quote = rates?.quote ?? null;
  const disabled = new Set(rates?.disabled ?? []);
  const rateBlocker = bench?.blockers.find((b) => b.field === 'rate');
  return (
    <section className="panel" aria-label="Rates">
      <h2>
        Rates {rates?.status === 'rating' ? <span className="badge">getting rates…</span> : null}
        {quote ? <span className="muted small"> rule: {ruleWords(quote.rule)}</span> : null}
      </h2>
      <InlineError error={rates?.error ?? undefined} />
      {rates?.pickNote ? (
        <p className="note" role="note" aria-label="Content rule">
          {rates.pickNote}
        </p>
      ) : null}
      {rates?.pickNote && !rates.noteConfirmed && bench?.purchase.status !== 'bought' ? <ServiceConfirm key={`${bench?.packageId}-${rates.picked}`} /> : null}
      {quote ? (
        <>
          <RatesTable
            rates={quote.rates}
            selected={rates?.picked ?? null}
            onSelect={(index) => void intent('bench.pick', { index })}
            disabled={disabled.size > 0 ? (rate) => disabled.has(quote.rates.indexOf(rate)) : undefined}
          />
          {quote.errors.map((e) => (
            <p key={e.carrier} className="small muted">
              {e.carrier}: {e.message}
            </p>
          ))}
          {rateBlocker && !rates?.error ? <p className="small error-message">{rateBlocker.message}</p> : null}
        </>
      ) : rates?.error ? null : (
        <p className="muted">
          {!bench?.to ? 'Rates appear after a scan.' : bench.weight.oz === null ? waitingForWeight(bench.weight) : bench.customs?.problems.length ? 'Rates appear once the customs declaration is complete (Alt+D).' : 'The rates are on their way.'}
        </p>
      )}
    </section>
  );
}
