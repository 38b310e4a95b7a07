import { parseScan } from '../../../../shared/domain/scan';
import type { Shipment } from '../../../../shared/contract/shippingTypes';
import { useNav } from '../../stores/nav-store';
import { run } from '../../station/run';
import { sounds } from '../../ui/sounds';
import { buyShown, intent, useBench } from './bench-store';

/** The label on the bench, else the last one this station bought. */
async function lastShipment(): Promise<Shipment | null> {
  const current = useBench.getState().bench?.purchase.result?.shipment;
  if (current) return current;
  const found = await run('history.search', { query: '', state: 'bought', limit: 1 });
  return found.ok ? (found.value.shipments[0] ?? null) : null;
}

const nothingBought = (what: string) => ({ code: 'not_found' as const, message: `No label has been bought at this station yet, so there is nothing to ${what}.` });

/**
 * Everything the Ship screen's Scan box accepts. The bench loop (orders,
 * BUY, NEXT, CANCEL, ANOTHER_BOX, ZERO_SCALE) is the station's; the two
 * barcodes that work on History and Void are followed here.
 */
export async function handleScan(text: string): Promise<void> {
  const scan = parseScan(text);
  // The BUY barcode is a buying key: it carries the price on screen, as Enter does.
  if (scan.kind === 'command' && scan.command === 'BUY') return buyShown();
  if (scan.kind === 'command' && (scan.command === 'REPRINT_LAST' || scan.command === 'VOID_LAST')) {
    const last = await lastShipment();
    if (last === null) {
      sounds.scanError();
      useBench.setState((s) => ({ bench: s.bench && { ...s.bench, scanError: nothingBought(scan.command === 'VOID_LAST' ? 'void' : 'reprint') } }));
      return;
    }
    sounds.scanOk();
    if (scan.command === 'REPRINT_LAST') {
      await run('history.reprint', { shipmentId: last.id }, { action: 'Reprinting the last label' });
      return;
    }
    // The Void screen finds it and asks to confirm: a scan never voids on its own.
    useNav.getState().go('void', last.trackingNo ?? last.platformUkId);
    return;
  }
  await intent('bench.scan', { text });
}
