import { useState } from 'react';
import { Working } from '../../ui/Working';
import { Key } from '../../ui/Key';
import type { CsvImportReport, ImportFormat } from '../../../../shared/contract/shippingTypes';
import { run } from '../../station/run';
import { useQuery } from '../../station/use-query';
import { InlineError } from '../../ui/ErrorText';
import { decodeExport } from '../../../../shared/domain/orderImport/decode';
import { headerCells } from '../../../../shared/domain/orderImport/header';
import { ColumnMapper } from './ColumnMapper';

const formatNames: Readonly<Record<ImportFormat, string>> = {
  shopify: 'a Shopify export',
  woocommerce: 'a WooCommerce export',
  ebay: 'an eBay orders report',
  etsy: 'Etsy sold order items',
  amazon: 'an Amazon unshipped orders report',
  shipstation: 'a ShipStation export',
  station: "the station's CSV",
  mapped: 'a saved column mapping',
};

/** Orders waiting to ship: imported from CSV, typed into Scan, or (on the practice service only) its demo orders. */
export function OrdersInbox({ onPick }: { readonly onPick: (orderNumber: string) => void }) {
  const [query, setQuery] = useState('');
  // A real service lists no orders, so the pull is offered only on the built-in practice service.
  const practice = useQuery('backend.status', {}, ['backend', 'settings']).data?.kind === 'sandbox';
  const orders = useQuery('orders.list', { query: query.trim(), limit: 100 }, ['orders', 'shipments']);
  const [report, setReport] = useState<CsvImportReport | null>(null);
  const [pulled, setPulled] = useState<string | null>(null);
  const [working, setWorking] = useState<string | null>(null);
  const [unmapped, setUnmapped] = useState<{ readonly csv: string; readonly name: string } | null>(null);

  const importFile = async (file: File): Promise<void> => {
    setWorking(`Importing ${file.name}…`);
    // Bytes, not file.text(): European Excel saves Windows-1252, which UTF-8 decoding would mangle.
    const csv = decodeExport(new Uint8Array(await file.arrayBuffer()));
    setUnmapped(null);
    await importText(csv, file.name);
  };
  const importText = async (csv: string, name: string, mapping?: string): Promise<void> => {
    setWorking(`Importing ${name}…`);
    const result = await run('orders.importCsv', { csv, ...(mapping ? { mapping } : {}) }, { action: `Importing ${name}` });
    setWorking(null);
    if (!result.ok) return;
    setReport(result.value);
    // Not a store export the station knows: offer to map its columns once.
    setUnmapped(result.value.format === null ? { csv, name } : null);
  };
  const pull = async (): Promise<void> => {
    setWorking('Pulling practice orders…');
    const result = await run('orders.pullPracticeOrders', {}, { action: 'Pulling practice orders' });
    setWorking(null);
    if (result.ok) setPulled(`${result.value.imported} new, ${result.value.updated} updated.`);
  };

  return (
    <section className="panel" aria-label="Orders inbox">
      <h2>Orders inbox</h2>
      <div className="row">
        <label className="field grow">
          Find an order
          <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </label>
        {practice ? (
          <button type="button" className="button" disabled={working !== null} aria-keyshortcuts="Alt+L" onClick={() => void pull()}>
            Pull practice orders <Key k="Alt+L" />
          </button>
        ) : null}
        <label className="button" aria-keyshortcuts="Alt+I">
          Import CSV… <Key k="Alt+I" />
          <input
            type="file"
            accept=".csv,.txt,text/csv,text/tab-separated-values"
            className="visually-hidden"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void importFile(file);
              e.target.value = '';
            }}
          />
        </label>
        <Working when={working !== null}>{working}</Working>
      </div>
      {pulled ? <p role="status">{pulled}</p> : null}
      {report ? (
        <div role="status">
          <p>
            {report.format ? `Read as ${formatNames[report.format]}. ` : ''}Imported {report.imported}, updated {report.updated}
            {report.skipped.length > 0 ? `, skipped ${report.skipped.length}` : ''}
            {report.refused.length > 0 ? `, ${report.refused.length} refused:` : '.'}
          </p>
          <ul className="small" aria-label="Refused">
            {report.refused.slice(0, 20).map((e) => (
              <li key={e.line}>
                Line {e.line}: {e.message}
              </li>
            ))}
          </ul>
          <ul className="small" aria-label="Skipped">
            {report.skipped.slice(0, 20).map((e) => (
              <li key={e.line}>
                Order {e.order_number} skipped: {e.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {unmapped ? (
        <ColumnMapper
          header={headerCells(unmapped.csv)}
          onSaved={(mapping) => {
            setUnmapped(null);
            void importText(unmapped.csv, unmapped.name, mapping);
          }}
        />
      ) : null}
      <InlineError error={orders.error} />
      <table className="data" aria-label="Orders">
        <thead>
          <tr>
            <th>Order</th>
            <th>Ship to</th>
            <th>From</th>
          </tr>
        </thead>
        <tbody>
          {(orders.data ?? []).map((o) => (
            <tr key={o.orderNumber} className="selectable" tabIndex={0} onClick={() => onPick(o.orderNumber)} onKeyDown={(e) => e.key === 'Enter' && onPick(o.orderNumber)}>
              <td>{o.orderNumber}</td>
              <td>
                {o.recipient.name}, {o.recipient.city} {o.recipient.state}
              </td>
              <td>{o.source}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {orders.data?.length === 0 ? <p className="muted">No orders waiting. Pull them from the service or import a CSV file.</p> : null}
    </section>
  );
}
