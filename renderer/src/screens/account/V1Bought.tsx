import { useEffect, useRef } from 'react';
import type { V1Purchase } from '../../../../shared/contract/account';
import { money } from '../../ui/format';

/** A label bought through v1: tracking code, cost, the stored label's preview, and what the station did about it. */
export function V1Bought({ purchase }: { readonly purchase: V1Purchase }) {
  const box = useRef<HTMLDivElement>(null);
  // The result lands below the rates: bring it into view and put the keyboard there.
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'nearest' });
    box.current?.focus();
  }, [purchase.trackingCode]);
  return (
    <div className="success" role="status" aria-label="v1 label bought" tabIndex={-1} ref={box}>
      <div className="grid-2">
        <dl className="facts">
          <dt>Tracking code</dt>
          <dd className="big-number mono" data-testid="v1-tracking">
            {purchase.trackingCode}
          </dd>
          <dt>Cost</dt>
          <dd>{money(purchase.cost)}</dd>
          <dt>Service</dt>
          <dd>
            {purchase.carrier} {purchase.service ?? ''}
          </dd>
          <dt>Order</dt>
          <dd>
            {purchase.orderNumber} ({purchase.storeName})
          </dd>
        </dl>
        {purchase.labelPng ? <img className="label-preview" alt="v1 label preview" src={`data:image/png;base64,${purchase.labelPng}`} /> : null}
      </div>
      {purchase.note ? <p className="note">{purchase.note}</p> : null}
      {purchase.printJobId ? <p className="small">Sent to the printer.</p> : null}
      {purchase.printError ? <p className="error-message">Not printed: {purchase.printError} The label is stored; reprint it from History.</p> : null}
    </div>
  );
}
