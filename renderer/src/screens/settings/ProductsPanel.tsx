import { useState } from 'react';
import type { StationError } from '../../../../shared/contract/errors';
import type { Product } from '../../../../shared/contract/products';
import { formatOunces, parseTypedWeight } from '../../../../shared/domain/units';
import { run } from '../../station/run';
import { useQuery } from '../../station/use-query';
import { InlineError } from '../../ui/ErrorText';
import { Key } from '../../ui/Key';

const empty = { sku: '', name: '', weight: '', barcode: '', hsCode: '', originCountry: '', customsDescription: '', valueUsd: '' };
type Draft = typeof empty;

const draftOf = (p: Product): Draft => ({
  sku: p.sku,
  name: p.name,
  weight: formatOunces(p.weightOz, 2),
  barcode: p.barcode ?? '',
  hsCode: p.hsCode ?? '',
  originCountry: p.originCountry ?? '',
  customsDescription: p.customsDescription ?? '',
  valueUsd: p.valueUsd === undefined ? '' : String(p.valueUsd),
});

const fields: ReadonlyArray<readonly [keyof Draft, string]> = [
  ['sku', 'SKU'],
  ['name', 'Name'],
  ['weight', 'Weight of one unit'],
  ['barcode', 'Barcode'],
  ['hsCode', 'HS code'],
  ['originCountry', 'Made in (country code)'],
  ['customsDescription', 'Customs description'],
  ['valueUsd', 'Value (USD)'],
];

/**
 * The product catalog at the bench, keyboard only: type to find a SKU or a
 * name, Enter on a row opens it, Enter in the form saves it (a new SKU is
 * added). The weight is typed as the Weight field takes it (14.5, 1.2 lb, 540 g).
 */
export function ProductsPanel() {
  const [query, setQuery] = useState('');
  const [draft, setDraft] = useState<Draft>(empty);
  const [error, setError] = useState<StationError | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const products = useQuery('products.list', { query: query.trim(), limit: 50 }, ['products']);

  const open = (p: Product): void => {
    setDraft(draftOf(p));
    setSaved(null);
    setError(null);
    document.querySelector<HTMLInputElement>('input[name="product-sku"]')?.focus();
  };

  const save = async (): Promise<void> => {
    setSaved(null);
    const weightOz = parseTypedWeight(draft.weight);
    if (weightOz === undefined || weightOz <= 0) {
      setError({ code: 'invalid_input', message: `"${draft.weight}" is not a weight. Type it like 14.5, 1.2 lb or 540 g.`, field: 'weightOz' });
      return;
    }
    const value = draft.valueUsd.trim() === '' ? undefined : Number(draft.valueUsd.replace(/^\$/, ''));
    const text = (key: keyof Draft) => (draft[key].trim() === '' ? {} : { [key]: draft[key].trim() });
    const result = await run('products.save', {
      sku: draft.sku,
      name: draft.name,
      weightOz,
      ...text('barcode'),
      ...text('hsCode'),
      ...text('originCountry'),
      ...text('customsDescription'),
      ...(value !== undefined ? { valueUsd: value } : {}),
    });
    if (!result.ok) return setError(result.error);
    setError(null);
    setSaved(`${result.value.created ? 'Added' : 'Saved'} ${draft.sku.trim()}.`);
  };

  return (
    <section className="panel" aria-label="Products">
      <h2>Products</h2>
      <label className="field">
        Find a product (SKU or name)
        <input type="search" name="product-search" value={query} onChange={(e) => setQuery(e.target.value)} />
      </label>
      <InlineError error={products.error} />
      <table className="data" aria-label="Catalog">
        <thead>
          <tr>
            <th>SKU</th>
            <th>Name</th>
            <th className="num">Weight</th>
          </tr>
        </thead>
        <tbody>
          {(products.data ?? []).map((p) => (
            <tr key={p.sku} className="selectable" tabIndex={0} onClick={() => open(p)} onKeyDown={(e) => e.key === 'Enter' && open(p)}>
              <td>{p.sku}</td>
              <td>{p.name}</td>
              <td className="num">{formatOunces(p.weightOz)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <form
        aria-label="Product"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {fields.map(([key, label]) => (
          <label className="field" key={key}>
            {label}
            <input name={`product-${key}`} autoComplete="off" value={draft[key]} onChange={(e) => setDraft({ ...draft, [key]: e.target.value })} />
          </label>
        ))}
        <button type="submit" className="button">
          Save product <Key k="Enter" />
        </button>
        <button type="button" className="button" aria-keyshortcuts="Alt+N" onClick={() => setDraft(empty)}>
          New product <Key k="Alt+N" />
        </button>
      </form>
      <InlineError error={error ?? undefined} />
      {saved ? <p role="status">{saved}</p> : null}
    </section>
  );
}
