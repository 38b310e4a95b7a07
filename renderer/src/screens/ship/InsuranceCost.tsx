import { money } from '../../ui/format';
import { useBench } from './bench-store';

/** What insuring the package for the typed amount costs with the picked service, as the station asked it. */
export function InsuranceCost() {
  const amount = useBench((s) => s.bench?.options.insuranceAmount ?? null);
  const insurance = useBench((s) => s.bench?.insurance);
  if (!amount || !insurance || insurance.status === 'none') return null;
  if (insurance.status === 'failed') return <p className="small error-message">Insurance price: {insurance.error?.message ?? 'the service did not say it.'}</p>;
  if (insurance.status === 'quoting') return <p className="small muted">Getting the insurance price…</p>;
  return (
    <p className="small" role="status" aria-label="Insurance quote">
      {insurance.premium === null ? (
        <>Insuring {money(amount)} is available; the service did not say the price. It is bought with the label.</>
      ) : (
        <>
          Insuring {money(amount)} costs <strong>{money(insurance.premium)}</strong>, bought with the label.
        </>
      )}
    </p>
  );
}
