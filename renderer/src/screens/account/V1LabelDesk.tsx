import { useState } from 'react';
import type { V1Purchase, V1RateQuote, V1Rates } from '../../../../shared/contract/account';
import type { StationError } from '../../../../shared/contract/errors';
import { useReadOnly } from '../../station/read-only';
import { run } from '../../station/run';
import { AddressForm, addressFrom } from '../../ui/AddressForm';
import { InlineError } from '../../ui/ErrorText';
import { Key } from '../../ui/Key';
import { days, money } from '../../ui/format';
import { sizedPackageFrom, type V1OrderDraft } from './draft';
import { PackageFields } from './PackageFields';
import { V1Bought } from './V1Bought';
import { V1Void } from './V1Void';

/**
 * The legacy label desk: rates for an order package, buy one of them or buy
 * directly for a service type, and void by tracking code. Purchases go through
 * the station's v1 journal, so a second press never buys twice.
 */
export function V1LabelDesk({ seed }: { readonly seed: V1OrderDraft }) {
  const [order, setOrder] = useState<V1OrderDraft>(seed);
  const [serviceType, setServiceType] = useState('usps_ground_advantage');
  const [quote, setQuote] = useState<V1Rates | null>(null);
  /** The price of a direct purchase as shown: the next Buy direct buys it, and only while the service still asks it. */
  const [direct, setDirect] = useState<V1RateQuote | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<StationError | null>(null);
  const [bought, setBought] = useState<V1Purchase | null>(null);
  const readOnly = useReadOnly() !== undefined;

  const shipment = () => ({
    storeName: order.storeName,
    orderNumber: order.orderNumber,
    warehouseName: order.warehouseName,
    to: addressFrom(order.to),
    package: sizedPackageFrom(order.pkg),
  });

  const settle = <T,>(result: { ok: true; value: T } | { ok: false; error: StationError }): T | null => {
    setBusy(null);
    if (!result.ok) {
      setError(result.error);
      return null;
    }
    setError(null);
    return result.value;
  };

  const getRates = async (): Promise<void> => {
    setBusy('Getting v1 rates…');
    setQuote(null);
    setQuote(settle(await run('account.rates', shipment())));
  };

  const buyRate = async (rateId: string): Promise<void> => {
    setBusy('Buying the label…');
    const value = settle(await run('account.buy', { storeName: order.storeName, orderNumber: order.orderNumber, rateId }));
    if (value) setBought(value);
  };

  /** First press: the price for the service type; the next press buys that price. */
  const buyDirect = async (): Promise<void> => {
    if (!direct) {
      setBusy('Getting the price…');
      const rates = settle(await run('account.rates', shipment()));
      const wanted = serviceType.trim().toLowerCase();
      const match = rates?.rates.find((r) => r.serviceType.toLowerCase() === wanted) ?? null;
      if (rates && !match) setError({ code: 'not_found', message: `The service gives no price for "${serviceType}" for this package: get v1 rates to see what it offers.`, field: 'serviceType' });
      setDirect(match);
      return;
    }
    setBusy('Buying the label…');
    const value = settle(await run('account.buyDirect', { ...shipment(), serviceType, shownPrice: direct.price }));
    setDirect(null);
    if (value) setBought(value);
  };

  // Prices are for the package as it was priced: any change takes them off the screen, so a Buy never pays for another package.
  const edit = (patch: Partial<V1OrderDraft>) => {
    setOrder({ ...order, ...patch });
    setQuote(null);
    setDirect(null);
  };

  return (
    <section className="panel" aria-label="Label desk">
      <h2>Label desk (v1)</h2>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          void getRates();
        }}
      >
        <div className="row">
          <label className="field">
            Store name
            <input value={order.storeName} onChange={(e) => edit({ storeName: e.target.value })} />
          </label>
          <label className="field">
            Order number
            <input value={order.orderNumber} onChange={(e) => edit({ orderNumber: e.target.value })} />
          </label>
          <label className="field">
            Warehouse name
            <input value={order.warehouseName} onChange={(e) => edit({ warehouseName: e.target.value })} />
          </label>
        </div>
        <AddressForm value={order.to} onChange={(to) => edit({ to })} error={error} prefix="to" label="Ship to" />
        <PackageFields value={order.pkg} onChange={(pkg) => edit({ pkg })} error={error} prefix="package" />
        <button type="submit" className="button primary" disabled={busy !== null} aria-keyshortcuts="Alt+G">
          Get v1 rates <Key k="Alt+G" />
        </button>
      </form>
      {busy ? <p role="status">{busy}</p> : null}
      <InlineError error={error ?? undefined} />
      {quote ? (
        <>
          <p className="small muted">
            Sent as {quote.weightLb} lb (v1 weighs in pounds).
            {quote.rates[0] ? ` Each price is what the label costs, the service's ${money(quote.rates[0].serviceFee)} fee included.` : ''}
          </p>
          <table className="data rates" aria-label="v1 rates">
            <thead>
              <tr>
                <th scope="col">Carrier</th>
                <th scope="col">Service</th>
                <th scope="col" className="num">
                  Price
                </th>
                <th scope="col" className="num">
                  Days
                </th>
                <th scope="col">
                  <span className="visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {quote.rates.map((r, index) => (
                <tr key={r.rateId}>
                  <td>{r.carrier}</td>
                  <td>{r.service}</td>
                  <td className="num">{money(r.price)}</td>
                  <td className="num">{days(r.deliveryDays)}</td>
                  <td>
                    {/* The station lists the rates cheapest first: Alt+P buys the cheapest. */}
                    <button
                      type="button"
                      className="button"
                      disabled={busy !== null || readOnly}
                      aria-label={`Buy ${r.carrier} ${r.service} for ${money(r.price)}`}
                      aria-keyshortcuts={index === 0 ? 'Alt+P' : undefined}
                      onClick={() => void buyRate(r.rateId)}
                    >
                      Buy {index === 0 ? <Key k="Alt+P" /> : null}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          void buyDirect();
        }}
      >
        <label className="field">
          Service type <span className="hint">(buy direct: one carrier account per carrier)</span>
          <input
            value={serviceType}
            onChange={(e) => {
              setServiceType(e.target.value);
              setDirect(null);
            }}
            aria-invalid={error?.field === 'serviceType'}
          />
        </label>
        <button type="submit" className="button" disabled={busy !== null || readOnly} aria-keyshortcuts="Alt+B">
          {direct ? `Buy direct for ${money(direct.price)}` : 'Buy direct'} <Key k="Alt+B" />
        </button>
        {direct ? (
          <p className="small" role="status" aria-label="Direct price">
            {direct.carrier} {direct.service}: {money(direct.price)}, the service&apos;s {money(direct.serviceFee)} fee included. Alt+B again buys it.
          </p>
        ) : null}
      </form>
      {bought ? <V1Bought purchase={bought} /> : null}
      <V1Void key={bought?.trackingCode ?? ''} initial={bought?.trackingCode ?? ''} />
    </section>
  );
}
