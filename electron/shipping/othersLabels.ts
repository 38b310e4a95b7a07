import type { ShipmentRow } from '../store/shipmentsRepo';
import type { ShippingDeps } from './deps';

/**
 * A label another bench of the warehouse bought, kept on this bench from now
 * on (as a reprint keeps it), so it has a row here and reprints while the
 * database is away. Undefined when the database no longer has it.
 */
export async function keepOthersLabel(deps: ShippingDeps, platformUkId: string): Promise<ShipmentRow | undefined> {
  const found = await deps.claims.find(platformUkId);
  return found ? deps.shipments.adoptShared(found) : undefined;
}
