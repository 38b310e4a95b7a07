import { useState } from 'react';
import { formatOunces } from '../../../../shared/domain/units';
import { run } from '../../station/run';
import { useQuery } from '../../station/use-query';
import { useBench } from './bench-store';
import { VerifyItems } from './VerifyItems';

/**
 * What goes in the box: the scanned order's items as the store sold them, and
 * where its weight came from. A single-SKU order weighed on the scale offers
 * to remember one unit's weight (the reading less the default box's tare,
 * shared by the quantity) in the catalog, so the next such order weighs itself.
 */
export function OrderItems() {
  const order = useBench((s) => s.bench?.order ?? null);
  const checking = useBench((s) => (s.bench?.verify.status ?? 'off') !== 'off');
  const weight = useBench((s) => s.bench?.weight ?? null);
  const settings = useQuery('settings.shipping.get', {}, ['settings']);
  const [remembered, setRemembered] = useState<string | null>(null);
  if (!order || (order.items.length === 0 && !order.weightProblem)) return null;
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
  const only = order.items.length === 1 ? order.items[0] : undefined;
  const preset = settings.data?.presets.find((p) => p.name === settings.data?.defaultPreset) ?? settings.data?.presets[0];
  const unitOz = only && weight?.source === 'scale' && weight.oz ? Math.round(((weight.oz - (preset?.tareOz ?? 0)) / only.quantity) * 100) / 100 : null;

  const remember = async (): Promise<void> => {
    if (!only || unitOz === null || unitOz <= 0) return;
    const known = await run('products.get', { sku: only.sku });
    const base = known.ok && known.value ? known.value : { sku: only.sku, name: only.name };
    const saved = await run('products.save', { ...base, weightOz: unitOz }, { action: `Remembering ${only.sku}'s weight` });
    if (saved.ok) setRemembered(`Remembered: one ${only.sku} weighs ${formatOunces(unitOz, 2)}.`);
  };

  return (
    <section className="panel" aria-label="In the box">
      <h2>
        In the box <span className="muted small">{units === 1 ? '1 item' : `${units} items`}</span>
      </h2>
      {checking ? (
        <VerifyItems />
      ) : (
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
      )}
      {order.weightFrom === 'catalog' && order.package ? <p className="small">Weight from the catalog: {formatOunces(order.package.weightOz)}</p> : null}
      {order.weightProblem ? <p className="small warn">{order.weightProblem}</p> : null}
      {only && unitOz !== null && unitOz > 0 ? (
        <button type="button" className="button" onClick={() => void remember()}>
          Remember {formatOunces(unitOz, 2)} as one {only.sku}
        </button>
      ) : null}
      {remembered ? <p role="status">{remembered}</p> : null}
    </section>
  );
}
