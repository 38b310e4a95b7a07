import type { Shipment } from '../../../shared/contract/shippingTypes';
import { benchTime, money, serviceWords } from './format';
import { UnreadableAnswer } from './UnreadableAnswer';

/** `unreadable`: bought, but the service's answer was not understood (the label was salvaged from it, or could not be). */
export function StateBadge({ state, unreadable = false }: { readonly state: Shipment['state']; readonly unreadable?: boolean }) {
  const tone = state === 'bought' && !unreadable ? 'ok' : state === 'voided' ? 'bad' : state === 'failed' ? 'bad' : 'warn';
  const words = state === 'bought' && unreadable ? 'Bought, answer not understood' : { bought: 'Bought', voided: 'Voided', failed: 'Failed', pending: 'Pending' }[state];
  return <span className={`badge ${tone}`}>{words}</span>;
}

/** The facts an operator checks before acting on a shipment. */
export function ShipmentFacts({ shipment }: { readonly shipment: Shipment }) {
  return (
    <dl className="facts" aria-label="Shipment">
      <dt>State</dt>
      <dd>
        <StateBadge state={shipment.state} unreadable={shipment.unreadableAnswer !== null} />
      </dd>
      <dt>Tracking number</dt>
      <dd className="mono">{shipment.trackingNo ?? '—'}</dd>
      <dt>Shipment number</dt>
      <dd className="mono">{shipment.shipmentNo ?? '—'}</dd>
      <dt>Platform id</dt>
      <dd className="mono small">{shipment.platformUkId}</dd>
      <dt>Order</dt>
      <dd>{shipment.orderNumber ?? '—'}</dd>
      <dt>Recipient</dt>
      <dd>{shipment.recipientName ?? '—'}</dd>
      <dt>Service</dt>
      <dd>
        {serviceWords(shipment)}
        {shipment.isReturn ? <span className="badge"> return</span> : null}
      </dd>
      <dt>Cost</dt>
      <dd>{money(shipment.cost, shipment.currency ?? 'USD')}</dd>
      <dt>Bought</dt>
      <dd>{benchTime(shipment.boughtAt)}</dd>
      {shipment.voidedAt ? (
        <>
          <dt>Voided</dt>
          <dd>{benchTime(shipment.voidedAt)}</dd>
        </>
      ) : null}
      {shipment.addressOverride ? (
        <>
          <dt>Address</dt>
          <dd className="warn" data-testid="address-override">
            {shipment.addressOverride}
          </dd>
        </>
      ) : null}
      {shipment.decisions.length > 0 ? (
        <>
          <dt>Chosen</dt>
          <dd data-testid="decisions">
            {shipment.decisions.map((line) => (
              <div key={line}>{line}</div>
            ))}
          </dd>
        </>
      ) : null}
      {shipment.unreadableAnswer ? (
        <>
          <dt>Problem</dt>
          <dd>
            <UnreadableAnswer shipment={shipment} />
          </dd>
        </>
      ) : shipment.error ? (
        <>
          <dt>Problem</dt>
          <dd className="error-message">{shipment.error}</dd>
        </>
      ) : null}
    </dl>
  );
}
