import { refuse } from './errorCodes';
import { seededRandom } from './domain/random';
import type { UnreadableKind } from './unreadableAnswers';

export interface FaultSettings {
  /** Added before every request is handled. */
  latencyMs: number;
  /** Probability (0..1) that an /api/ request fails with 503 service_unavailable before doing anything. */
  failRate: number;
  /** Number of upcoming purchases whose response is dropped (socket destroyed) after the purchase commits. */
  dropPurchaseResponses: number;
  /** Number of upcoming purchases (v2 and v1) answered, after they commit, in a shape the station cannot parse (unreadableAnswers.ts). */
  unreadablePurchaseAnswers: number;
  unreadableKind: UnreadableKind;
  /** v2 answers in documented shapes with optional fields left out, numbers as strings, day ranges and unknown extra fields. */
  sparseAnswers: boolean;
  /** Number of upcoming labels drawn larger than 4x6 (oversizeLabel.ts), as some carriers send them. */
  oversizeLabels: number;
  /** Every v2 tracking request answers 503 service_unavailable while true. */
  failTracking: boolean;
  /** Number of upcoming v2 rate answers whose cheapest rate also names a price under total_price, one dollar more than price. */
  ratePriceConflicts: number;
}

/** Faults on demand for reliability tests; one instance shared by the v2 and v1 servers. */
export class Faults {
  private readonly settings: FaultSettings;
  private readonly random: () => number;
  private readonly sleepers = new Set<() => void>();
  private stopped = false;

  constructor(initial: Partial<FaultSettings>, seed: number) {
    this.settings = { latencyMs: 0, failRate: 0, dropPurchaseResponses: 0, unreadablePurchaseAnswers: 0, unreadableKind: 'scattered', sparseAnswers: false, oversizeLabels: 0, failTracking: false, ratePriceConflicts: 0 };
    this.random = seededRandom(seed);
    this.set(initial);
  }

  set(change: Partial<FaultSettings>): void {
    if (change.latencyMs !== undefined) this.settings.latencyMs = Math.max(0, change.latencyMs);
    if (change.failRate !== undefined) this.settings.failRate = Math.min(1, Math.max(0, change.failRate));
    if (change.dropPurchaseResponses !== undefined) this.settings.dropPurchaseResponses = Math.max(0, Math.floor(change.dropPurchaseResponses));
    if (change.unreadablePurchaseAnswers !== undefined) this.settings.unreadablePurchaseAnswers = Math.max(0, Math.floor(change.unreadablePurchaseAnswers));
    if (change.unreadableKind !== undefined) this.settings.unreadableKind = change.unreadableKind;
    if (change.sparseAnswers !== undefined) this.settings.sparseAnswers = change.sparseAnswers;
    if (change.oversizeLabels !== undefined) this.settings.oversizeLabels = Math.max(0, Math.floor(change.oversizeLabels));
    if (change.failTracking !== undefined) this.settings.failTracking = change.failTracking;
    if (change.ratePriceConflicts !== undefined) this.settings.ratePriceConflicts = Math.max(0, Math.floor(change.ratePriceConflicts));
  }

  current(): Readonly<FaultSettings> {
    return { ...this.settings };
  }

  /** Latency for every request, then the failure draw for API requests. */
  async beforeRequest(isApi: boolean): Promise<void> {
    if (this.settings.latencyMs > 0) await this.sleep(this.settings.latencyMs);
    if (this.stopped) refuse('service_unavailable', 'The sandbox is shutting down.');
    if (isApi && this.settings.failRate > 0 && this.random() < this.settings.failRate) refuse('service_unavailable');
  }

  /** Ends every pending latency wait at once (on close), so a long latency never holds the process. */
  stop(): void {
    this.stopped = true;
    for (const wake of this.sleepers) wake();
    this.sleepers.clear();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.sleepers.add(wake);
    });
  }

  /** True when this committed purchase's response must be dropped; consumes one. */
  takeDrop(): boolean {
    if (this.settings.dropPurchaseResponses <= 0) return false;
    this.settings.dropPurchaseResponses -= 1;
    return true;
  }

  /** The kind of unreadable answer this committed purchase gets, or null for a normal answer; consumes one. */
  takeUnreadable(): UnreadableKind | null {
    if (this.settings.unreadablePurchaseAnswers <= 0) return null;
    this.settings.unreadablePurchaseAnswers -= 1;
    return this.settings.unreadableKind;
  }

  /** True when this rate answer names its cheapest rate's price twice, with two amounts; consumes one. */
  takeRatePriceConflict(): boolean {
    if (this.settings.ratePriceConflicts <= 0) return false;
    this.settings.ratePriceConflicts -= 1;
    return true;
  }

  /** True when this purchase's label is drawn oversize; consumes one. */
  takeOversizeLabel(): boolean {
    if (this.settings.oversizeLabels <= 0) return false;
    this.settings.oversizeLabels -= 1;
    return true;
  }
}
