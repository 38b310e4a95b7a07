import { useQuery } from '../../station/use-query';
import { money } from '../../ui/format';
import { useBench } from './bench-store';

/** What insuring the package for the typed amount costs with the picked service. */
export function InsuranceCost() {
  const amount = useBench((s) => s.bench?.options.insuranceAmount ?? null);
  const rate = useBench((s) => {
    const r = s.bench?.rates;
    return r?.quote && r.picked !== null ? r.quote.rates[r.picked] : undefined;
  });
  const quote = useQuery('insurance.quote', amount ? { amount, carrierCode: rate?.carrierCode, serviceLevel: rate?.serviceLevel } : null, []);
  if (!amount) return null;
  if (quote.error) return <p className="small error-message">Insurance quote: {quote.error.message}</p>;
  if (!quote.data) return <p className="small muted">Getting the insurance price…</p>;
  return (
    <p className="small" role="status" aria-label="Insurance quote">
      {quote.data.premium === null ? (
        <>Insuring {money(quote.data.amount, quote.data.currency)} is available; the service did not say the price. It is bought with the label.</>
      ) : (
        <>
          Insuring {money(quote.data.amount, quote.data.currency)} costs <strong>{money(quote.data.premium, quote.data.currency)}</strong>, bought with the label.
        </>
      )}
    </p>
  );
}
