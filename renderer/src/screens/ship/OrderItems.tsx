import { formatOunces } from '../../../../shared/domain/units';
import { useBench } from './bench-store';

/** What goes in the box: the scanned order's items as the store sold them, and where its weight came from. */
export function OrderItems() {
  const order = useBench((s) => s.bench?.order ?? null);
  if (!order || (order.items.length === 0 && !order.weightProblem)) return null;
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <section className="panel" aria-label="In the box">
      <h2>
        In the box <span className="muted small">{units === 1 ? '1 item' : `${units} items`}</span>
      </h2>
      <table className="data" aria-label="Order items">
        <thead>
          <tr>
            <th>SKU</th>
            <th>Item</th>
            <th className="num">Qty</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item, index) => (
            <tr key={`${item.sku}-${index}`}>
              <td>{item.sku}</td>
              <td>{item.name}</td>
              <td className="num">{item.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {order.weightFrom === 'catalog' && order.package ? <p className="small">Weight from the catalog: {formatOunces(order.package.weightOz)}</p> : null}
      {order.weightProblem ? <p className="small warn">{order.weightProblem}</p> : null}
    </section>
  );
}
