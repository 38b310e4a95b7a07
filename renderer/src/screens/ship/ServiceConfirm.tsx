import { useState } from 'react';
import { OVERRIDE_WORD } from '../../../../shared/contract/bench';
import { intent, useBench } from './bench-store';

const focusScan = (): void => document.querySelector<HTMLInputElement>('input[data-scan-field]')?.focus();

/**
 * A service with a content rule (Media Mail) is bought only on a typed word,
 * never on the reflex Enter: the cursor comes here when such a service is
 * picked, and Enter here with anything but the word buys nothing.
 */
export function ServiceConfirm() {
  const [word, setWord] = useState('');
  const error = useBench((s) => (s.bench?.purchase.error?.field === 'service' ? s.bench.purchase.error.message : null));
  return (
    <label className="field">
      <span>Type {OVERRIDE_WORD} and Enter to buy this service as it is</span>
      <input
        name="service-confirm"
        autoComplete="off"
        spellCheck={false}
        autoFocus
        aria-invalid={error !== null}
        aria-describedby={error ? 'service-confirm-error' : undefined}
        value={word}
        onChange={(e) => setWord(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          e.stopPropagation();
          void intent('bench.confirmService', { word }).then(() => {
            setWord('');
            if (useBench.getState().bench?.rates.noteConfirmed) focusScan();
          });
        }}
      />
      {error ? (
        <span id="service-confirm-error" className="small error-message" role="alert">
          {error}
        </span>
      ) : null}
    </label>
  );
}
