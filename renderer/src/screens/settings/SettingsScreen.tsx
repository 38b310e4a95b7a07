import { useQuery } from '../../station/use-query';
import { InlineError } from '../../ui/ErrorText';
import { BackendSettings } from './BackendSettings';
import { PrinterSettings } from './PrinterSettings';
import { ShippingSettingsPanel } from './ShippingSettingsPanel';

export function SettingsScreen() {
  const shipping = useQuery('settings.shipping.get', {}, ['settings']);
  return (
    <section className="screen" aria-label="Settings">
      <h1>Settings</h1>
      <div className="grid-2">
        <div>
          <BackendSettings />
          <PrinterSettings />
        </div>
        <div>
          <InlineError error={shipping.error} />
          {shipping.data ? <ShippingSettingsPanel key={JSON.stringify(shipping.data)} settings={shipping.data} /> : null}
        </div>
      </div>
    </section>
  );
}
