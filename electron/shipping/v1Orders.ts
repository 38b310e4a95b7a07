import type { V1Order } from '../../shared/api/v1';
import type { PackageSpec, StationAddress } from '../../shared/contract/shippingTypes';

const text = (v: string | null | undefined) => (v && v.trim() !== '' ? v.trim() : undefined);

/** The ship-to of a v1 order, in the station's address shape. */
export function v1Recipient(o: V1Order): StationAddress {
  return {
    name: o.client_name,
    ...(text(o.client_company) ? { company: text(o.client_company) } : {}),
    ...(text(o.client_phone) ? { phone: text(o.client_phone) } : {}),
    ...(text(o.client_email) ? { email: text(o.client_email) } : {}),
    street: o.client_street,
    ...(text(o.client_street2) ? { street2: text(o.client_street2) } : {}),
    city: o.client_city,
    state: o.client_state,
    zip: o.client_zip,
    country: o.client_country,
  };
}

/** One package of a v1 order in ounces and inches (v1 weighs in pounds); null when it has no weight. */
export function v1Package(shipment: V1Order['shipments'][number] | undefined): PackageSpec | null {
  if (!shipment?.weight) return null;
  return {
    weightOz: Math.round(shipment.weight * 16 * 100) / 100,
    ...(shipment.length ? { lengthIn: shipment.length } : {}),
    ...(shipment.width ? { widthIn: shipment.width } : {}),
    ...(shipment.height ? { heightIn: shipment.height } : {}),
  };
}
