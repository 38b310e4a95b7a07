import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Key } from '../../ui/Key';
import { InlineError } from '../../ui/ErrorText';
import { useQuery } from '../../station/use-query';
import { useScanner } from '../../input/useScanner';
import { OptionsPanel } from './OptionsPanel';
import { optionKey } from './options';
import { PackagePanel } from './PackagePanel';
import { PurchasePanel } from './PurchasePanel';
import { SlipButton } from '../../ui/SlipButton';
import { handleScan } from './ship-scan';
import { buyShown, followBench, intent, useBench } from './bench-store';
import { ShipToPanel } from './ShipToPanel';
import { RatesPanel } from './RatesPanel';
import { BuyPanel } from './BuyPanel';
import { AutoBuyBar } from './AutoBuyBar';
import { CustomsPanel } from './CustomsEditor';
import { OrderItems } from './OrderItems';
import { RuleChoices } from './RuleChoices';

const OrdersInbox = lazy(() => import('./OrdersInbox').then((m) => ({ default: m.OrdersInbox })));

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

const focusScan = (): void => document.querySelector<HTMLInputElement>('input[data-scan-field]')?.focus();

/** The start screen: scan, weigh, rate, buy and print without the mouse. It draws the station's bench and sends intents. */
export function ShipScreen() {
  const scanRef = useRef<HTMLInputElement>(null);
  const [scanText, setScanText] = useState('');
  const [inbox, setInbox] = useState(false);
  const settings = useQuery('settings.shipping.get', {}, ['settings']);
  const bench = useBench((s) => s.bench);

  useEffect(() => followBench(), []);
  useEffect(() => scanRef.current?.focus(), []);
  // A scanner works wherever the focus is: the scan never lands in the Weight or another field.
  useScanner((scan) => {
    setScanText('');
    scanRef.current?.focus();
    void handleScan(scan.text);
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (/^F([1-4]|[7-9])$/.test(event.key) && !event.altKey && !event.ctrlKey) {
        event.preventDefault();
        optionKey(event.key);
        return;
      }
      if (event.key === 'Escape') {
        // Back to the Scan box from anywhere on the screen, ready for the next barcode; a running auto-buy countdown stops.
        event.preventDefault();
        if (useBench.getState().bench?.autoBuy.status === 'counting') void intent('bench.stopAutoBuy', {});
        setScanText('');
        focusScan();
        return;
      }
      if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !(event.target instanceof HTMLSelectElement) && useBench.getState().bench?.rates.quote) {
        event.preventDefault();
        void intent('bench.pick', { step: event.key === 'ArrowDown' ? 1 : -1 });
        return;
      }
      if (event.key === 'Enter' && !isTyping(event.target) && !(event.target instanceof HTMLButtonElement)) {
        event.preventDefault();
        void buyShown();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onScanKey = (event: React.KeyboardEvent<HTMLInputElement>): void => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const text = scanText.trim();
    setScanText('');
    void (text === '' ? buyShown() : handleScan(text));
  };

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
            aria-invalid={bench?.scanError ? true : false}
            onChange={(e) => setScanText(e.target.value)}
            onKeyDown={onScanKey}
          />
        </label>
      </div>
      <p id="scan-help" className="small muted">
        Enter on an empty Scan box buys and prints the picked rate. ↑ ↓ change the rate. Esc returns to Scan.
        {bench?.verify.status === 'checking' ? ' Scan each item of the order here before Buy.' : ''}
      </p>
      <InlineError error={bench?.scanError ?? undefined} />
      <div className="grid-2">
        <div>
          <ShipToPanel />
          <OrderItems />
          <CustomsPanel />
          <PackagePanel presets={settings.data?.presets ?? []} />
          <OptionsPanel />
        </div>
        <div>
          <RuleChoices />
          <AutoBuyBar />
          <BuyPanel />
          <PurchasePanel />
          {/* The slip of the label on the bench, else of the last label bought here (the one REPRINT_LAST reprints). */}
          <SlipButton shipmentId={bench?.purchase.result?.shipment.id} />
          <RatesPanel />
        </div>
      </div>
      <button type="button" className="button" aria-expanded={inbox} aria-keyshortcuts="Alt+O" onClick={() => setInbox(!inbox)}>
        {inbox ? 'Hide orders inbox' : 'Orders inbox'} <Key k="Alt+O" />
      </button>
      {inbox ? (
        <Suspense fallback={<p className="loading">Loading…</p>}>
          <OrdersInbox
            onPick={(orderNumber) => {
              void intent('bench.scan', { text: orderNumber.startsWith('#') ? orderNumber : `#${orderNumber}` });
              focusScan();
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
