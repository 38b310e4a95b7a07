import { useEffect, useRef } from 'react';
import type { Rate } from '../../../shared/contract/shippingTypes';
import { days, money, serviceWords } from './format';

interface Props {
  readonly rates: readonly Rate[];
  readonly selected: number | null;
  readonly onSelect?: (index: number) => void;
  /** Rows that cannot be bought with the current options. */
  readonly disabled?: (rate: Rate) => boolean;
  readonly caption?: string;
}

/** Rates as table rows (carrier, service with the service's own marks, price, days and promised date), in the station's order. */
export function RatesTable({ rates, selected, onSelect, disabled, caption = 'Rates' }: Props) {
  const body = useRef<HTMLTableSectionElement>(null);
  // The picked row stays on screen however long the list: ↑ ↓ never move the pick out of sight.
  useEffect(() => {
    if (selected === null) return;
    body.current?.children[selected]?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  return (
    <table className="data rates" aria-label={caption}>
      <thead>
        <tr>
          <th scope="col">Carrier</th>
          <th scope="col">Service</th>
          <th scope="col" className="num">
            Price
          </th>
          <th scope="col" className="num">
            Days
          </th>
        </tr>
      </thead>
      <tbody ref={body}>
        {rates.map((rate, index) => {
          const off = disabled?.(rate) ?? false;
          return (
            <tr
              key={`${rate.rateId ?? ''}:${rate.carrierCode}:${rate.serviceLevel}`}
              className={onSelect && !off ? 'selectable' : undefined}
              aria-selected={selected === index}
              aria-disabled={off || undefined}
              onClick={() => !off && onSelect?.(index)}
            >
              <td>{rate.carrierCode}</td>
              <td>
                {serviceWords(rate)}
                {rate.marks?.map((mark) => (
                  <span key={mark} className="badge">
                    {' '}
                    {mark}
                  </span>
                ))}
                {selected === index ? <span className="badge ok"> picked</span> : null}
              </td>
              <td className="num">{money(rate.price, rate.currency)}</td>
              <td className="num">
                {days(rate.deliveryDays)}
                {rate.deliveryDate ? <span className="muted"> by {rate.deliveryDate}</span> : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
