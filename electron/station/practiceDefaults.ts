import { SHIP_FROM } from '../sandbox/seed';
import type { ShippingSettingsService } from '../shipping/settings';

/**
 * A station on the embedded sandbox ships from the sandbox account's
 * warehouse until the operator sets an address, so a new user can scan,
 * rate and buy from the first minute. A live station is never given an
 * address it did not choose. Nothing listens to the station before it has
 * started, so the change is not announced.
 */
export async function applyPracticeDefaults(settings: Pick<ShippingSettingsService, 'current' | 'change'>, onSandbox: boolean): Promise<void> {
  // Told, not asked through backend.status: that reports the sandbox's address, so it would start the sandbox at every start.
  if (!onSandbox) return;
  if ((await settings.current()).shipFrom) return;
  const { name, company, phone, street, street2, city, state, zip, country } = SHIP_FROM;
  await settings.change({ shipFrom: { name, company, phone, street, street2, city, state, zip, country } });
}
