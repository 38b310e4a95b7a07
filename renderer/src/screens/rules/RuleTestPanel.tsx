import { useState, type FormEvent } from 'react';
import type { StationError } from '../../../../shared/contract/errors';
import type { RuleTest } from '../../../../shared/contract/rules';
import { testedOrderWords } from '../../../../shared/domain/rules/testWords';
import { run } from '../../station/run';
import { InlineError } from '../../ui/ErrorText';
import { Key } from '../../ui/Key';

/** "Test on order N": what each rule does for an order from the inbox, in the words `rules test` prints; nothing is bought. */
export function RuleTestPanel({ rulesVersion }: { readonly rulesVersion: string }) {
  const [orderNumber, setOrderNumber] = useState('');
  const [tested, setTested] = useState<{ readonly result: RuleTest; readonly version: string } | undefined>();
  const [error, setError] = useState<StationError | undefined>();
  const [busy, setBusy] = useState(false);

  const test = async (event?: FormEvent) => {
    event?.preventDefault();
    setBusy(true);
    const result = await run('rules.test', { orderNumber });
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      setTested(undefined);
      return;
    }
    setError(undefined);
    setTested({ result: result.value, version: rulesVersion });
  };
  const words = tested ? testedOrderWords(tested.result) : undefined;

  return (
    <form className="panel" aria-label="Test the rules on an order" onSubmit={(e) => void test(e)}>
      <h2>Test on an order</h2>
      <div className="row">
        <label className="field">
          <span>
            Order number <Key k="Alt+O" />
          </span>
          <input
            value={orderNumber}
            autoComplete="off"
            aria-keyshortcuts="Alt+O"
            aria-invalid={error !== undefined}
            aria-describedby={error ? 'rule-test-error' : undefined}
            onChange={(e) => setOrderNumber(e.target.value)}
          />
        </label>
        <button type="submit" className="button" disabled={busy} aria-keyshortcuts="Alt+T">
          Test <Key k="Alt+T" />
        </button>
      </div>
      <InlineError error={error} id="rule-test-error" />
      {words && tested ? (
        <section aria-label="What the rules do" role="status">
          {tested.version !== rulesVersion ? <p className="note">The rules changed since this test: press Test again.</p> : null}
          <p>
            <strong>{words.heading}</strong>
          </p>
          <ul className="rule-verdicts">
            {words.rules.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <ul className="rule-fields">
            {words.fields.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </form>
  );
}
