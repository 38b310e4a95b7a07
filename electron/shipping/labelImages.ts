import { labelPngProblem } from '../purchases/labelBytes';
import { fetchLabelBytes } from '../purchases/labelFetch';
import type { BoughtUpdate, ShipmentRow } from '../store/shipmentsRepo';
import type { ShippingDeps } from './deps';

/**
 * Label images that did not arrive with the purchase answer are fetched from
 * the URLs the answer named, the first time someone needs them, and stored,
 * so every later preview and reprint works offline. Bytes that are not a
 * PNG are not stored: the next look fetches them again.
 */
export function createLabelImages(deps: ShippingDeps, fetchBytes: (url: string) => Promise<Uint8Array> = fetchLabelBytes) {
  async function fetchMissing(row: ShipmentRow): Promise<void> {
    if (row.state !== 'bought' || !row.result_json || deps.labels.list(row.id, 'label').length > 0) return;
    const result = JSON.parse(row.result_json) as { label_urls?: string[] | null; qrcode_urls?: string[] | null };
    const labels: Array<BoughtUpdate['labels'][number]> = [];
    const kinds: Array<['label' | 'qrcode', readonly string[] | null | undefined]> = [
      ['label', result.label_urls],
      ['qrcode', result.qrcode_urls],
    ];
    for (const [kind, urls] of kinds) {
      for (const [seq, url] of (urls ?? []).entries()) {
        if (deps.labels.get(row.id, kind, seq)) continue;
        const png = await fetchBytes(url).catch(() => undefined);
        if (png && png.length > 0 && labelPngProblem(png) === null) labels.push({ kind, seq, url, png });
      }
    }
    if (labels.length > 0) {
      deps.shipments.addLabels(row.id, labels);
      deps.ctx.emit('station.changed', { topics: ['shipments'] });
    }
  }
  return { fetchMissing };
}
