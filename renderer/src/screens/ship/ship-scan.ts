import { parseScan } from '../../../../shared/domain/scan';
import type { Shipment, ShippingSettings } from '../../../../shared/contract/shippingTypes';
import type { StationCommand } from '../../../../shared/domain/commandBarcodes';
import { useNav } from '../../app/nav-store';
import { stableWeight, useScale } from '../../app/scale-store';
import { run } from '../../station/run';
import { sounds } from '../../ui/sounds';
import { anotherBox, buy, scanOrder } from './ship-actions';
import { useShip } from './ship-store';

const refuse = (message: string): void => {
  sounds.scanError();
  useShip.getState().patch({ scanError: { code: 'not_found', message } });
};

/** The label on the bench, else the last one this station bought. */
async function lastShipment(): Promise<Shipment | null> {
  const current = useShip.getState().purchase?.shipment;
  if (current) return current;
  const found = await run('history.search', { query: '', state: 'bought', limit: 1 });
  return found.ok ? (found.value.shipments[0] ?? null) : null;
}

async function command(name: StationCommand): Promise<void> {
  const ship = useShip.getState();
  sounds.scanOk();
  if (name === 'BUY') return buy();
  if (name === 'NEXT' || name === 'CANCEL') {
    if (!ship.buying) ship.reset();
    return;
  }
  if (name === 'ANOTHER_BOX') {
    if (!ship.order) return refuse('Scan an order first: another box is for the order on the bench.');
    return anotherBox(() => stableWeight(useScale.getState().reading));
  }
  if (name === 'ZERO_SCALE') {
    await run('scales.tare', {}, { action: 'Zeroing the scale' });
    return;
  }
  if (name === 'REPRINT_LAST') {
    const last = await lastShipment();
    if (last === null) return refuse('No label has been bought at this station yet, so there is nothing to reprint.');
    await run('history.reprint', { shipmentId: last.id }, { action: 'Reprinting the last label' });
    return;
  }
  if (name === 'VOID_LAST') {
    const last = await lastShipment();
    if (last === null) return refuse('No label has been bought at this station yet, so there is nothing to void.');
    // The Void screen finds it and asks to confirm: a scan never voids on its own.
    useNav.getState().go('void', last.trackingNo ?? last.platformUkId);
  }
}

/**
 * Everything the Ship screen's Scan box accepts: an order starts the next
 * package, a command barcode acts, anything else is refused in words.
 */
export async function handleScan(text: string, settings: ShippingSettings | undefined): Promise<void> {
  const scan = parseScan(text);
  if (scan.kind === 'command' && scan.command) return command(scan.command);
  if (scan.kind === 'unknown') return refuse(scan.message ?? 'That scan is not an order number.');
  if (scan.kind === 'tracking' && !scan.order_number) {
    return refuse(`That is a ${scan.carrier ?? ''} tracking number, not an order. Use Void, Tracking or History to work with a label.`.replace('  ', ' '));
  }
  const orderNumber = scan.order_number ?? text.trim();
  await scanOrder(orderNumber, settings, () => stableWeight(useScale.getState().reading));
}
