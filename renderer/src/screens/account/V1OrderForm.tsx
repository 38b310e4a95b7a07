import { useState } from 'react';
import type { StationError } from '../../../../shared/contract/errors';
import { run } from '../../station/run';
import { AddressForm, addressFrom, emptyAddress, type AddressDraft } from '../../ui/AddressForm';
import { InlineError } from '../../ui/ErrorText';
import { Key } from '../../ui/Key';
import { emptyPackage, orderPackageFrom, type PackageDraft, type V1OrderDraft } from './draft';
import { PackageFields } from './PackageFields';

/** Creates an order on the legacy service (store, warehouse, ship-to, one package), then hands it to the label desk. */
export function V1OrderForm({ onCreated }: { readonly onCreated: (order: V1OrderDraft) => void }) {
  const [storeName, setStoreName] = useState('');
  const [warehouseName, setWarehouseName] = useState('');
  const [orderNumber, setOrderNumber] = useState('');
  const [verify, setVerify] = useState(true);
  const [to, setTo] = useState<AddressDraft>(emptyAddress);
  const [pkg, setPkg] = useState<PackageDraft>(emptyPackage);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<StationError | null>(null);
  const [created, setCreated] = useState<string | null>(null);

  const create = async (): Promise<void> => {
    setBusy(true);
    setCreated(null);
    const result = await run('account.orders.create', {
      storeName,
      warehouseName,
      ...(orderNumber.trim() ? { orderNumber } : {}),
      verifyAddress: verify,
      recipient: addressFrom(to),
      packages: [orderPackageFrom(pkg)],
    });
    setBusy(false);
    if (!result.ok) return setError(result.error);
    setError(null);
    setCreated(`Order ${result.value.orderNumber} created in store ${storeName}.`);
    onCreated({ storeName, orderNumber: result.value.orderNumber, warehouseName, to, pkg });
  };

  return (
    <section className="panel" aria-label="Create a v1 order">
      <h2>Create an order (v1)</h2>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <div className="row">
          <label className="field">
            Store name
            <input value={storeName} onChange={(e) => setStoreName(e.target.value)} aria-invalid={error?.field === 'storeName'} />
          </label>
          <label className="field">
            Warehouse name
            <input value={warehouseName} onChange={(e) => setWarehouseName(e.target.value)} aria-invalid={error?.field === 'warehouseName'} />
          </label>
          <label className="field">
            Order number <span className="hint">(blank: the service picks one)</span>
            <input value={orderNumber} onChange={(e) => setOrderNumber(e.target.value)} />
          </label>
        </div>
        <AddressForm value={to} onChange={setTo} error={error} prefix="recipient" label="Ship to" />
        <PackageFields value={pkg} onChange={setPkg} error={error} prefix="packages.0" />
        <label className="check">
          <input type="checkbox" checked={verify} onChange={(e) => setVerify(e.target.checked)} /> Verify the address when creating
        </label>
        <button type="submit" className="button primary" disabled={busy} aria-keyshortcuts="Alt+C">
          Create order <Key k="Alt+C" />
        </button>
      </form>
      {busy ? <p role="status">Creating the order…</p> : null}
      {created ? <p role="status" className="success">{created}</p> : null}
      <InlineError error={error ?? undefined} />
    </section>
  );
}
