import type { PurchaseStage } from '../../../../shared/contract/shippingTypes';
import { InlineError } from '../../ui/ErrorText';
import { money, serviceWords } from '../../ui/format';
import { UnreadableAnswer } from '../../ui/UnreadableAnswer';
import { useBench } from './bench-store';
import { LabelCheck } from './LabelCheck';

const stageWords: ReadonlyArray<readonly [PurchaseStage, string]> = [
  ['journaled', 'Recorded'],
  ['sent', 'Sent to service'],
  ['bought', 'Bought'],
  ['printing', 'Printing'],
  ['printed', 'Printed'],
];

/** Purchase progress from the station, then what was actually bought; a reloaded window shows the same. */
export function PurchasePanel() {
  const purchase = useBench((s) => s.bench?.purchase);
  const orderNumber = useBench((s) => s.bench?.order?.orderNumber);
  if (!purchase || (purchase.status === 'none' && !purchase.error)) return null;
  // A printer that cannot confirm printing ends the steps at "Sent to printer" instead of "Printed".
  const sentOnly = purchase.stages.includes('sentToPrinter');
  const steps = stageWords.map(([stage, words]) => [stage, sentOnly && stage === 'printed' ? 'Sent to printer' : words] as const);
  // Stages only move forward: a later one implies the earlier ones (a duplicate skips straight to printing).
  const furthest = Math.max(-1, ...purchase.stages.map((stage) => stageWords.findIndex(([s]) => s === (stage === 'sentToPrinter' ? 'printed' : stage))));
  const result = purchase.result;
  const shipment = result?.shipment;
  return (
    <section className="panel" aria-label="Purchase">
      {purchase.status !== 'none' ? (
        <ol className="steps" aria-label="Purchase progress">
          {steps.map(([stage, words], index) => (
            <li key={stage} className={index <= furthest ? 'done' : undefined}>
              {words}
            </li>
          ))}
        </ol>
      ) : null}
      {purchase.status === 'buying' ? (
        <p className="small muted" role="status" aria-label="Buying">
          Buying the label for order {orderNumber}…
          {purchase.limitSeconds ? ` If the service does not answer, the station stops trying after ${purchase.limitSeconds} seconds and says so; nothing is charged twice.` : ''}
        </p>
      ) : null}
      <InlineError error={purchase.error ?? undefined} />
      {shipment && result ? (
        <div className="success" role="status" aria-label="Label bought">
          {/* First in the box: the packer must see it before the label goes on the parcel. */}
          <LabelCheck jobId={result.printJobId} />
          <div className="grid-2">
            <dl className="facts">
              <dt>Order</dt>
              <dd>{shipment.orderNumber ?? orderNumber ?? '—'}</dd>
              <dt>Tracking number</dt>
              <dd className="big-number" data-testid="tracking-number">
                {shipment.trackingNo ?? '—'}
              </dd>
              <dt>Cost</dt>
              <dd data-testid="label-cost">{money(shipment.cost, shipment.currency ?? 'USD')}</dd>
              <dt>Service</dt>
              <dd>{serviceWords(shipment)}</dd>
              {shipment.insuranceAmount ? (
                <>
                  <dt>Insured for</dt>
                  <dd>{money(shipment.insuranceAmount)}</dd>
                </>
              ) : null}
            </dl>
            {result.labelPng ? <img className="label-preview" alt="Label preview" src={`data:image/png;base64,${result.labelPng}`} /> : null}
          </div>
          {shipment.duplicateLabel ? (
            <p className="small">
              <strong>Already bought earlier:</strong> this is the label the service sold for this package before; nothing was charged now.
            </p>
          ) : null}
          {shipment.rateMismatch ? (
            <p className="small">
              <strong>Note:</strong> you picked {serviceWords(shipment.rateMismatch.picked)}, but this package already had{' '}
              {serviceWords(shipment.rateMismatch.bought)}; the label shown is the one bought.
            </p>
          ) : null}
          {shipment.addressOverride ? <p className="small">{shipment.addressOverride}</p> : null}
          {shipment.decisions.map((line) => (
            <p key={line} className="small" data-testid="purchase-decision">
              {line}
            </p>
          ))}
          <UnreadableAnswer shipment={shipment} />
          {result.printError && !(shipment.unreadableAnswer && shipment.labelCount === 0) ? <p className="error-message">Not printed: {result.printError} The label is stored; reprint it from History.</p> : null}
          <p className="muted small">Scan the next order to start the next package, or press Alt+B for another box of this order.</p>
        </div>
      ) : null}
    </section>
  );
}
