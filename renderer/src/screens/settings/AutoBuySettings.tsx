import { useState } from 'react';
import type { AutoBuySetting } from '../../../../shared/contract/autoBuyView';
import { run } from '../../station/run';
import { useQuery } from '../../station/use-query';
import { InlineError } from '../../ui/ErrorText';
import { Key } from '../../ui/Key';

/** Zero-key scan to print for this bench: off by default, a cap in dollars and a countdown Esc can stop. */
export function AutoBuySettings() {
  const current = useQuery('settings.autoBuy.get', {}, ['settings']);
  return (
    <section className="panel" aria-label="Auto-buy">
      <h2>Auto-buy (scan to print)</h2>
      <InlineError error={current.error} />
      {/* Keyed by what the station holds: a change saved elsewhere (or by --auto-buy) starts the form again from it. */}
      {current.data ? <AutoBuyForm key={JSON.stringify(current.data)} setting={current.data} /> : null}
    </section>
  );
}

function AutoBuyForm({ setting }: { readonly setting: AutoBuySetting }) {
  const [on, setOn] = useState(setting.on);
  const [cap, setCap] = useState(String(setting.capUsd));
  const [seconds, setSeconds] = useState(String(setting.countdownSeconds));
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void run('settings.autoBuy.set', { on, capUsd: Number(cap.trim().replace(/^\$/, '')), countdownSeconds: Number(seconds) }, { action: 'Saving auto-buy' });
      }}
    >
      <label className="check">
        <input type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} />
        Buy and print on the scan alone, with no key
      </label>
      <div className="row">
        <label className="field">
          Cap per label (USD)
          <input inputMode="decimal" value={cap} onChange={(e) => setCap(e.target.value)} />
        </label>
        <label className="field">
          Countdown (seconds)
          <input inputMode="decimal" value={seconds} onChange={(e) => setSeconds(e.target.value)} />
        </label>
        <button type="submit" className="button">
          Save auto-buy <Key k="Enter" />
        </button>
      </div>
      <p className="small">
        When on, a package whose weight came settled from the scale, whose address the service confirmed, with nothing flagged and the picked price at most the cap, is bought
        when the countdown ends; Esc on the Ship screen stops it. Anything else waits for Enter, as without auto-buy. A package is never auto-bought twice.
      </p>
    </form>
  );
}
