import { labelImages } from '../purchases/labelBytes';
import { fetchLabelBytes } from '../purchases/labelFetch';
import type { ShipmentRow } from '../store/shipmentsRepo';
import type { ShippingDeps } from './deps';

/**
 * Label images that did not arrive with the purchase answer are fetched from
 * the URLs the answer named, the first time someone needs them, and stored,
 * so every later preview and reprint works offline. Bytes that are not a
 * PNG are not stored: the next look fetches them again.
 */
export function createLabelImages(deps: Pick<ShippingDeps, 'ctx' | 'labels' | 'shipments'>, fetchBytes: (url: string) => Promise<Uint8Array> = fetchLabelBytes) {
  async function fetchMissing(row: ShipmentRow): Promise<void> {
    if (row.state !== 'bought' || !row.result_json || deps.labels.list(row.id, 'label').length > 0) return;
    const result = JSON.parse(row.result_json) as { label_urls?: string[] | null; qrcode_urls?: string[] | null };
    const sources = [{ kind: 'label', urls: result.label_urls }, { kind: 'qrcode', urls: result.qrcode_urls }] as const;
    const { labels } = await labelImages(sources, fetchBytes, (kind, seq) => deps.labels.get(row.id, kind, seq) !== undefined);
    if (labels.length > 0) {
      deps.shipments.addLabels(row.id, labels);
      deps.ctx.emit('station.changed', { topics: ['shipments'] });
    }
  }
  return { fetchMissing };
}
