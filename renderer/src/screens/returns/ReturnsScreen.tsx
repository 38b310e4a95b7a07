import { useRef, useState } from 'react';
import { sounds } from '../../ui/sounds';
import { Working } from '../../ui/Working';
import { Key } from '../../ui/Key';
import { formatOunces, parseTypedWeight } from '../../../../shared/domain/units';
import { stableWeight, useScale } from '../../stores/scale-store';
import type { StationError } from '../../../../shared/contract/errors';
import type { PurchaseResult } from '../../../../shared/contract/shippingTypes';
import { useReadOnly } from '../../station/read-only';
import { run } from '../../station/run';
import { useQuery } from '../../station/use-query';
import { AddressForm, addressFrom, draftFrom, emptyAddress } from '../../ui/AddressForm';
import { BoughtLabel } from '../../ui/BoughtLabel';
import { InlineError } from '../../ui/ErrorText';
import { newPackageKey } from '../../ui/package-key';
import { useAutoFocus } from '../../ui/use-auto-focus';

const levels = [
  ['USPS_GROUND_ADVANTAGE_RETURN', 'USPS Ground Advantage Return'],
  ['USPS_PRIORITY_MAIL_RETURN', 'USPS Priority Mail Return'],
  ['USPS_PRIORITY_MAIL_EXPRESS_RETURN', 'USPS Priority Mail Express Return'],
] as const;

/**
 * A return label the customer uses to send a package back, bought directly
 * with a USPS Returns level. For an order, Buy again shows the label already
 * bought; another return label for the same order is asked for on purpose
 * (Alt+R) and is a new package to the station (its return number).
 */
export function ReturnsScreen() {
  const settings = useQuery('settings.shipping.get', {}, ['settings']);
  const [orderNumber, setOrderNumber] = useState('');
  const [customer, setCustomer] = useState(emptyAddress);
  const [level, setLevel] = useState<string>(levels[0][0]);
  const [weight, setWeight] = useState('');
  const [packageKey, setPackageKey] = useState(() => newPackageKey('return'));
  const [lookupError, setLookupError] = useState<StationError | null>(null);
  const [buyError, setBuyError] = useState<StationError | null>(null);
  const [busy, setBusy] = useState(false);
  const [bought, setBought] = useState<PurchaseResult | null>(null);
  const [returnNumber, setReturnNumber] = useState(1);
  // The operator starts with the order the return is for.
  const orderField = useRef<HTMLInputElement>(null);
  const weightField = useRef<HTMLInputElement>(null);
  const readOnly = useReadOnly() !== undefined;
  useAutoFocus(orderField);

  const fromOrder = async (): Promise<void> => {
    const result = await run('orders.lookup', { orderNumber });
    if (!result.ok) {
      sounds.scanError();
      return setLookupError(result.error);
    }
    sounds.scanOk();
    setLookupError(null);
    setCustomer(draftFrom(result.value.recipient));
    // The weight as Ship takes it: a stable scale reading, else the order's own.
    const oz = stableWeight(useScale.getState().reading) ?? result.value.package?.weightOz ?? null;
    setWeight(oz ? formatOunces(oz) : '');
    setOrderNumber(result.value.orderNumber);
    setReturnNumber(1);
    setBought(null);
  };

  const buy = async (number: number = returnNumber): Promise<void> => {
    const shipFrom = settings.data?.shipFrom;
    if (!shipFrom) {
      setBuyError({ code: 'not_configured', message: 'Returns go back to the ship-from address, and none is set.' });
      return;
    }
    const weightOz = parseTypedWeight(weight);
    if (!weightOz) {
      setBuyError({ code: 'invalid_input', message: 'Enter the weight, e.g. 12 oz or 1 lb 4 oz.', field: 'package.weightOz' });
      weightField.current?.focus();
      return;
    }
    setBusy(true);
    const result = await run('labels.buy', {
      method: 'direct',
      carrierCode: 'USPS',
      serviceLevel: level,
      from: addressFrom(customer),
      to: shipFrom,
      package: { weightOz },
      options: { isReturnLabel: true },
      ...(orderNumber.trim() ? { orderNumber: orderNumber.trim(), returnNumber: number } : { packageKey }),
    });
    setBusy(false);
    if (!result.ok) return setBuyError(result.error);
    setBuyError(null);
    setReturnNumber(number);
    setBought(result.value);
  };

  // The next number comes from the station: in a warehouse another bench may have bought the order's next return already.
  const buyAnother = async (): Promise<void> => {
    setBusy(true);
    const next = await run('returns.next', { orderNumber: orderNumber.trim() });
    setBusy(false);
    if (!next.ok) return setBuyError(next.error);
    await buy(next.value.returnNumber);
  };

  const startOver = (): void => {
    setBought(null);
    setCustomer(emptyAddress);
    setOrderNumber('');
    setWeight('');
    setReturnNumber(1);
    setPackageKey(newPackageKey('return'));
    orderField.current?.focus();
  };

  return (
    <section className="screen" aria-label="Returns">
      <h1>Return label</h1>
      <div className="grid-2">
        <div className="panel">
          <form
            className="row"
            onSubmit={(e) => {
              e.preventDefault();
              void fromOrder();
            }}
          >
            <label className="field grow">
              From an order <span className="hint">(fills in the customer)</span>
              <input ref={orderField} value={orderNumber} onChange={(e) => setOrderNumber(e.target.value)} placeholder="Order number" />
            </label>
            <button type="submit" className="button">
              Use order <Key k="Enter" />
            </button>
          </form>
          <InlineError error={lookupError ?? undefined} />
          <AddressForm value={customer} onChange={setCustomer} error={buyError} prefix="from" label="Customer (the package comes from)" />
          <div className="row">
            <label className="field">
              <span>
                Service <Key k="Alt+E" />
              </span>
              <select aria-keyshortcuts="Alt+E" value={level} onChange={(e) => setLevel(e.target.value)}>
                {levels.map(([value, words]) => (
                  <option key={value} value={value}>
                    {words}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span>
                Weight <Key k="Alt+W" />
              </span>
              <input
                ref={weightField}
                aria-keyshortcuts="Alt+W"
                value={weight}
                onChange={(e) => setWeight(e.target.value)}
                placeholder="e.g. 1 lb 4 oz"
                aria-invalid={buyError?.field === 'package.weightOz'}
                aria-describedby={buyError?.field === 'package.weightOz' ? 'return-weight-error' : undefined}
              />
            </label>
          </div>
          {buyError?.field === 'package.weightOz' ? <InlineError error={buyError} id="return-weight-error" /> : null}
          <p className="small muted">The package goes back to the ship-from address set in Settings.</p>
          {buyError?.field === 'package.weightOz' ? null : <InlineError error={buyError ?? undefined} />}
          <div className="row">
            <button type="button" className="button primary big" disabled={busy || bought !== null || readOnly} aria-keyshortcuts="Alt+P" onClick={() => void buy()}>
              Buy return label <Key k="Alt+P" />
            </button>
            <Working when={busy}>Buying the return label…</Working>
            {bought ? (
              <button type="button" className="button big" aria-keyshortcuts="Alt+N" onClick={startOver}>
                Next return <Key k="Alt+N" />
              </button>
            ) : null}
          </div>
          {bought && orderNumber.trim() ? (
            <div className="row" role="group" aria-label="Another return">
              <p className="small">
                {bought.reused
                  ? `Return label ${returnNumber} for order ${orderNumber.trim()} was bought earlier; this is that label, not charged again.`
                  : `Return label ${returnNumber} for order ${orderNumber.trim()}.`}
              </p>
              <button type="button" className="button" disabled={busy || readOnly} aria-keyshortcuts="Alt+R" onClick={() => void buyAnother()}>
                Buy another return label for this order <Key k="Alt+R" />
              </button>
            </div>
          ) : null}
        </div>
        <div>{bought ? <BoughtLabel purchase={bought} /> : null}</div>
      </div>
    </section>
  );
}
