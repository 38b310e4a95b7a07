import { useState, type KeyboardEvent } from 'react';
import type { StationError } from '../../../../shared/contract/errors';
import type { Rule } from '../../../../shared/contract/rules';
import { namedRule } from '../../../../shared/domain/rules/testWords';
import { describeRuleLine } from '../../../../shared/domain/rules/words';
import { useReadOnly } from '../../station/read-only';
import { run } from '../../station/run';
import { InlineError } from '../../ui/ErrorText';
import { Key } from '../../ui/Key';

/**
 * The rules in the order they are tried, each in words. Arrow keys pick a
 * rule; the buttons under the list move or remove the one picked.
 */
export function RuleList({ rules, picked, onPick, said }: { readonly rules: readonly Rule[]; readonly picked: number | null; readonly onPick: (id: number | null) => void; readonly said: (words: string) => void }) {
  const [error, setError] = useState<StationError | undefined>();
  const [busy, setBusy] = useState(false);
  const readOnly = useReadOnly() !== undefined;
  const at = rules.findIndex((r) => r.id === picked);
  const rule = rules[at];

  const act = async (work: () => ReturnType<typeof run>, words: string, next: number | null) => {
    setBusy(true);
    const result = await work();
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setError(undefined);
    onPick(next);
    said(words);
  };
  const moveUp = () => {
    const above = rules[at - 1];
    if (rule && above) void act(() => run('rules.move', { id: rule.id, before: above.id }), `Moved ${namedRule(rule.id, rule.name)} up: it is tried ${ordinal(at)}.`, rule.id);
  };
  const moveDown = () => {
    const below = rules[at + 1];
    if (rule && below) void act(() => run('rules.move', { id: below.id, before: rule.id }), `Moved ${namedRule(rule.id, rule.name)} down: it is tried ${ordinal(at + 2)}.`, rule.id);
  };
  const remove = () => {
    if (rule) void act(() => run('rules.remove', { id: rule.id }), `Removed ${namedRule(rule.id, rule.name)}.`, (rules[at + 1] ?? rules[at - 1])?.id ?? null);
  };
  const onKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = rules[Math.min(rules.length - 1, Math.max(0, at + step))];
    if (next) onPick(next.id);
  };

  return (
    <section className="panel" aria-label="Rules in order">
      <h2>Rules, in the order they are tried</h2>
      {rules.length === 0 ? (
        <p className="muted">There are no rules. Every order gets the bench settings until a rule is added.</p>
      ) : (
        <ol className="rule-list" role="listbox" aria-label="Rules" tabIndex={0} aria-activedescendant={rule ? `rule-${rule.id}` : undefined} onKeyDown={onKey}>
          {rules.map((r) => (
            <li key={r.id} id={`rule-${r.id}`} role="option" aria-selected={r.id === picked} onClick={() => onPick(r.id)}>
              <strong>
                {r.id}. {r.name}
              </strong>
              <span>{describeRuleLine(r.conditions, r.actions)}</span>
            </li>
          ))}
        </ol>
      )}
      <InlineError error={error} />
      <div className="row">
        <button type="button" className="button" disabled={busy || readOnly || !rule || at === 0} aria-keyshortcuts="Alt+U" onClick={moveUp}>
          Move up <Key k="Alt+U" />
        </button>
        <button type="button" className="button" disabled={busy || readOnly || !rule || at === rules.length - 1} aria-keyshortcuts="Alt+D" onClick={moveDown}>
          Move down <Key k="Alt+D" />
        </button>
        <button type="button" className="button danger" disabled={busy || readOnly || !rule} aria-keyshortcuts="Alt+R" onClick={remove}>
          Remove {rule ? `rule ${rule.id}` : ''} <Key k="Alt+R" />
        </button>
      </div>
    </section>
  );
}

const ordinal = (n: number): string => `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;
