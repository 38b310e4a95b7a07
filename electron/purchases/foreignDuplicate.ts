import { StationFailure } from '../../shared/contract/errors';
import type { ShipmentRow } from '../store/shipmentsRepo';

/**
 * A purchase answered `duplicate_label: true` that no send of this station
 * can have bought: the label under the id was bought elsewhere on the account
 * (another data folder or station deriving the same id), and may since have
 * been voided there, which this station never heard. The service says so only
 * through tracking, so the label's state is asked before it is kept.
 */
export type ForeignLabel =
  | { readonly kind: 'usable' }
  | { readonly kind: 'voided' }
  | { readonly kind: 'unknown'; readonly reason: string };

/** The service's tracking status for the purchase's platform_uk_id; throws when it cannot be asked. */
export type TrackingStatusOf = () => Promise<string | null | undefined>;

/** How many times one Buy moves past a label voided elsewhere before it stops and says so. */
export const FOREIGN_VOID_ROUNDS = 3;

export async function foreignLabelState(statusOf: TrackingStatusOf | undefined): Promise<ForeignLabel> {
  if (!statusOf) return { kind: 'unknown', reason: 'this station has no way to ask' };
  try {
    const status = (await statusOf())?.trim().toLowerCase();
    if (!status) return { kind: 'unknown', reason: 'the service\'s answer did not say' };
    return status === 'voided' ? { kind: 'voided' } : { kind: 'usable' };
  } catch (error) {
    return { kind: 'unknown', reason: error instanceof StationFailure ? error.error.message.replace(/\.$/, '') : 'no readable answer came back' };
  }
}

/** The journal's note on the row it keeps as voided: why this station holds a void it did not make. */
export function voidedElsewhereNote(wire: { readonly tracking_no?: string | null; readonly shipment_no?: string | null }): string {
  return `The service answered this purchase with label ${wire.tracking_no ?? wire.shipment_no ?? 'bought earlier'}, bought at another station on this account and voided there; it was not kept or printed here, and the package is bought under a new id.`;
}

/** Operator words when a label bought elsewhere could not be checked; nothing was kept or printed. */
export function uncheckedWords(reason: string): string {
  return (
    `A label for this package may already exist: it was bought on this account at another station, and may have been voided there. ` +
    'The station could not check it with the service, so it did not keep or print that label and bought nothing. ' +
    `What went wrong: ${reason}. ` +
    'Press Buy again once the service answers; if this keeps happening, look the order up at the station that bought it before shipping.'
  );
}

/** Words when one Buy met a voided label under every id it tried. */
export function tooManyVoidsWords(): string {
  return `The service answered ${FOREIGN_VOID_ROUNDS} purchases of this package in a row with labels voided at another station on this account, so the station stopped; nothing was kept or printed. Check the order at the other stations, then press Buy again.`;
}

/** Thrown by the journal's send when the label it was answered with is voided: the caller buys again under the next id. */
export class VoidedElsewhere extends Error {
  constructor(readonly row: ShipmentRow) {
    super('the label under this id was voided elsewhere on the account');
  }
}
