import type { CustomsData } from './international';
import { randomBytes } from 'node:crypto';
import type { StoredAddress } from '../store/shipments';
import type { Quote } from './pricing';

/** What a purchase needs from the rate it was quoted from. */
export interface RatedShipment {
  readonly from: StoredAddress;
  readonly to: StoredAddress;
  readonly returnAddress?: StoredAddress;
  readonly packageType: string;
  readonly dims: readonly [number, number, number];
  readonly weightOz: number;
  readonly signature?: string;
  readonly saturday: boolean;
  readonly additionalHandling: boolean;
  readonly isReturnLabel: boolean;
  readonly shipDate: string;
  readonly insuredValueCents?: number;
  /** Declared dangerous goods; a lithium battery implies hazardous materials. */
  readonly hazardousMaterials?: boolean;
  readonly lithiumBattery?: boolean;
  /** custom_data of a shipment that leaves the origin country. */
  readonly customs?: CustomsData;
  /** option_data.custom_text_on_label_1 and _2, printed on the label. */
  readonly labelTexts?: readonly string[];
}

/** v1 rates remember the order they were quoted for, so buying links the label to it. */
export interface V1RateLink {
  readonly shipmentId: string;
  readonly warehouseName: string;
  readonly storeName?: string;
  readonly orderNumber?: string;
  readonly orderStatus?: string;
  readonly customPrint1?: string;
  readonly customPrint2?: string;
  readonly hazmat: boolean;
}

export interface RateEntry {
  readonly rateId: string;
  readonly quote: Quote;
  readonly shipment: RatedShipment;
  readonly createdAtMs: number;
  readonly api: 'v2' | 'v1';
  readonly v1?: V1RateLink;
  /** Set once a v1 rate is bought (v1 rates buy once; v2 purchases are keyed by platform_uk_id instead). */
  purchased?: boolean;
}

const KEEP_EXPIRED_MS = 15 * 60_000;
const MAX_RATES = 200_000;

/**
 * Quoted rates live in memory: quoting writes nothing to disk, which keeps
 * rating fast. Rates expire after a configurable age anyway, so losing them on
 * restart only turns a stale rate_id into rate_not_found.
 */
export class RateBook {
  private readonly entries = new Map<string, RateEntry>();
  private readonly prefix = randomBytes(4).toString('hex');
  private counter = 0;

  constructor(private readonly ttlMs: number) {}

  add(quote: Quote, shipment: RatedShipment, nowMs: number, api: 'v2' | 'v1', v1?: V1RateLink): RateEntry {
    this.counter += 1;
    if (this.counter % 1024 === 0) this.sweep(nowMs);
    const rateId = `rate_${this.prefix}${this.counter.toString(36).padStart(6, '0')}`;
    const entry: RateEntry = { rateId, quote, shipment, createdAtMs: nowMs, api, ...(v1 ? { v1 } : {}) };
    this.entries.set(rateId, entry);
    return entry;
  }

  get(rateId: string): RateEntry | undefined {
    return this.entries.get(rateId);
  }

  isExpired(entry: RateEntry, nowMs: number): boolean {
    return nowMs - entry.createdAtMs > this.ttlMs;
  }

  expiresAt(entry: RateEntry): string {
    return new Date(entry.createdAtMs + this.ttlMs).toISOString();
  }

  /**
   * Forgets rates well past expiry (kept a while so a late purchase still says
   * rate_expired), and the oldest beyond a cap so a long benchmark cannot grow
   * memory without bound. Insertion order is age order.
   */
  private sweep(nowMs: number): void {
    for (const [id, entry] of this.entries) {
      if (nowMs - entry.createdAtMs <= this.ttlMs + KEEP_EXPIRED_MS && this.entries.size <= MAX_RATES) break;
      this.entries.delete(id);
    }
  }
}
