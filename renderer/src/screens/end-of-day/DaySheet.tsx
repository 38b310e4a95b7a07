import { useState } from 'react';
import type { DaySheet as Sheet } from '../../../../shared/contract/reports';
import { formatMoney } from '../../../../shared/domain/money';
import { carrierWords, plural, serviceCodeWords, statusWords } from '../../../../shared/domain/operatorWords';
import { useQuery } from '../../station/use-query';
import { InlineError } from '../../ui/ErrorText';
import { Key } from '../../ui/Key';

const pad = (n: number): string => String(n).padStart(2, '0');
const today = (): string => {
  const d = new Date();
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

function SheetBody({ sheet }: { readonly sheet: Sheet }) {
  const { report: r, pickups } = sheet;
  const booked = pickups.filter((p) => p.status !== 'CANCELED');
  return (
    <>
      <p className="report-totals" aria-label="Day totals">
        <strong>{plural(r.totals.labels, 'label')}</strong>, {formatMoney(r.totals.cents)} postage.{' '}
        {r.totals.voidedLabels > 0 ? `${plural(r.totals.voidedLabels, 'label')} voided (${formatMoney(r.totals.voidedCents)} refunded, not counted above).` : 'Nothing voided.'}{' '}
        {booked.length > 0 ? `${plural(booked.length, 'pickup')} booked.` : 'No pickup booked.'}
      </p>
      <table className="data sheet-table" aria-label="Labels by carrier and service">
        <thead>
          <tr>
            <th>Carrier</th>
            <th>Service</th>
            <th className="num">Labels</th>
            <th className="num">Postage</th>
            <th className="num">Voided</th>
          </tr>
        </thead>
        <tbody>
          {r.byService.map((s) => (
            <tr key={`${s.carrier}/${s.service}`}>
              <td>{s.carrier ? carrierWords(s.carrier) : 'Other'}</td>
              <td>{serviceCodeWords(s.service)}</td>
              <td className="num">{s.labels}</td>
              <td className="num">{formatMoney(s.cents)}</td>
              <td className="num">{s.voidedLabels > 0 ? `${s.voidedLabels} (${formatMoney(s.voidedCents)})` : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="grid-2">
        <table className="data sheet-table" aria-label="Packages per bench">
          <thead>
            <tr>
              <th>Bench</th>
              <th className="num">Packages</th>
              <th className="num">Postage</th>
            </tr>
          </thead>
          <tbody>
            {r.byBench.map((b) => (
              <tr key={b.bench}>
                <td>{b.bench}</td>
                <td className="num">{b.labels}</td>
                <td className="num">{formatMoney(b.cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="data sheet-table" aria-label="Pickups booked">
          <thead>
            <tr>
              <th>Pickup</th>
              <th>Day</th>
              <th className="num">Packages</th>
              <th>Status</th>
            </tr>
          </thead>
          <tbody>
            {pickups.map((p, i) => (
              <tr key={`${p.confirmationNumber ?? ''}-${i}`}>
                <td>
                  {carrierWords(p.carrier)} {p.confirmationNumber ?? ''}
                </td>
                <td>{p.pickupDate ?? '—'}</td>
                <td className="num">{p.packages ?? '—'}</td>
                <td>{statusWords(p.status)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * The day's one-page sheet beside the SCAN form, from the same report query
 * as Reports: printed, or saved as PDF from the print dialog. Print styles
 * leave only this sheet on the page.
 */
export function DaySheet() {
  const [day] = useState(today);
  const sheet = useQuery('report.daySheet', { day }, ['shipments', 'pickups']);
  return (
    <section className="panel print-sheet" aria-label="Day sheet">
      <h2>The day's sheet, {day}</h2>
      <InlineError error={sheet.error} />
      {sheet.data?.report.partial ? <p className="notice notice-warning">{sheet.data.report.partial}</p> : null}
      {sheet.data ? <SheetBody sheet={sheet.data} /> : null}
      <button type="button" className="button no-print" aria-keyshortcuts="Alt+D" onClick={() => window.print()}>
        Print the day's sheet, or save it as PDF <Key k="Alt+D" />
      </button>
    </section>
  );
}
