/**
 * A fault mode for the label salvage: the purchase is committed and paid,
 * but its answer comes in a shape the station's parser refuses. "scattered"
 * keeps the tracking number, the label image and its URL, under names and
 * nesting no documented answer uses; "empty" keeps nothing the station could
 * act on.
 */
export type UnreadableKind = 'scattered' | 'empty';

/** From a v2 shipment answer or a v1 purchase answer (tracking_code, label_url). */
export function unreadablePurchaseAnswer(wire: Readonly<Record<string, unknown>>, kind: UnreadableKind): Record<string, unknown> {
  const id = wire.shipment_no ?? wire.shipment_id;
  if (kind === 'empty') return { status: 'accepted', message: 'Your label is being prepared.', shipment_id: id };
  const images = Array.isArray(wire.label_data) ? wire.label_data : [];
  const urls = Array.isArray(wire.label_urls) ? wire.label_urls : Array.isArray(wire.label_url) ? wire.label_url : [];
  return {
    result: {
      id,
      parcel: { carrierTracking: wire.tracking_no ?? wire.tracking_code, carrier: wire.carrier_code ?? wire.carrier },
      documents: images.map((content) => ({ type: 'LABEL', format: 'PNG', content })),
    },
    links: { print: urls[0] ?? null },
    charges: { total: String(wire.total_fee ?? wire.rate ?? '') },
  };
}
