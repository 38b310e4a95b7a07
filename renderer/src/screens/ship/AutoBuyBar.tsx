import { money } from '../../ui/format';
import { Key } from '../../ui/Key';
import { useBench } from './bench-store';

/** The auto-buy countdown as a bar that fills while it runs, and why the bench waits for Enter when it does not. */
export function AutoBuyBar() {
  const bench = useBench((s) => s.bench);
  const auto = bench?.autoBuy;
  if (!bench || !auto || auto.status === 'off' || auto.status === 'idle') return null;
  if (auto.status === 'counting') {
    return (
      <section className="panel auto-buy counting" role="status" aria-label="Auto-buy">
        <p>
          Buying at <strong>{money(auto.total ?? 0)}</strong> in {auto.countdownSeconds} s, within the {money(auto.capUsd ?? 0)} cap. <Key k="Esc" /> stops it.
        </p>
        <div className="auto-buy-bar" aria-hidden="true">
          {/* Keyed by the price it counts down on: a new price starts the bar again, as the station starts its countdown again. */}
          <span key={`${bench.packageId}:${auto.total ?? 0}`} style={{ animationDuration: `${auto.countdownSeconds}s` }} />
        </div>
      </section>
    );
  }
  const words =
    auto.status === 'fired'
      ? `Bought automatically: ${money(auto.total ?? 0)} within the ${money(auto.capUsd ?? 0)} cap.`
      : auto.status === 'stopped'
        ? auto.reason
        : `Auto-buy waits: ${auto.reason ?? ''}`;
  return (
    <section className={`panel auto-buy ${auto.status}`} role="status" aria-label="Auto-buy">
      <p className="small">{words}</p>
    </section>
  );
}
