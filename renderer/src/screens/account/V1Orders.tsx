import { carrierWords, serviceCodeWords } from '../../../../shared/domain/operatorWords';
import { useState } from 'react';
import type { V1Label } from '../../../../shared/contract/account';
import type { StationError } from '../../../../shared/contract/errors';
import { run } from '../../station/run';
import { useQuery } from '../../station/use-query';
import { InlineError } from '../../ui/ErrorText';
import { PdfLink } from '../../ui/PdfLink';
import { money } from '../../ui/format';
import { Key } from '../../ui/Key';

/** The inbox's v1 orders, and the labels the legacy service bought for one of them. */
export function V1Orders() {
  const orders = useQuery('orders.list', { includeShipped: true, limit: 100 }, ['orders']);
  // A real service lists no orders, so the pull is offered only on the built-in practice service.
  const practice = useQuery('backend.status', {}, ['backend', 'settings']).data?.kind === 'sandbox';
  const [store, setStore] = useState('');
  const [orderNumber, setOrderNumber] = useState('');
  const [labels, setLabels] = useState<readonly V1Label[] | null>(null);
  const [error, setError] = useState<StationError | null>(null);
  const [pulled, setPulled] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleted, setDeleted] = useState<string | null>(null);

  const pull = async (): Promise<void> => {
    const result = await run('orders.pullPracticeOrders', {}, { action: 'Pulling practice orders' });
    if (result.ok) setPulled(`${result.value.imported} new, ${result.value.updated} updated.`);
  };

  const lookup = async (): Promise<void> => {
    const result = await run('account.orders.labels', { storeName: store, orderNumber });
    if (!result.ok) {
      setLabels(null);
      return setError(result.error);
    }
    setError(null);
    setLabels(result.value);
  };

  const remove = async (): Promise<void> => {
    const result = await run('account.orders.delete', { storeName: store, orderNumber });
    setConfirmDelete(false);
    setLabels(null);
    if (!result.ok) {
      setDeleted(null);
      return setError(result.error);
    }
    setError(null);
    setDeleted(`Order ${orderNumber} was deleted from store ${store}.`);
  };

  const v1 = (orders.data ?? []).filter((o) => o.source === 'v1');
  const firstWithLabel = labels?.findIndex((l) => l.labelUrls[0] !== undefined);
  return (
    <section className="panel" aria-label="Legacy orders">
      <h2>Orders (v1)</h2>
      {practice ? (
        <div className="row">
          <button type="button" className="button" aria-keyshortcuts="Alt+L" onClick={() => void pull()}>
            Pull practice orders <Key k="Alt+L" />
          </button>
          {pulled ? <span role="status">{pulled}</span> : null}
        </div>
      ) : null}
      <InlineError error={orders.error} />
      <table className="data" aria-label="v1 orders">
        <thead>
          <tr>
            <th>Order</th>
            <th>Ship to</th>
            <th>Shipped</th>
          </tr>
        </thead>
        <tbody>
          {v1.map((o) => (
            <tr
              key={o.orderNumber}
              className="selectable"
              tabIndex={0}
              onClick={() => setOrderNumber(o.orderNumber)}
              onKeyDown={(e) => e.key === 'Enter' && setOrderNumber(o.orderNumber)}
            >
              <td>{o.orderNumber}</td>
              <td>
                {o.recipient.name}, {o.recipient.city} {o.recipient.state}
              </td>
              <td>{o.shipped ? 'yes' : 'no'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Look up or delete an order</h2>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          void lookup();
        }}
      >
        <label className="field">
          Store name
          <input value={store} onChange={(e) => setStore(e.target.value)} />
        </label>
        <label className="field">
          Order number
          <input value={orderNumber} onChange={(e) => setOrderNumber(e.target.value)} />
        </label>
        <button type="submit" className="button" aria-keyshortcuts="Alt+H">
          Show labels <Key k="Alt+H" />
        </button>
        <button
          type="button"
          className="button danger"
          disabled={store.trim() === '' || orderNumber.trim() === ''}
          aria-keyshortcuts="Alt+D"
          onClick={() => {
            setDeleted(null);
            setConfirmDelete(true);
          }}
        >
          Delete order <Key k="Alt+D" />
        </button>
      </form>
      {confirmDelete ? (
        <div className="notice notice-warning" role="alert">
          <p>
            Delete order {orderNumber} from store {store}? This is irreversible: the legacy service deletes the order for good and it cannot be brought back.
          </p>
          <div className="row">
            <button type="button" className="button danger" autoFocus aria-keyshortcuts="Alt+Y" onClick={() => void remove()}>
              Delete for good <Key k="Alt+Y" />
            </button>
            <button type="button" className="button ghost" aria-keyshortcuts="Alt+N" onClick={() => setConfirmDelete(false)}>
              Keep the order <Key k="Alt+N" />
            </button>
          </div>
        </div>
      ) : null}
      {deleted ? (
        <p role="status" className="success">
          {deleted}
        </p>
      ) : null}
      <InlineError error={error ?? undefined} />
      {labels ? (
        labels.length === 0 ? (
          <p className="muted">No labels were bought for this order.</p>
        ) : (
          <table className="data" aria-label="v1 labels">
            <thead>
              <tr>
                <th>Tracking code</th>
                <th>Carrier</th>
                <th>Service</th>
                <th className="num">Rate</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {labels.map((l, index) => (
                <tr key={l.trackingCode}>
                  <td className="mono">{l.trackingCode}</td>
                  <td>{carrierWords(l.carrier)}</td>
                  <td>{serviceCodeWords(l.serviceLevel)}</td>
                  <td className="num">{money(l.rate)}</td>
                  <td>
                    {l.labelUrls[0] ? (
                      <PdfLink url={l.labelUrls[0]} shortcut={index === firstWithLabel ? 'Alt+E' : undefined}>
                        Label
                      </PdfLink>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      ) : null}
    </section>
  );
}
