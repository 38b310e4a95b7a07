import type { Pickup } from '../../shared/contract/shippingTypes';

/** A USPS label some bench bought today, as a pickup offers it. */
export interface TodaysLabel {
  readonly platformUkId: string;
  readonly trackingNo: string;
  readonly recipientName: string | null;
  readonly serviceName: string | null;
  readonly isReturn: boolean;
}

/** A pickup as the warehouse keeps it: the service's record and the bench that booked or last changed it. */
export interface SharedPickup extends Pickup {
  readonly bench: string;
}

/**
 * Carrier pickups shared by every bench of a warehouse
 * (electron/warehouse/): any bench offers every bench's labels of today,
 * knows which are already in a pickup, and sees and cancels pickups another
 * bench booked. A bench alone keeps its pickups in its own SQLite only.
 */
export interface SharedPickups {
  /** USPS labels of this backend bought since `since` by any bench (returns too). */
  todaysLabels(backendId: string, since: string): Promise<TodaysLabel[]>;
  /** Tracking numbers in a confirmed pickup of any bench. */
  picked(): Promise<Set<string>>;
  /** Throws in words while the database is away: a pickup booked then would be unknown to the other benches. */
  beforeBooking(): Promise<void>;
  /** Throws in words while the database is away (at once for a few seconds after a read found it away): the caller uses its own record. */
  get(pickupNo: string): Promise<SharedPickup | undefined>;
  /**
   * A pickup this bench booked, canceled or saw in the service's list,
   * recorded for every bench as this bench's own pickups hold it. Never
   * throws: while the database is away it is kept on this bench (no wait
   * while the database was found away moments ago) and sent once it is back.
   */
  record(pickupNo: string): Promise<void>;
}
