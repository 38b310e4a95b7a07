import { useRef, useState, type KeyboardEvent } from 'react';
import type { ReportByDay } from '../../../../shared/contract/reports';
import { axisTop, carrierName, colorOf, nextIndex, usd } from './chart';

const HEIGHT = 220;
const BAR = 28;
const GAP = 10;
const LEFT = 64;
const BOTTOM = 40;

function words(d: ReportByDay): string {
  const split = d.carriers.filter((c) => c.labels > 0).map((c) => `${carrierName(c.carrier)} ${usd(c.cents)}`);
  return `${d.day}: ${usd(d.cents)} for ${d.labels} ${d.labels === 1 ? 'label' : 'labels'}${split.length > 1 ? ` (${split.join(', ')})` : ''}${d.voidedLabels > 0 ? `; ${d.voidedLabels} voided` : ''}`;
}

/**
 * Postage per day, one bar per day stacked by carrier, as SVG. The bars are
 * one tab stop: ← → Home End move between days and the day's figures are
 * read out and shown under the chart.
 */
export function DayBars({ days, carriers }: { readonly days: readonly ReportByDay[]; readonly carriers: readonly string[] }) {
  const [active, setActive] = useState(0);
  const bars = useRef<Array<SVGGElement | null>>([]);
  const top = axisTop(Math.max(0, ...days.map((d) => d.cents)));
  const plot = HEIGHT - BOTTOM;
  const width = LEFT + days.length * (BAR + GAP) + GAP;
  const at = Math.min(active, Math.max(0, days.length - 1));
  const picked = days[at];

  const onKey = (event: KeyboardEvent<SVGGElement>): void => {
    const next = nextIndex(event.key, at, days.length);
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    bars.current[next]?.focus();
  };

  if (days.length === 0) return <p className="muted">No labels in these days.</p>;
  return (
    <figure className="chart">
      <div className="chart-scroll">
        <svg width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`} role="group" aria-label="Postage per day">
          {[0, 0.5, 1].map((f) => (
            <g key={f} aria-hidden="true">
              <line x1={LEFT - 4} x2={width} y1={plot - f * plot + 8} y2={plot - f * plot + 8} className="chart-grid" />
              <text x={LEFT - 8} y={plot - f * plot + 12} textAnchor="end" className="chart-axis">
                {usd(top * f)}
              </text>
            </g>
          ))}
          {days.map((d, i) => {
            const x = LEFT + GAP + i * (BAR + GAP);
            let y = plot + 8;
            return (
              <g
                key={d.day}
                ref={(el) => void (bars.current[i] = el)}
                className="chart-bar"
                role="img"
                tabIndex={i === at ? 0 : -1}
                aria-label={words(d)}
                data-day={d.day}
                data-cents={d.cents}
                onKeyDown={onKey}
                onFocus={() => setActive(i)}
                onClick={() => setActive(i)}
              >
                {d.carriers
                  .filter((c) => c.cents > 0)
                  .map((c) => {
                    const h = (c.cents / top) * plot;
                    y -= h;
                    return <rect key={c.carrier} x={x} y={y} width={BAR} height={h} fill={colorOf(carriers, c.carrier)} data-carrier={c.carrier} data-cents={c.cents} />;
                  })}
                <text x={x + BAR / 2} y={HEIGHT - 20} textAnchor="middle" className="chart-axis" aria-hidden="true">
                  {d.day.slice(5)}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
      <figcaption aria-live="polite" className="chart-caption">
        {picked ? words(picked) : null}
        <span className="small muted"> · ← → move between days</span>
      </figcaption>
      <ul className="chart-legend" aria-label="Carriers">
        {carriers.map((c) => (
          <li key={c}>
            <span className="swatch" style={{ background: colorOf(carriers, c) }} aria-hidden="true" /> {carrierName(c)}
          </li>
        ))}
      </ul>
    </figure>
  );
}
