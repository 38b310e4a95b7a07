/**
 * A fault mode for the label salvage: the purchase is committed and paid,
 * but its answer comes in a shape the station's parser refuses. "scattered"
 * keeps the tracking number, the label image and its URL, under names and
 * nesting no documented answer uses; "empty" keeps nothing the station could
 * act on.
 */
export type UnreadableKind = 'scattered' | 'empty';

export function unreadablePurchaseAnswer(wire: Readonly<Record<string, unknown>>, kind: UnreadableKind): Record<string, unknown> {
  if (kind === 'empty') return { status: 'accepted', message: 'Your label is being prepared.', shipment_id: wire.shipment_no };
  const images = Array.isArray(wire.label_data) ? wire.label_data : [];
  const urls = Array.isArray(wire.label_urls) ? wire.label_urls : [];
  return {
    result: {
      id: wire.shipment_no,
      parcel: { carrierTracking: wire.tracking_no, carrier: wire.carrier_code },
      documents: images.map((content) => ({ type: 'LABEL', format: 'PNG', content })),
    },
    links: { print: urls[0] ?? null },
    charges: { total: String(wire.total_fee ?? '') },
  };
}
