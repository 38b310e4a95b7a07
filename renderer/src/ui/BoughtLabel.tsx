import type { PurchaseResult } from '../../../shared/contract/shippingTypes';
import { money, serviceWords } from './format';
import { UnreadableAnswer } from './UnreadableAnswer';

/** What a purchase actually bought, with the label preview. */
export function BoughtLabel({ purchase }: { readonly purchase: PurchaseResult }) {
  const s = purchase.shipment;
  return (
    <div className="success" role="status" aria-label="Label bought">
      <div className="grid-2">
        <dl className="facts">
          <dt>Tracking number</dt>
          <dd className="big-number">{s.trackingNo ?? '—'}</dd>
          <dt>Cost</dt>
          <dd>{money(s.cost, s.currency ?? 'USD')}</dd>
          <dt>Service</dt>
          <dd>
            {serviceWords(s)}
          </dd>
        </dl>
        {purchase.labelPng ? <img className="label-preview" alt="Label preview" src={`data:image/png;base64,${purchase.labelPng}`} /> : null}
      </div>
      <UnreadableAnswer shipment={s} />
      {s.duplicateLabel ? <p className="small">Already bought earlier for this package: nothing was charged now.</p> : null}
      {purchase.printError ? <p className="error-message">Not printed: {purchase.printError} The label is stored; reprint it from History.</p> : null}
    </div>
  );
}
