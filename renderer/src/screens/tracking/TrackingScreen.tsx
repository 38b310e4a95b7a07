import { useEffect, useRef, useState } from 'react';
import { sounds } from '../../ui/sounds';
import { Key } from '../../ui/Key';
import type { Result, StationError } from '../../../../shared/contract/errors';
import type { Shipment, TrackingInfo } from '../../../../shared/contract/shippingTypes';
import { navParam } from '../../stores/nav-store';
import { run } from '../../station/run';
import { InlineError } from '../../ui/ErrorText';
import { labelsOfOrder, OrderLabelPick, type OrderLabels } from '../../ui/OrderLabelPick';
import { benchTime, localTime } from '../../ui/format';
import { useAutoFocus } from '../../ui/use-auto-focus';
import { useScanner } from '../../input/useScanner';
import { carrierWords, statusWords } from '../../../../shared/domain/operatorWords';
import { PodRequest } from './PodRequest';

type Source = 'auto' | 'platform_uk_id' | 'tracking_no' | 'direct';

/** How a label found through its order is tracked: by its own number, with its carrier. */
const labelRef = (s: Shipment) => ({ ref: s.trackingNo ?? s.platformUkId, source: 'auto' as const, carrierCode: s.carrierCode ?? undefined });

/**
 * Where a package is, with every event at the local time of the place it
 * happened. An order number tracks its label; an order with several labels
 * lists them to pick from.
 */
export function TrackingScreen() {
  const [ref, setRef] = useState(() => navParam() ?? '');
  const [source, setSource] = useState<Source>('auto');
  const [carrier, setCarrier] = useState('');
  const [info, setInfo] = useState<TrackingInfo | null>(null);
  const [error, setError] = useState<StationError | null>(null);
  const [busy, setBusy] = useState(() => Boolean(navParam()));
  const [choices, setChoices] = useState<Extract<OrderLabels, { kind: 'several' }> | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // A scan may overtake a label picked a moment before it: only the latest lookup's answer is drawn.
  const latest = useRef(0);
  useAutoFocus(input);

  const trackLabel = async (shipment: Shipment): Promise<void> => {
    const asked = ++latest.current;
    setChoices(null);
    setBusy(true);
    const result = await run('tracking.get', labelRef(shipment));
    if (asked === latest.current) show(result);
  };

  const track = async (wanted: string = ref): Promise<void> => {
    const asked = ++latest.current;
    setChoices(null);
    setBusy(true);
    const order = await labelsOfOrder(wanted);
    if (asked !== latest.current) return;
    if (order.kind === 'several') return offer(order);
    const result = await run('tracking.get', order.kind === 'one' ? labelRef(order.shipment) : { ref: wanted, source, carrierCode: carrier.trim() || undefined });
    if (asked === latest.current) show(result);
  };

  // A scan is taken whole wherever the cursor is (a pick list's button included), so no character of it is lost.
  useScanner((scan) => {
    setRef(scan.text);
    input.current?.focus();
    void track(scan.text);
  });

  function offer(order: Extract<OrderLabels, { kind: 'several' }>): void {
    setBusy(false);
    setInfo(null);
    setError(null);
    setChoices(order);
  }

  function show(result: Result<TrackingInfo>): void {
    setBusy(false);
    if (!result.ok) {
      sounds.scanError();
      setInfo(null);
      return setError(result.error);
    }
    sounds.scanOk();
    setError(null);
    setInfo(result.value);
  }

  // Arriving with a number (Track from History) shows its timeline at once.
  useEffect(() => {
    const handed = navParam();
    if (!handed) return;
    void labelsOfOrder(handed).then(async (order) => {
      if (order.kind === 'several') return offer(order);
      show(await run('tracking.get', order.kind === 'one' ? labelRef(order.shipment) : { ref: handed, source: 'auto' }));
    });
  }, []);

  return (
    <section className="screen" aria-label="Tracking">
      <h1>Tracking</h1>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          void track();
        }}
      >
        <label className="field grow">
          Tracking number, order number, shipment number or platform id
          <input ref={input} className="scan" data-scan-field value={ref} autoComplete="off" spellCheck={false} onChange={(e) => setRef(e.target.value)} />
        </label>
        <label className="field">
          <span>
            Look up by <Key k="Alt+L" />
          </span>
          <select aria-keyshortcuts="Alt+L" value={source} onChange={(e) => setSource(e.target.value as Source)}>
            <option value="auto">Best available</option>
            <option value="tracking_no">Tracking number</option>
            <option value="direct">Carrier direct (full history)</option>
            <option value="platform_uk_id">Platform id</option>
          </select>
        </label>
        <label className="field">
          <span>
            Carrier <span className="hint">(optional)</span> <Key k="Alt+C" />
          </span>
          <input aria-keyshortcuts="Alt+C" value={carrier} placeholder="USPS" onChange={(e) => setCarrier(e.target.value)} />
        </label>
        <button type="submit" className="button big" disabled={busy}>
          Track <Key k="Enter" />
        </button>
        {busy ? <span role="status">Asking the carrier…</span> : null}
      </form>
      <InlineError error={error ?? undefined} />
      {choices ? (
        <OrderLabelPick
          orderNumber={choices.orderNumber}
          shipments={choices.shipments}
          onPick={(picked) => {
            void trackLabel(picked);
            input.current?.focus();
          }}
          onCancel={() => {
            setChoices(null);
            input.current?.focus();
          }}
        />
      ) : null}
      {info ? (
        <div className="grid-2">
          <section className="panel" aria-label="Tracking status">
            <h2>
              {info.statusSummary ?? statusWords(info.status)} <span className="badge">{statusWords(info.status)}</span>
            </h2>
            {info.fromCache ? <p className="badge warn">The service could not be reached: this is the last stored status.</p> : null}
            <dl className="facts">
              <dt>Tracking number</dt>
              <dd className="mono">{info.trackingNo ?? '—'}</dd>
              <dt>Carrier</dt>
              <dd>{carrierWords(info.carrierCode)}</dd>
              <dt>Estimated delivery</dt>
              <dd>{info.estimateDeliveryDate ?? '—'}</dd>
              {info.recipientName ? (
                <>
                  <dt>Signed by</dt>
                  <dd>{info.recipientName}</dd>
                </>
              ) : null}
              {info.returnToSender ? (
                <>
                  <dt>Returned</dt>
                  <dd>Returned to sender</dd>
                </>
              ) : null}
              <dt>Checked</dt>
              <dd>{benchTime(info.fetchedAt)}</dd>
            </dl>
            <h2>Events</h2>
            {info.events.length === 0 ? <p className="muted">No events yet.</p> : null}
            <ol className="timeline" aria-label="Tracking events">
              {info.events.map((ev, i) => (
                <li key={`${ev.time ?? ''}-${i}`}>
                  <strong>{ev.description}</strong>
                  <div className="small">
                    {ev.localTime ? `${localTime(ev.localTime)} local` : ev.time ? `${benchTime(ev.time)} (bench time; local time unknown)` : 'time unknown'}
                    {ev.location ? ` · ${ev.location}` : ''}
                  </div>
                </li>
              ))}
            </ol>
          </section>
          <PodRequest trackingRef={info.trackingNo ?? ref} />
        </div>
      ) : null}
    </section>
  );
}
