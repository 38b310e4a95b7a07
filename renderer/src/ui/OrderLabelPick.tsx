import { useEffect, useRef } from 'react';
import type { Shipment } from '../../../shared/contract/shippingTypes';
import { run } from '../station/run';
import { benchTime, serviceWords } from './format';
import { Key } from './Key';
import { StateBadge } from './ShipmentFacts';

/** What a typed or scanned number names: one label, several labels of one order (the operator picks), or no order here. */
export type OrderLabels =
  | { readonly kind: 'one'; readonly shipment: Shipment }
  | { readonly kind: 'several'; readonly orderNumber: string; readonly shipments: readonly Shipment[] }
  | { readonly kind: 'not_an_order' };

/**
 * Tries the text as an order number first: it is answered from this
 * station's own labels, with no network. A text that is no order with labels
 * here is left for the screen's own lookup (tracking number, shipment number,
 * platform id).
 */
export async function labelsOfOrder(text: string): Promise<OrderLabels> {
  const orderNumber = text.trim();
  if (orderNumber === '') return { kind: 'not_an_order' };
  const result = await run('shipments.ofOrder', { orderNumber });
  if (!result.ok || result.value.shipments.length === 0) return { kind: 'not_an_order' };
  const [first, ...rest] = result.value.shipments;
  if (first && rest.length === 0) return { kind: 'one', shipment: first };
  return { kind: 'several', orderNumber, shipments: result.value.shipments };
}

const MAX_DIGIT_KEYS = 9;

/**
 * The labels of an order with more than one box (or a return): the first is
 * focused on arrival, a digit picks by number, the arrows move, Enter picks
 * the focused one, Esc goes back to the number.
 */
export function OrderLabelPick({
  orderNumber,
  shipments,
  onPick,
  onCancel,
}: {
  readonly orderNumber: string;
  readonly shipments: readonly Shipment[];
  readonly onPick: (shipment: Shipment) => void;
  readonly onCancel: () => void;
}) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    list.current?.querySelector('button')?.focus();
  }, [shipments]);

  const buttons = (): HTMLButtonElement[] => [...(list.current?.querySelectorAll('button') ?? [])];
  const move = (by: number) => {
    const all = buttons();
    const at = all.findIndex((b) => b === document.activeElement);
    all[Math.min(all.length - 1, Math.max(0, at + by))]?.focus();
  };

  return (
    <section
      className="panel"
      aria-label="Labels of this order"
      onKeyDown={(e) => {
        if (e.altKey || e.ctrlKey || e.metaKey) return;
        const digit = Number(e.key);
        if (Number.isInteger(digit) && digit >= 1 && digit <= Math.min(MAX_DIGIT_KEYS, shipments.length)) {
          e.preventDefault();
          onPick(shipments[digit - 1] as Shipment);
        } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
          e.preventDefault();
          move(e.key === 'ArrowDown' ? 1 : -1);
        } else if (e.key === 'Escape') {
          e.preventDefault();
          onCancel();
        }
      }}
    >
      <h2>
        Order {orderNumber} has {shipments.length} labels: pick one
      </h2>
      <p className="hint">
        <Key k="1" />–<Key k={String(Math.min(MAX_DIGIT_KEYS, shipments.length))} /> or <Key k="↑" /> <Key k="↓" /> and <Key k="Enter" /> pick a label;{' '}
        <Key k="Esc" /> goes back to the number.
      </p>
      <ol ref={list} className="pick-list">
        {shipments.map((s, index) => (
          <li key={s.id}>
            <button
              type="button"
              className="button"
              aria-keyshortcuts={index < MAX_DIGIT_KEYS ? String(index + 1) : undefined}
              onClick={() => onPick(s)}
            >
              {index < MAX_DIGIT_KEYS ? <Key k={String(index + 1)} /> : null} <span className="mono">{s.trackingNo ?? s.platformUkId}</span> · {serviceWords(s)}
              {s.isReturn ? ' · return' : ''} · {benchTime(s.boughtAt)} <StateBadge state={s.state} />
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
