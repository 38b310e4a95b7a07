import { useRef, useState } from 'react';
import { returnsShown } from '../../../../shared/contract/desks';
import { Working } from '../../ui/Working';
import { Key } from '../../ui/Key';
import { useReadOnly } from '../../station/read-only';
import { AddressForm, addressFrom, draftFrom, type AddressDraft } from '../../ui/AddressForm';
import { BoughtLabel } from '../../ui/BoughtLabel';
import { InlineError } from '../../ui/ErrorText';
import { days, money, serviceWords } from '../../ui/format';
import { useAutoFocus } from '../../ui/use-auto-focus';
import { buyShownReturn, returnsIntent, useFollowReturns, useReturnsDesk } from './returns-desk';

const sameDraft = (a: AddressDraft, b: AddressDraft): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * A return label the customer uses to send a package back, with a USPS
 * Returns service. The station holds the return: it prices it first, and the
 * buying key (Enter in Weight, Alt+P) buys the price on screen. For an order,
 * buying again shows the label already bought; another return label for the
 * same order is asked for on purpose (Alt+R), priced, and bought by the key.
 */
export function ReturnsScreen() {
  useFollowReturns();
  const view = useReturnsDesk((s) => s.view);
  const failed = useReturnsDesk((s) => s.failed);
  const [orderText, setOrderText] = useState('');
  const [weight, setWeight] = useState('');
  const [customer, setCustomer] = useState<AddressDraft>(draftFrom(null));
  const orderField = useRef<HTMLInputElement>(null);
  const weightField = useRef<HTMLInputElement>(null);
  const readOnly = useReadOnly() !== undefined;
  useAutoFocus(orderField);

  // The fields follow the station: a new return, or a customer or weight it took, replaces what they show.
  const stationCustomer = draftFrom(view?.customer ?? null);
  const follows = `${view?.packageId ?? -1}|${JSON.stringify(stationCustomer)}|${view?.weight.text ?? ''}`;
  const [followed, setFollowed] = useState('');
  if (followed !== follows) {
    setFollowed(follows);
    setCustomer(stationCustomer);
    setWeight(view?.weight.text ?? '');
    if (view?.orderNumber) setOrderText(view.orderNumber);
  }

  const bought = view?.purchase.status === 'bought' ? view.purchase.result : null;
  const busy = view?.purchase.status === 'buying';
  const quote = view?.rates.quote ?? null;
  const picked = view?.rates.picked ?? null;
  const rate = quote && picked !== null ? quote.rates[picked] : undefined;
  const shown = view ? returnsShown(view) : null;
  const edited = !sameDraft(customer, stationCustomer) || weight !== (view?.weight.text ?? '');

  const lookUp = async (): Promise<void> => {
    if (!orderText.trim()) return;
    const next = await returnsIntent('returnsDesk.order', { orderNumber: orderText });
    // With the order found, the next key is the weight's Enter, which buys the price then on screen.
    if (next && !next.lookupError) weightField.current?.focus();
  };

  /** What the fields hold goes to the station first: it prices it, and the key never buys a price not yet drawn. */
  const sendEdits = async (): Promise<boolean> => {
    if (!sameDraft(customer, stationCustomer) && customer.street.trim()) {
      await returnsIntent('returnsDesk.customer', { address: addressFrom(customer) });
      return true;
    }
    if (weight !== (view?.weight.text ?? '')) {
      await returnsIntent('returnsDesk.weight', { text: weight });
      return true;
    }
    return false;
  };

  /**
   * The buying key. Edits not yet priced are sent instead, and buy nothing: the
   * next key buys the price then drawn. A return that cannot be priced (no
   * weight, say) is still pressed, so the station says why, in words.
   */
  const buy = async (): Promise<void> => {
    const sent = await sendEdits();
    const now = useReturnsDesk.getState().view;
    if (sent && (!now || now.rates.status === 'rating' || now.blockers.length === 0)) return;
    const answer = await buyShownReturn();
    if (answer?.purchase.error && answer.blockers[0]?.field === 'weight') weightField.current?.focus();
  };

  const startOver = (): void => {
    setOrderText('');
    void returnsIntent('returnsDesk.clear', {});
    orderField.current?.focus();
  };

  const weightError = view?.weight.error ?? (view?.purchase.error && view.blockers[0]?.field === 'weight' ? view.blockers[0].message : null);
  const buyError = view?.purchase.error ?? failed;
  return (
    <section className="screen" aria-label="Returns">
      <h1>Return label</h1>
      <div className="grid-2">
        <div className="panel">
          <form
            className="row"
            onSubmit={(e) => {
              e.preventDefault();
              void lookUp();
            }}
          >
            <label className="field grow">
              From an order <span className="hint">(fills in the customer)</span>
              <input ref={orderField} value={orderText} onChange={(e) => setOrderText(e.target.value)} placeholder="Order number" />
            </label>
            <button type="submit" className="button">
              Use order <Key k="Enter" />
            </button>
          </form>
          <InlineError error={view?.lookupError ?? undefined} />
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void sendEdits();
            }}
          >
            <AddressForm value={customer} onChange={setCustomer} error={view?.rates.error ?? null} prefix="from" label="Customer (the package comes from)" />
            <button type="submit" hidden tabIndex={-1} />
          </form>
          <form
            className="row"
            onSubmit={(e) => {
              e.preventDefault();
              void buy();
            }}
          >
            <label className="field">
              <span>
                Service <Key k="Alt+E" />
              </span>
              <select
                aria-keyshortcuts="Alt+E"
                value={rate?.serviceLevel ?? ''}
                disabled={busy || bought !== null}
                onChange={(e) => {
                  const index = quote?.rates.findIndex((r) => r.serviceLevel === e.target.value) ?? -1;
                  if (index >= 0) void returnsIntent('returnsDesk.pick', { index });
                }}
              >
                {quote ? null : <option value="">Priced once the customer and weight are known</option>}
                {quote?.rates.map((r) => (
                  <option key={r.serviceLevel} value={r.serviceLevel}>
                    {serviceWords(r)} · {money(r.price, r.currency)} · {days(r.deliveryDays)}
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
                aria-invalid={weightError ? true : undefined}
                aria-describedby={weightError ? 'return-weight-error' : undefined}
              />
            </label>
          </form>
          {weightError ? <InlineError error={{ code: 'invalid_input', message: weightError, field: 'package.weightOz' }} id="return-weight-error" /> : null}
          <p className="small muted">The package goes back to the ship-from address set in Settings.</p>
          <p role="status" aria-label="Return price" className="picked-rate">
            {view?.rates.status === 'rating' ? 'Pricing the return…' : null}
            {view?.rates.status === 'ready' && rate ? (
              <>
                {serviceWords(rate)}: <strong>{money(rate.price, rate.currency)}</strong>
                {edited ? ' (press Enter to price what you changed)' : ''}
              </>
            ) : null}
          </p>
          {weightError && buyError?.message === weightError ? null : <InlineError error={buyError ?? undefined} />}
          <div className="row">
            <button type="button" className="button primary big" disabled={busy || bought !== null || readOnly} aria-keyshortcuts="Alt+P" onClick={() => void buy()}>
              {rate && shown && !edited ? `Buy return label for ${money(rate.price, rate.currency)}` : 'Buy return label'} <Key k="Alt+P" />
            </button>
            <Working when={busy}>Buying the return label…</Working>
            {bought ? (
              <button type="button" className="button big" aria-keyshortcuts="Alt+N" onClick={startOver}>
                Next return <Key k="Alt+N" />
              </button>
            ) : null}
          </div>
          {bought && view?.orderNumber ? (
            <div className="row" role="group" aria-label="Another return">
              <p className="small">
                {bought.reused
                  ? `Return label ${view.returnNumber} for order ${view.orderNumber} was bought earlier; this is that label, not charged again.`
                  : `Return label ${view.returnNumber} for order ${view.orderNumber}.`}
              </p>
              <button type="button" className="button" disabled={busy || readOnly} aria-keyshortcuts="Alt+R" onClick={() => void returnsIntent('returnsDesk.another', {})}>
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
