import { parseScan } from '../../../../shared/domain/scan';
import { useNav } from '../../stores/nav-store';
import { buyShown, intent } from './bench-store';

/**
 * Everything the Ship screen's Scan box accepts: the station's bench takes
 * every scan (orders and the command barcodes); the screen only follows a
 * VOID_LAST to the Void screen.
 */
export async function handleScan(text: string): Promise<void> {
  const scan = parseScan(text);
  // The BUY barcode is a buying key: it carries the price on screen, as Enter does.
  if (scan.kind === 'command' && scan.command === 'BUY') return buyShown();
  const state = await intent('bench.scan', { text });
  // VOID_LAST: the station named the label; the Void screen finds it and asks to confirm, a scan never voids on its own.
  if (state?.voidAsked) useNav.getState().go('void', state.voidAsked);
}
