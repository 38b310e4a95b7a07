import type { PurchaseStage } from '../../../../shared/contract/shippingTypes';
import { InlineError } from '../../ui/ErrorText';
import { money, serviceWords } from '../../ui/format';
import { useShip } from './ship-store';

const stageWords: ReadonlyArray<readonly [PurchaseStage, string]> = [
  ['journaled', 'Recorded'],
  ['sent', 'Sent to service'],
  ['bought', 'Bought'],
  ['printing', 'Printing'],
  ['printed', 'Printed'],
];

/** Purchase progress from the station's events, then what was actually bought. */
export function PurchasePanel() {
  const stages = useShip((s) => s.stages);
  const buying = useShip((s) => s.buying);
  const purchase = useShip((s) => s.purchase);
  const buyError = useShip((s) => s.buyError);
  if (!buying && !purchase && !buyError && stages.length === 0) return null;
  // Stages only move forward: a later one implies the earlier ones (a duplicate skips straight to printing).
  const furthest = Math.max(-1, ...stages.map((stage) => stageWords.findIndex(([s]) => s === stage)));
  const shipment = purchase?.shipment;
  return (
    <section className="panel" aria-label="Purchase">
      <ol className="steps" aria-label="Purchase progress">
        {stageWords.map(([stage, words], index) => (
          <li key={stage} className={index <= furthest ? 'done' : undefined}>
            {words}
          </li>
        ))}
      </ol>
      <InlineError error={buyError ?? undefined} />
      {shipment ? (
        <div className="success" role="status" aria-label="Label bought">
          <div className="grid-2">
            <dl className="facts">
              <dt>Tracking number</dt>
              <dd className="big-number" data-testid="tracking-number">
                {shipment.trackingNo ?? '—'}
              </dd>
              <dt>Cost</dt>
              <dd data-testid="label-cost">{money(shipment.cost, shipment.currency ?? 'USD')}</dd>
              <dt>Service</dt>
              <dd>
                {serviceWords(shipment)}
              </dd>
              {shipment.insuranceAmount ? (
                <>
                  <dt>Insured for</dt>
                  <dd>{money(shipment.insuranceAmount)}</dd>
                </>
              ) : null}
            </dl>
            {purchase.labelPng ? <img className="label-preview" alt="Label preview" src={`data:image/png;base64,${purchase.labelPng}`} /> : null}
          </div>
          {shipment.duplicateLabel ? (
            <p className="small">
              <strong>Already bought earlier:</strong> this is the label the service sold for this package before; nothing was charged now.
            </p>
          ) : null}
          {shipment.rateMismatch ? (
            <p className="small">
              <strong>Note:</strong> you picked {shipment.rateMismatch.picked.serviceName ?? shipment.rateMismatch.picked.serviceLevel}, but this package already had{' '}
              {shipment.rateMismatch.bought.serviceName ?? shipment.rateMismatch.bought.serviceLevel}; the label shown is the one bought.
            </p>
          ) : null}
          {purchase.printError ? <p className="error-message">Not printed: {purchase.printError} The label is stored; reprint it from History.</p> : null}
          <p className="muted small">Scan the next order to start the next package, or press Alt+B for another box of this order.</p>
        </div>
      ) : null}
    </section>
  );
}
