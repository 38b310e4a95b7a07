import { useRef } from 'react';
import { useQuery } from '../../station/use-query';
import { useStartFocus } from '../../ui/use-start-focus';
import { InlineError } from '../../ui/ErrorText';
import { AutoBuySettings } from './AutoBuySettings';
import { BackendSettings } from './BackendSettings';
import { CommandSheet } from './CommandSheet';
import { PrinterSettings } from './PrinterSettings';
import { ProductsPanel } from './ProductsPanel';
import { ScaleSettings } from './ScaleSettings';
import { ShippingSettingsPanel } from './ShippingSettingsPanel';
import { SlipSettingsPanel } from './SlipSettingsPanel';
import { WarehouseSettings } from './WarehouseSettings';
import { WireCaptureSettings } from './WireCaptureSettings';

export function SettingsScreen() {
  const shipping = useQuery('settings.shipping.get', {}, ['settings']);
  const screen = useRef<HTMLElement>(null);
  useStartFocus(screen);
  return (
    <section ref={screen} className="screen" aria-label="Settings">
      <h1>Settings</h1>
      <div className="grid-2">
        <div>
          <BackendSettings />
          <PrinterSettings />
          <SlipSettingsPanel />
          <ScaleSettings />
          <ProductsPanel />
        </div>
        <div>
          <InlineError error={shipping.error} />
          {shipping.data ? <ShippingSettingsPanel settings={shipping.data} /> : null}
          <AutoBuySettings />
          <WarehouseSettings />
          <WireCaptureSettings />
          <CommandSheet />
        </div>
      </div>
    </section>
  );
}
