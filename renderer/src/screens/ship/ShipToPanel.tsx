import { InlineError } from '../../ui/ErrorText';
import { addressLines } from '../../ui/format';
import { useState } from 'react';
import { Key } from '../../ui/Key';
import { acceptStandardized, keepMine, shipToTypedAddress } from './ship-actions';
import { ShipToEditor } from './ShipToEditor';
import { useShip } from './ship-store';

/** The ship-to address and, when the service standardizes it, the choice to accept or keep it. */
export function ShipToPanel() {
  const to = useShip((s) => s.to);
  const order = useShip((s) => s.order);
  const check = useShip((s) => s.check);
  const decision = useShip((s) => s.addressDecision);
  const addressError = useShip((s) => s.addressError);
  const packageIndex = useShip((s) => s.packageIndex);
  const locked = useShip((s) => s.buying || s.purchase !== null);
  const packageKey = useShip((s) => s.packageKey);
  // Editing belongs to one package: the next scan closes it, so one order's address never lands on the next.
  const [editingKey, setEditingKey] = useState<string | null>(null);
  const editing = editingKey !== null && editingKey === packageKey;
  if (!to) {
    return (
      <section className="panel" aria-label="Ship to">
        <h2>Ship to</h2>
        <p className="muted">Scan an order to fill in the address and package.</p>
      </section>
    );
  }
  if (editing && !locked) {
    return (
      <section className="panel" aria-label="Ship to">
        <ShipToEditor
          address={to}
          onUse={(next) => {
            setEditingKey(null);
            shipToTypedAddress(next);
            document.querySelector<HTMLInputElement>('input[data-scan-field]')?.focus();
          }}
          onCancel={() => setEditingKey(null)}
        />
      </section>
    );
  }
  const offer = check && decision === null && (check.corrections.length > 0 || !check.valid);
  return (
    <section className="panel" aria-label="Ship to">
      <h2>
        Ship to {order ? <span className="muted small">order {order.orderNumber}</span> : null}{' '}
        {packageIndex > 0 ? <span className="badge" data-testid="box-number">box {packageIndex + 1}</span> : null}{' '}
        {decision === 'accepted' ? <span className="badge ok">address checked</span> : null}
        {decision === 'kept' ? <span className="badge warn">kept as entered</span> : null}
      </h2>
      {order?.shipped && packageIndex === 0 ? (
        <p className="note" role="note">
          This order already has a label. Buying again gives back that same label, never a second one; reprint it from History. For another box of
          this order press Alt+B (Another box for this order).
        </p>
      ) : null}
      <address className="address">
        {addressLines(to).map((line) => (
          <span key={line}>{line}</span>
        ))}
      </address>
      {locked ? null : (
        <button type="button" className="button" aria-keyshortcuts="Alt+E" onClick={() => setEditingKey(packageKey)}>
          Edit address <Key k="Alt+E" />
        </button>
      )}
      {offer ? (
        <div className="inline-error offer" role="group" aria-label="Address check">
          <p className="error-message">{check.valid ? 'The service suggests a standardized address.' : 'The service could not confirm this address.'}</p>
          {check.messages.map((m) => (
            <p key={m} className="small">
              {m}
            </p>
          ))}
          {check.corrections.length > 0 ? (
            <ul className="small">
              {check.corrections.map((c) => (
                <li key={c.field}>
                  {c.field}: <s>{c.from || '(empty)'}</s> → <strong>{c.to || '(empty)'}</strong>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="row">
            {check.standardized ? (
              <button type="button" className="button primary" onClick={acceptStandardized} aria-keyshortcuts="Alt+A">
                Use standardized address <kbd aria-hidden="true">Alt+A</kbd>
              </button>
            ) : null}
            <button type="button" className="button" onClick={keepMine} aria-keyshortcuts="Alt+K">
              Keep mine <kbd aria-hidden="true">Alt+K</kbd>
            </button>
          </div>
        </div>
      ) : null}
      {addressError && decision === null ? (
        <>
          <InlineError error={addressError} />
          <button type="button" className="button" onClick={keepMine} aria-keyshortcuts="Alt+K">
            Keep mine without a check <kbd aria-hidden="true">Alt+K</kbd>
          </button>
        </>
      ) : null}
    </section>
  );
}
