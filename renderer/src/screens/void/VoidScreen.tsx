import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { Result, StationError } from '../../../../shared/contract/errors';
import type { Shipment } from '../../../../shared/contract/shippingTypes';
import { navParam } from '../../stores/nav-store';
import { useReadOnly } from '../../station/read-only';
import { run } from '../../station/run';
import { InlineError } from '../../ui/ErrorText';
import { Key } from '../../ui/Key';
import { labelsOfOrder, OrderLabelPick, type OrderLabels } from '../../ui/OrderLabelPick';
import { ShipmentFacts } from '../../ui/ShipmentFacts';
import { sounds } from '../../ui/sounds';
import { useAutoFocus } from '../../ui/use-auto-focus';
import { useScanner } from '../../input/useScanner';

type Lookup = Exclude<OrderLabels, { kind: 'not_an_order' }> | { readonly kind: 'found'; readonly result: Result<Shipment> };

/** An order's labels first (from this station), else one shipment by tracking number, shipment number or platform id. */
async function lookUp(wanted: string): Promise<Lookup> {
  const order = await labelsOfOrder(wanted);
  if (order.kind !== 'not_an_order') return order;
  return { kind: 'found', result: await run('shipments.find', { ref: wanted }) };
}

/**
 * Scan or type a number (an order number too: an order with several labels
 * lists them to pick from), see the shipment, confirm, void. Arriving with a
 * number (from History or the Void last command, or any address) only fills
 * in and shows the label: voiding takes two deliberate keys the operator
 * presses here (Alt+V, then Alt+Y), never Enter, which a scanner sends.
 */
export function VoidScreen() {
  const [ref, setRef] = useState(() => navParam() ?? '');
  const [shipment, setShipment] = useState<Shipment | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [findError, setFindError] = useState<StationError | null>(null);
  const [voidError, setVoidError] = useState<StationError | null>(null);
  const [justVoided, setJustVoided] = useState(false);
  const [choices, setChoices] = useState<Extract<OrderLabels, { kind: 'several' }> | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const readOnly = useReadOnly() !== undefined;
  // A scan may overtake a lookup still on its way: only the latest answer is drawn.
  const latest = useRef(0);
  useAutoFocus(input);
  const find = async (wanted: string = ref): Promise<void> => {
    const asked = ++latest.current;
    setShipment(null);
    setChoices(null);
    setConfirming(false);
    setVoidError(null);
    setJustVoided(false);
    const found = await lookUp(wanted);
    if (asked === latest.current) apply(found);
  };

  // A scan is taken whole wherever the cursor is (a pick list's button included), so no character of it is lost.
  useScanner((scan) => {
    setRef(scan.text);
    input.current?.focus();
    void find(scan.text);
  });

  function apply(found: Lookup): void {
    if (found.kind === 'one') return show({ ok: true, value: found.shipment });
    if (found.kind === 'several') {
      sounds.scanOk();
      setFindError(null);
      return setChoices(found);
    }
    show(found.result);
  }

  function show(result: Result<Shipment>): void {
    if (!result.ok) {
      sounds.scanError();
      setFindError(result.error);
      return;
    }
    sounds.scanOk();
    setFindError(null);
    setShipment(result.value);
  }

  // Arriving with a number shows that label at once; the focus stays in the field.
  const arrive = useEffectEvent((handed: string) => void lookUp(handed).then(apply));
  useEffect(() => {
    const handed = navParam();
    if (handed) arrive(handed);
  }, []);

  const doVoid = async (): Promise<void> => {
    if (!shipment) return;
    setBusy(true);
    const result = await run('labels.void', { ref: shipment.platformUkId });
    setBusy(false);
    setConfirming(false);
    if (!result.ok) {
      setVoidError(result.error);
      return;
    }
    setShipment(result.value);
    setJustVoided(true);
  };

  return (
    <section className="screen" aria-label="Void">
      <h1>Void a label</h1>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          void find();
        }}
      >
        <label className="field grow">
          Tracking number, order number, shipment number or platform id
          <input ref={input} className="scan" data-scan-field value={ref} autoComplete="off" spellCheck={false} onChange={(e) => setRef(e.target.value)} />
        </label>
        <button type="submit" className="button big">
          Find <Key k="Enter" />
        </button>
      </form>
      <InlineError error={findError ?? undefined} />
      {choices ? (
        <OrderLabelPick
          orderNumber={choices.orderNumber}
          shipments={choices.shipments}
          onPick={(picked) => {
            setChoices(null);
            show({ ok: true, value: picked });
            input.current?.focus();
          }}
          onCancel={() => {
            setChoices(null);
            input.current?.focus();
          }}
        />
      ) : null}
      {shipment ? (
        <div className="panel">
          <ShipmentFacts shipment={shipment} />
          {justVoided ? (
            <p className="success" role="status">
              Voided. The label must not be used; the postage is refunded by the service.
            </p>
          ) : null}
          {shipment.state === 'voided' && !justVoided ? <p role="status">This label is already voided. There is nothing more to do.</p> : null}
          {shipment.state === 'bought' && !confirming ? (
            <button type="button" className="button danger big" disabled={readOnly} aria-keyshortcuts="Alt+V" onClick={() => setConfirming(true)}>
              Void this label <Key k="Alt+V" />
            </button>
          ) : null}
          {confirming ? (
            <div
              className="row"
              role="group"
              aria-label="Confirm void"
              onKeyDown={(e) => {
                if (e.key === 'Escape') setConfirming(false);
              }}
            >
              <p className="error-message">Void {shipment.trackingNo ?? shipment.platformUkId}? The label can no longer be used.</p>
              <button type="button" className="button danger big" disabled={busy || readOnly} aria-keyshortcuts="Alt+Y" onClick={() => void doVoid()}>
                Confirm void <Key k="Alt+Y" />
              </button>
              {/* The focus rests here: an Enter (a scanner's, say) keeps the label. */}
              <button type="button" className="button big" autoFocus aria-keyshortcuts="Alt+L" onClick={() => setConfirming(false)}>
                Keep the label <Key k="Alt+L" /> <Key k="Esc" />
              </button>
              {busy ? <span className="badge">voiding…</span> : null}
            </div>
          ) : null}
          <InlineError error={voidError ?? undefined} />
        </div>
      ) : null}
    </section>
  );
}
