import { useRef, type KeyboardEvent } from 'react';
import type { ReportByCarrier } from '../../../../shared/contract/reports';
import { carrierName, colorOf, nextIndex, usd } from './chart';

const WIDTH = 420;
const ROW = 34;
const LABEL = 110;

/** Each carrier's share of the postage, one horizontal SVG bar each; ↑ ↓ move between carriers. */
export function CarrierSplit({ split, carriers }: { readonly split: readonly ReportByCarrier[]; readonly carriers: readonly string[] }) {
  const rows = useRef<Array<SVGGElement | null>>([]);
  const shown = split.filter((c) => c.labels > 0);
  const total = shown.reduce((sum, c) => sum + c.cents, 0);
  if (shown.length === 0 || total <= 0) return <p className="muted">No postage in these days.</p>;
  const onKey = (i: number) => (event: KeyboardEvent<SVGGElement>) => {
    const next = nextIndex(event.key, i, shown.length);
    if (next === null) return;
    event.preventDefault();
    rows.current[next]?.focus();
  };
  return (
    <svg width={WIDTH} height={shown.length * ROW} viewBox={`0 0 ${WIDTH} ${shown.length * ROW}`} role="group" aria-label="Postage by carrier">
      {shown.map((c, i) => {
        const share = c.cents / total;
        const words = `${carrierName(c.carrier)}: ${usd(c.cents)}, ${Math.round(share * 100)}% of the postage, ${c.labels} ${c.labels === 1 ? 'label' : 'labels'}`;
        return (
          <g key={c.carrier} ref={(el) => void (rows.current[i] = el)} className="chart-bar" role="img" tabIndex={0} aria-label={words} data-carrier={c.carrier} data-cents={c.cents} onKeyDown={onKey(i)}>
            <text x={0} y={i * ROW + 21} className="chart-axis">
              {carrierName(c.carrier)}
            </text>
            <rect x={LABEL} y={i * ROW + 6} width={Math.max(2, share * (WIDTH - LABEL - 120))} height={ROW - 12} fill={colorOf(carriers, c.carrier)} />
            <text x={LABEL + Math.max(2, share * (WIDTH - LABEL - 120)) + 8} y={i * ROW + 21} className="chart-axis">
              {usd(c.cents)} · {Math.round(share * 100)}%
            </text>
          </g>
        );
      })}
    </svg>
  );
}
