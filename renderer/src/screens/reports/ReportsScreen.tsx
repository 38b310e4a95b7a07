import { serviceCodeWords } from '../../../../shared/domain/operatorWords';
import { useState } from 'react';
import type { ReportTotals } from '../../../../shared/contract/reports';
import { useQuery } from '../../station/use-query';
import { InlineError } from '../../ui/ErrorText';
import { CarrierSplit } from './CarrierSplit';
import { carrierName, localDay, usd } from './chart';
import { DayBars } from './DayBars';

const weekAgo = (): string => {
  const d = new Date();
  d.setDate(d.getDate() - 6);
  return localDay(d);
};

function TotalsCells({ t }: { readonly t: ReportTotals }) {
  return (
    <>
      <td className="num">{t.labels}</td>
      <td className="num">{usd(t.cents)}</td>
      <td className="num">{t.voidedLabels > 0 ? `${t.voidedLabels} (${usd(t.voidedCents)})` : '—'}</td>
    </>
  );
}

const heads = (
  <>
    <th className="num">Labels</th>
    <th className="num">Postage</th>
    <th className="num">Voided (refunded)</th>
  </>
);

/** What the days cost: postage by day (stacked by carrier), the carrier split, and the totals by service and bench. */
export function ReportsScreen() {
  const [from, setFrom] = useState(weekAgo);
  const [to, setTo] = useState(() => localDay(new Date()));
  const report = useQuery('report.summary', from && to ? { from, to } : null, ['shipments']);
  const r = report.data;
  const carriers = (r?.byCarrier ?? []).map((c) => c.carrier);

  return (
    <section className="screen" aria-label="Reports">
      <h1>Reports</h1>
      <div className="row">
        <label className="field">
          First day
          <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className="field">
          Last day
          <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
      </div>
      <InlineError error={report.error} />
      {r?.partial ? (
        <p className="notice notice-warning" role="status">
          {r.partial}
        </p>
      ) : null}
      {r ? (
        <>
          <p className="report-totals" aria-label="Totals">
            <strong>{usd(r.totals.cents)}</strong> postage for {r.totals.labels} {r.totals.labels === 1 ? 'label' : 'labels'}
            {r.averageCents !== null ? `, ${usd(r.averageCents)} a package on average` : ''}.{' '}
            {r.totals.voidedLabels > 0 ? `${r.totals.voidedLabels} voided (${usd(r.totals.voidedCents)} refunded, not counted above). ` : 'Nothing voided. '}
            {r.insuranceCents > 0 ? `Insured for ${usd(r.insuranceCents)}.` : ''}
          </p>
          <div className="grid-2">
            <section className="panel" aria-label="Postage per day">
              <h2>Postage per day</h2>
              <DayBars days={r.byDay} carriers={carriers} />
            </section>
            <section className="panel" aria-label="Postage by carrier">
              <h2>By carrier</h2>
              <CarrierSplit split={r.byCarrier} carriers={carriers} />
            </section>
          </div>
          <div className="grid-2">
            <section className="panel">
              <h2>By service</h2>
              <table className="data" aria-label="By service">
                <thead>
                  <tr>
                    <th>Carrier</th>
                    <th>Service</th>
                    {heads}
                  </tr>
                </thead>
                <tbody>
                  {r.byService.map((s) => (
                    <tr key={`${s.carrier}/${s.service}`}>
                      <td>{carrierName(s.carrier)}</td>
                      <td>{serviceCodeWords(s.service)}</td>
                      <TotalsCells t={s} />
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            <section className="panel">
              <h2>By bench</h2>
              <table className="data" aria-label="By bench">
                <thead>
                  <tr>
                    <th>Bench</th>
                    {heads}
                  </tr>
                </thead>
                <tbody>
                  {r.byBench.map((b) => (
                    <tr key={b.bench}>
                      <td>{b.bench}</td>
                      <TotalsCells t={b} />
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </div>
        </>
      ) : null}
    </section>
  );
}
