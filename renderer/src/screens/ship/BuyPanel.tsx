import { days, money, serviceWords } from '../../ui/format';
import { Key } from '../../ui/Key';
import { useReadOnly } from '../../station/read-only';
import { shownQuote, shownTotal } from '../../../../shared/contract/bench';
import { buyShown, intent, useBench } from './bench-store';

/** Buy and print, the picked rate, and another box of the same order. */
export function BuyPanel() {
  const bench = useBench((s) => s.bench);
  const readOnly = useReadOnly() !== undefined;
  const buying = bench?.purchase.status === 'buying';
  const ready = bench !== null && bench.order !== null && bench.blockers.length === 0 && bench.purchase.status !== 'bought' && !buying && bench.rates.status === 'ready';
  const rates = bench?.rates;
  const picked = rates?.quote && rates.picked !== null ? rates.quote.rates[rates.picked] : undefined;
  const shown = bench ? shownQuote(bench) : null;
  const premium = shown?.insurancePremium ?? null;
  return (
    <section className="panel buy-panel" aria-label="Buy">
      <div className="row buy-row">
        <button type="button" className="button primary big" disabled={!ready || readOnly} aria-keyshortcuts="Enter" onClick={() => void buyShown()}>
          Buy and print <Key k="Enter" />
        </button>
        {buying ? <span className="badge">buying…</span> : null}
        {bench?.order ? (
          <button type="button" className="button" disabled={buying || readOnly} aria-keyshortcuts="Alt+B" onClick={() => void intent('bench.anotherBox', {})}>
            Another box for this order <Key k="Alt+B" />
          </button>
        ) : null}
        {picked && bench?.purchase.status !== 'bought' ? (
          <span className="picked-rate">
            {serviceWords(picked)} · {premium !== null && shown ? (
              <>
                {money(picked.price, picked.currency)} + insurance {money(premium, picked.currency)} = <strong>{money(shownTotal(shown), picked.currency)}</strong>
              </>
            ) : (
              <strong>{money(picked.price, picked.currency)}</strong>
            )}{' '}
            · {days(picked.deliveryDays)}
          </span>
        ) : null}
      </div>
    </section>
  );
}
