import type { Shipment } from '../../../shared/contract/shippingTypes';

/**
 * A label bought whose answer the station did not understand: the operator
 * reads what was kept and what to do (the station's words), and support gets
 * the details line, closed by default like every other details line.
 */
export function UnreadableAnswer({ shipment }: { readonly shipment: Shipment }) {
  if (!shipment.unreadableAnswer) return null;
  return (
    <div className="warn" role="note" aria-label="Answer not understood" data-testid="unreadable-answer">
      <p>
        <strong>Bought, answer not understood.</strong> {shipment.error}
      </p>
      <details className="error-details">
        <summary>Details for support</summary>
        <span className="error-code">{shipment.unreadableAnswer.details}</span>
      </details>
    </div>
  );
}
