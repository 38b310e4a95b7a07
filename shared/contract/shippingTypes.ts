import type { StationAddress } from '../domain/address';
import type { CustomsDeclaration } from '../domain/customs';
import type { ImportFormat, OrderItem, RefusedLine, SkippedOrder } from '../domain/orderImport/types';

export type { StationAddress } from '../domain/address';
export type { CustomsDeclaration, CustomsItem } from '../domain/customs';
export type { ImportFormat, OrderItem, StoreFormat } from '../domain/orderImport/types';
export type { ColumnMapping } from '../domain/orderImport/mapping';

/**
 * Result shapes of the shipping commands (shared/contract/shipping.ts). Plain
 * JSON: money in dollars as numbers rounded to cents, times as ISO strings,
 * label images as base64 PNG.
 */

export interface PackageSpec {
  readonly weightOz: number;
  readonly lengthIn?: number;
  readonly widthIn?: number;
  readonly heightIn?: number;
  /** A predefined carrier package code (usps_flat_rate_envelope, ...); custom box when absent. */
  readonly packageCode?: string;
}

export interface PriceDetail {
  readonly code: string;
  readonly description: string;
  readonly price: number;
}

export interface Rate {
  /** Present for get_rates quotes; needed to buy through create_and_pay. */
  readonly rateId: string | null;
  readonly carrierCode: string;
  readonly serviceLevel: string;
  readonly serviceName: string;
  readonly price: number;
  readonly currency: string;
  readonly deliveryDays: number | null;
  readonly priceDetails: readonly PriceDetail[] | null;
  /** The service's own marks, when its answer gives them. */
  readonly marks?: ReadonlyArray<'cheapest' | 'fastest'>;
  /** The delivery date the service promises, as it wrote it, when its answer gives one. */
  readonly deliveryDate?: string | null;
}

export interface CarrierError {
  readonly carrier: string;
  readonly message: string;
}

export type RateRule =
  | { readonly kind: 'cheapest' }
  | { readonly kind: 'fastest' }
  | { readonly kind: 'cheapestWithin'; readonly days: number };

export interface RateQuote {
  /** Local id of the stored quote; labels.buy takes it with a rateId. */
  readonly quoteId: number;
  readonly source: 'get_rates' | 'quick_rate';
  /** Cheapest first, then fastest. */
  readonly rates: readonly Rate[];
  readonly errors: readonly CarrierError[];
  /** The rate the station's rule picks (index into rates), or null when none qualifies. */
  readonly preselected: number | null;
  readonly rule: RateRule;
}

export interface BatchRateResult {
  readonly key: string;
  readonly rates: readonly Rate[];
  readonly errors: readonly CarrierError[];
  readonly preselected: number | null;
}

export type ShipmentState = 'pending' | 'bought' | 'voided' | 'failed';

export interface BoughtService {
  readonly carrierCode: string | null;
  readonly serviceLevel: string | null;
  readonly serviceName: string | null;
  readonly price: number | null;
}

export interface Shipment {
  readonly id: number;
  readonly packageKey: string;
  readonly platformUkId: string;
  /** The service the label was bought from: 'sandbox' (practice, not real postage), 'test:<address>' (test keys) or 'live:<address>'. */
  readonly backend: string | null;
  readonly state: ShipmentState;
  readonly method: 'create_and_pay' | 'direct_buy';
  readonly orderNumber: string | null;
  readonly recipientName: string | null;
  readonly shipmentNo: string | null;
  readonly trackingNo: string | null;
  readonly carrierCode: string | null;
  readonly serviceLevel: string | null;
  readonly serviceName: string | null;
  /** What the label cost in total (label + insurance), as the service reported it. */
  readonly cost: number | null;
  readonly currency: string | null;
  readonly insuranceAmount: number | null;
  readonly duplicateLabel: boolean;
  /** Set when the service sold a different service than the one picked (an earlier purchase of this package). */
  readonly rateMismatch: { readonly picked: BoughtService; readonly bought: BoughtService } | null;
  /** Bought for an address the service did not confirm, on the operator's deliberate word: what they overrode. */
  readonly addressOverride: string | null;
  /** How the package was chosen (a rule, an automatic buy, a skipped check), one line of operator words each. */
  readonly decisions: readonly string[];
  readonly isReturn: boolean;
  /** In a warehouse, the bench that bought a label another bench bought; absent or null: this bench. */
  readonly bench?: string | null;
  readonly labelCount: number;
  readonly qrCodeCount: number;
  /** Customs forms (CN22/CN23) stored with the label, printed after it. */
  readonly customsFormCount: number;
  /**
   * Bought, but the service's answer was not understood: the station kept it
   * and took what it could find (tracking number, label). `details` is the
   * line for support; the operator's words are in `error`.
   */
  readonly unreadableAnswer: { readonly details: string } | null;
  readonly error: string | null;
  readonly createdAt: string;
  readonly boughtAt: string | null;
  readonly voidedAt: string | null;
}

export interface PurchaseResult {
  readonly shipment: Shipment;
  /** True when this package was already bought earlier: no request was sent and nothing was charged. */
  readonly reused: boolean;
  /** First label image as base64 PNG, for the preview. */
  readonly labelPng: string | null;
  /** The customs forms stored with the label (CN22/CN23), base64, for the CLI and previews. */
  readonly customsForms: ReadonlyArray<{ readonly mime: 'image/png' | 'application/pdf'; readonly base64: string }>;
  readonly printJobId: string | null;
  /** Why printing did not happen, when a print was asked for and refused; the label is stored either way. */
  readonly printError: string | null;
}

export interface LabelImage {
  readonly shipmentId: number;
  readonly kind: 'label' | 'qrcode';
  readonly index: number;
  readonly pngBase64: string;
}

export interface TrackingEvent {
  readonly time: string | null;
  readonly localTime: string | null;
  readonly status: string | null;
  readonly description: string;
  readonly location: string | null;
}

export interface TrackingInfo {
  readonly source: 'platform_uk_id' | 'tracking_no' | 'direct';
  readonly trackingNo: string | null;
  readonly platformUkId: string | null;
  readonly carrierCode: string | null;
  readonly status: string;
  readonly statusSummary: string | null;
  readonly estimateDeliveryDate: string | null;
  readonly returnToSender: boolean | null;
  readonly recipientName: string | null;
  readonly events: readonly TrackingEvent[];
  readonly fetchedAt: string;
  /** True when the service could not be reached and this is the last stored snapshot. */
  readonly fromCache: boolean;
}

export interface AddressCheck {
  readonly valid: boolean;
  readonly standardized: StationAddress | null;
  /** Field-by-field differences between what was entered and the standardized address. */
  readonly corrections: ReadonlyArray<{ readonly field: string; readonly from: string; readonly to: string }>;
  readonly messages: readonly string[];
}

export interface InsuranceQuote {
  readonly amount: number;
  /** What the insurance costs; null when the service's answer did not say. */
  readonly premium: number | null;
  readonly currency: string;
  /** The insurance rate the purchase sends as insurance_data.rate_id. */
  readonly rateId: string;
}

export interface Pickup {
  readonly pickupNo: string;
  readonly confirmationNumber: string | null;
  readonly pickupDate: string | null;
  readonly status: 'CONFIRMED' | 'CANCELED' | string;
  readonly carrierCode: string;
  readonly packageCount: number | null;
  readonly totalWeight: number | null;
  readonly trackingNos: readonly string[];
  readonly createdAt: string | null;
}

export interface PickupCandidate {
  readonly shipmentId: number;
  readonly trackingNo: string;
  readonly recipientName: string | null;
  readonly serviceName: string | null;
  /** Already in a confirmed pickup: offered, but not selected by default. */
  readonly picked: boolean;
  /** A return label: the customer sends it, so it is offered for a pickup but never selected by default. */
  readonly isReturn: boolean;
  /** Ticked when the screen opens: not yet in a pickup and not a return. */
  readonly selectedByDefault: boolean;
}

export interface ScanForm {
  readonly id: number;
  readonly api: 'v2' | 'v1' | 'v1_ecommerce';
  readonly status: 'ready' | 'pending' | 'failed';
  readonly pdfUrl: string | null;
  readonly trackingNos: readonly string[];
  readonly createdAt: string;
}

export interface OrderLine {
  readonly orderNumber: string;
  readonly source: 'csv' | 'v1' | 'manual';
  readonly recipient: StationAddress;
  readonly package: PackageSpec | null;
  /** What the order declares for customs; null when it declares nothing. */
  readonly customs: CustomsDeclaration | null;
  /** What goes in the box, as the store sold it; empty when the source named no items. */
  readonly items: readonly OrderItem[];
  /** The store or sales channel the order's export named, when it named one. */
  readonly store?: string;
  /** The order's tags from its export (Shopify's Tags); absent when it had none. */
  readonly tags?: readonly string[];
  /** `catalog` when the package weight is the catalog's (items × quantity plus the box's tare), not the order's own. */
  readonly weightFrom?: 'order' | 'catalog';
  /** Why the catalog could not weigh an order without a weight, naming the SKUs it lacks. */
  readonly weightProblem?: string;
  readonly shipped: boolean;
  readonly importedAt: string;
}

/** What `orders import` did: the keys are the ones `orders import --json` prints. */
export interface CsvImportReport {
  /** The export the file was read as; null when its header was not recognised. */
  readonly format: ImportFormat | null;
  readonly imported: number;
  readonly updated: number;
  /** Orders the store already shipped or cancelled, with why. */
  readonly skipped: readonly SkippedOrder[];
  /** Rows or orders that could not be imported, by the line they start on. */
  readonly refused: readonly RefusedLine[];
}

export interface PackagePreset {
  readonly name: string;
  /** What the empty box and its packing weigh, added to a weight from the catalog. */
  readonly tareOz?: number;
  readonly lengthIn: number;
  readonly widthIn: number;
  readonly heightIn: number;
  readonly packageCode?: string;
}

export interface ShippingSettings {
  readonly shipFrom: StationAddress | null;
  readonly presets: readonly PackagePreset[];
  readonly rateRule: RateRule;
  /** Preset used when an order carries no dimensions. */
  readonly defaultPreset: string | null;
  /** This bench's text for the label's second custom line (custom_text_on_label_2) when a purchase names no reference of its own. */
  readonly labelReference: string | null;
  /** The print type asked for UPS labels: `barcode` is documented for UPS only (v2-docs.md 3.4); a QR label asked for still wins. */
  readonly upsLabelPrintType: UpsLabelPrintType;
}

export type UpsLabelPrintType = 'common' | 'barcode';

export type BatchOutcome =
  /** `alreadyShipped`: the order had its label before this run; nothing was bought or charged. */
  | { readonly key: string; readonly ok: true; readonly shipment: Shipment; readonly printJobId: string | null; readonly alreadyShipped: boolean }
  | { readonly key: string; readonly ok: false; readonly message: string; readonly code: string };

/** 'printed': the printer confirmed it; 'sentToPrinter': every byte reached a printer that cannot confirm printing. */
export type PurchaseStage = 'journaled' | 'sent' | 'bought' | 'printing' | 'printed' | 'sentToPrinter' | 'failed';
