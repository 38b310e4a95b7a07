import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { InlineError } from '../../ui/ErrorText';
import { days, money, serviceWords } from '../../ui/format';
import { RatesTable } from '../../ui/RatesTable';
import { useEvent, useQuery } from '../../station/use-query';
import { OptionsPanel } from './OptionsPanel';
import { nextSignature, toggled } from './options';
import { PackagePanel } from './PackagePanel';
import { PurchasePanel } from './PurchasePanel';
import { useScanner } from '../../input/useScanner';
import { useScale, stableWeight } from '../../app/scale-store';
import { anotherBox, buy, quoteKey, requote, scanOrder } from './ship-actions';
import { handleScan } from './ship-scan';
import { canBuy, lithiumRate, useShip } from './ship-store';
import { ShipToPanel } from './ShipToPanel';

const OrdersInbox = lazy(() => import('./OrdersInbox').then((m) => ({ default: m.OrdersInbox })));

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

/** The start screen: scan, weigh, rate, buy and print without the mouse. */
export function ShipScreen() {
  const scanRef = useRef<HTMLInputElement>(null);
  const [scanText, setScanText] = useState('');
  const [inbox, setInbox] = useState(false);
  const settings = useQuery('settings.shipping.get', {}, ['settings']);
  const ship = useShip();
  const key = quoteKey(ship);
  const buyable = canBuy(ship);

  useEffect(() => scanRef.current?.focus(), []);
  // A scanner works wherever the focus is: the scan never lands in the Weight or another field.
  useScanner((scan) => {
    setScanText('');
    scanRef.current?.focus();
    void handleScan(scan.text, settings.data);
  });
  // A new box of the same order may weigh the same: its package key still asks for fresh rates.
  useEffect(() => {
    void requote();
  }, [key, ship.packageKey]);

  // A stable scale weight replaces the order's, never one the packer typed, never after buying.
  useEffect(
    () =>
      useScale.subscribe(({ reading }) => {
        const weight = stableWeight(reading);
        const s = useShip.getState();
        if (weight === null || !s.packageKey || s.purchase || s.buying || s.weightSource === 'typed') return;
        if (s.weightOz !== null && Math.abs(s.weightOz - weight) < 0.05) return;
        s.patch({ weightOz: weight, weightSource: 'scale' });
      }),
    [],
  );

  useEvent('purchase.progress', (event) => {
    const s = useShip.getState();
    if (event.packageKey !== s.packageKey) return;
    if (!s.stages.includes(event.stage)) s.patch({ stages: [...s.stages, event.stage] });
  });

  const nextBox = async (): Promise<void> => {
    await anotherBox(() => stableWeight(useScale.getState().reading));
    setScanText('');
    scanRef.current?.focus();
  };

  const onOptionKey = (k: string): void => {
    const s = useShip.getState();
    const o = s.options;
    if (k === 'F1') s.patch({ options: { ...o, signature: nextSignature(o.signature) } });
    else if (k === 'F2') document.getElementById('insurance-amount')?.focus();
    else if (k === 'F3') s.patch({ options: toggled(o, 'saturday') });
    else if (k === 'F4') s.patch({ options: toggled(o, 'additionalHandling') });
    else if (k === 'F7') s.patch({ options: toggled(o, 'returnLabel') });
    else if (k === 'F8') {
      const next = toggled(o, 'lithiumBattery');
      s.patch({ options: next });
      if (next.lithiumBattery) s.patch({ selected: lithiumRate({ ...s, options: next }) });
    } else if (k === 'F9') s.patch({ options: toggled(o, 'qrLabel') });
    else return;
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (/^F([1-4]|[7-9])$/.test(event.key) && !event.altKey && !event.ctrlKey) {
        event.preventDefault();
        onOptionKey(event.key);
        return;
      }
      if (event.key === 'Escape') {
        // Back to the Scan box from anywhere on the screen, ready for the next barcode.
        event.preventDefault();
        setScanText('');
        scanRef.current?.focus();
        return;
      }
      const s = useShip.getState();
      if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && s.quote && !(event.target instanceof HTMLSelectElement)) {
        event.preventDefault();
        const count = s.quote.rates.length;
        if (count === 0) return;
        const current = s.selected ?? -1;
        s.patch({ selected: (current + (event.key === 'ArrowDown' ? 1 : count - 1)) % count });
        return;
      }
      if (event.key === 'Enter' && !isTyping(event.target) && !(event.target instanceof HTMLButtonElement)) {
        event.preventDefault();
        void buy();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onScanKey = (event: React.KeyboardEvent<HTMLInputElement>): void => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const text = scanText.trim();
    if (text === '') {
      void buy();
      return;
    }
    setScanText('');
    void handleScan(text, settings.data);
  };

  const lithiumOnly = ship.options.lithiumBattery;
  const picked = ship.quote && ship.selected !== null ? ship.quote.rates[ship.selected] : undefined;
  return (
    <section className="screen ship" aria-label="Ship">
      <div className="scan-row">
        <label className="field scan-field">
          Scan
          <input
            ref={scanRef}
            className="scan"
            name="scan"
            data-scan-field
            autoComplete="off"
            spellCheck={false}
            value={scanText}
            placeholder="Scan an order, or type its number and press Enter"
            aria-describedby="scan-help"
            aria-invalid={ship.scanError !== null}
            onChange={(e) => setScanText(e.target.value)}
            onKeyDown={onScanKey}
          />
        </label>
      </div>
      <p id="scan-help" className="small muted">
        Enter on an empty Scan box buys and prints the picked rate. ↑ ↓ change the rate. Esc returns to Scan.
      </p>
      <InlineError error={ship.scanError ?? undefined} />
      <div className="grid-2">
        <div>
          <ShipToPanel />
          <PackagePanel presets={settings.data?.presets ?? []} />
          <OptionsPanel onKey={onOptionKey} />
        </div>
        <div>
          <section className="panel buy-panel" aria-label="Buy">
            <div className="row buy-row">
              <button type="button" className="button primary big" disabled={!buyable} aria-keyshortcuts="Enter" onClick={() => void buy()}>
                Buy and print <kbd aria-hidden="true">Enter</kbd>
              </button>
              {ship.buying ? <span className="badge">buying…</span> : null}
              {ship.order ? (
                <button type="button" className="button" disabled={ship.buying} aria-keyshortcuts="Alt+B" onClick={() => void nextBox()}>
                  Another box for this order <kbd aria-hidden="true">Alt+B</kbd>
                </button>
              ) : null}
              {picked && !ship.purchase ? (
                <span className="picked-rate">
                  {serviceWords(picked)} · <strong>{money(picked.price, picked.currency)}</strong> · {days(picked.deliveryDays)}
                </span>
              ) : null}
            </div>
          </section>
          <PurchasePanel />
          <section className="panel" aria-label="Rates">
            <h2>
              Rates {ship.rating ? <span className="badge">getting rates…</span> : null}
              {ship.quote ? <span className="muted small"> rule: {ruleWords(ship.quote.rule)}</span> : null}
            </h2>
            <InlineError error={ship.rateError ?? undefined} />
            {ship.quote ? (
              <>
                <RatesTable
                  rates={ship.quote.rates}
                  selected={ship.selected}
                  onSelect={(index) => ship.patch({ selected: index })}
                  disabled={lithiumOnly ? (rate) => ship.quote?.rates.indexOf(rate) !== lithiumRate(ship) : undefined}
                />
                {ship.quote.errors.map((e) => (
                  <p key={e.carrier} className="small muted">
                    {e.carrier}: {e.message}
                  </p>
                ))}
                {ship.quote.rates.length === 0 ? <p>No carrier offered a rate for this package.</p> : null}
              </>
            ) : ship.rateError ? null : (
              <p className="muted">{ship.to ? 'Rates appear once the package has a weight.' : 'Rates appear after a scan.'}</p>
            )}
          </section>
        </div>
      </div>
      <button type="button" className="button" aria-expanded={inbox} aria-keyshortcuts="Alt+O" onClick={() => setInbox(!inbox)}>
        {inbox ? 'Hide orders inbox' : 'Orders inbox'} <kbd aria-hidden="true">Alt+O</kbd>
      </button>
      {inbox ? (
        <Suspense fallback={<p className="loading">Loading…</p>}>
          <OrdersInbox
            onPick={(orderNumber) => {
              void scanOrder(orderNumber, settings.data);
              scanRef.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

function ruleWords(rule: { readonly kind: string; readonly days?: number }): string {
  if (rule.kind === 'fastest') return 'fastest';
  if (rule.kind === 'cheapestWithin') return `cheapest within ${rule.days} days`;
  return 'cheapest';
}
