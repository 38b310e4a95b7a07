import { useQuery } from '../../station/use-query';
import { InlineError } from '../../ui/ErrorText';
import { BackendSettings } from './BackendSettings';
import { CommandSheet } from './CommandSheet';
import { PrinterSettings } from './PrinterSettings';
import { ProductsPanel } from './ProductsPanel';
import { ScaleSettings } from './ScaleSettings';
import { ShippingSettingsPanel } from './ShippingSettingsPanel';
import { WarehouseSettings } from './WarehouseSettings';
import { WireCaptureSettings } from './WireCaptureSettings';

export function SettingsScreen() {
  const shipping = useQuery('settings.shipping.get', {}, ['settings']);
  return (
    <section className="screen" aria-label="Settings">
      <h1>Settings</h1>
      <div className="grid-2">
        <div>
          <BackendSettings />
          <PrinterSettings />
          <ScaleSettings />
          <ProductsPanel />
        </div>
        <div>
          <InlineError error={shipping.error} />
          {shipping.data ? <ShippingSettingsPanel settings={shipping.data} /> : null}
          <WarehouseSettings />
          <WireCaptureSettings />
          <CommandSheet />
        </div>
      </div>
    </section>
  );
}
