import type { BenchChoice } from '../../../../shared/contract/benchChecks';
import { Key } from '../../ui/Key';
import { useReadOnly } from '../../station/read-only';
import { intent, useBench } from './bench-store';

/**
 * What the automation rules set for this package, each with the rule that
 * set it and the operator's change, before Buy: the same lines History keeps.
 * A rule's hold stops Buy until it is released here (Alt+H).
 */
const none: readonly BenchChoice[] = [];

export function RuleChoices() {
  // A constant when there is no bench: a new array each time would redraw without end.
  const choices = useBench((s) => s.bench?.choices ?? none);
  const hold = useBench((s) => s.bench?.hold ?? null);
  const blocker = useBench((s) => s.bench?.blockers.find((b) => b.field === 'hold') ?? null);
  const settled = useBench((s) => s.bench?.purchase.status === 'buying' || s.bench?.purchase.status === 'bought');
  const readOnly = useReadOnly() !== undefined;
  if (choices.length === 0) return null;
  return (
    <section className="panel" aria-label="Set by rules">
      <h2>Set by rules</h2>
      <ul className="rule-choices">
        {choices.map((c) => (
          <li key={c.field} aria-label={c.label}>
            {c.changedTo !== null ? (
              <>
                <strong>{c.label}:</strong> {c.changedTo} <span className="muted small">changed by you; rule "{c.ruleName}" set {c.value}</span>
              </>
            ) : (
              <>
                <strong>{c.label}:</strong> {c.value} <span className="muted small">set by rule "{c.ruleName}"</span>
              </>
            )}
          </li>
        ))}
      </ul>
      {blocker ? (
        <p role="alert" className="error-message">
          {blocker.message}
        </p>
      ) : null}
      {hold !== null ? (
        <button type="button" className="button" disabled={settled || readOnly} aria-keyshortcuts="Alt+H" onClick={() => void intent('bench.release', {})}>
          Release the hold <Key k="Alt+H" />
        </button>
      ) : null}
    </section>
  );
}
