import type { BoughtService, Shipment, ShipmentState } from '../../shared/contract/shippingTypes';
import { toDollars } from '../../shared/domain/money';

/**
 * One shipment record, spelt once. The contract's Shipment (what a screen
 * shows) names and types a label's fields; every other spelling takes them
 * from it: the record the stores share (SharedShipment), the SQLite row
 * (ShipmentRow, the same names in snake_case) and the bought-row update
 * (shipmentsRepo's BoughtUpdate). The mappings between them live here too,
 * so a field added to the record shows up, or fails to compile, in all.
 */

/** The fields of a bought label every spelling has, as the contract names and types them. */
export type ShipmentRecord = Pick<
  Shipment,
  | 'platformUkId'
  | 'packageKey'
  | 'method'
  | 'orderNumber'
  | 'recipientName'
  | 'shipmentNo'
  | 'trackingNo'
  | 'carrierCode'
  | 'serviceLevel'
  | 'serviceName'
  | 'currency'
  | 'isReturn'
  | 'duplicateLabel'
>;

/** Amounts as the stores keep them: whole cents (the contract shows dollars). */
export interface StoredAmounts {
  readonly costCents: number | null;
  readonly insuranceCents: number | null;
}

export interface StoredLabel {
  readonly kind: 'label' | 'qrcode';
  readonly seq: number;
  readonly url: string | null;
  readonly png: Uint8Array;
}

/** A label bought by some bench, as the shared store keeps it. */
export interface SharedShipment extends ShipmentRecord, StoredAmounts {
  readonly backendId: string;
  readonly bench: string;
  readonly requestJson: string;
  readonly state: Extract<ShipmentState, 'bought' | 'voided'>;
  readonly resultJson: string;
  readonly labels: readonly StoredLabel[];
}

/** `platformUkId` -> `platform_uk_id`: the column name SQLite gives a record field. */
type Snake<S extends string> = S extends `${infer Head}${infer Tail}` ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${Snake<Tail>}` : S;
/** A record's fields as SQLite columns: snake_case names, flags as 0/1. */
type ColumnsOf<T> = { readonly [K in keyof T as Snake<K & string>]: T[K] extends boolean ? number : T[K] };

export type ShipmentStateRow = ShipmentState;

export interface ShipmentRow extends ColumnsOf<ShipmentRecord & StoredAmounts> {
  readonly id: number;
  readonly backend_id: string | null;
  readonly state: ShipmentStateRow;
  readonly request_json: string;
  readonly chosen_json: string | null;
  readonly result_json: string | null;
  readonly error: string | null;
  readonly attempts: number;
  readonly recipient_city?: string | null;
  readonly recipient_zip?: string | null;
  readonly rate_mismatch_json: string | null;
  /** Set when the purchase answer was not understood: UnreadableAnswer JSON (the answer without secrets, what was found in it). */
  readonly unreadable_answer: string | null;
  readonly created_at: string;
  readonly updated_at: string;
  readonly bought_at: string | null;
  readonly voided_at: string | null;
  /** The bench that bought a label adopted from the warehouse (migration 17); null: this bench. */
  readonly bench?: string | null;
  readonly label_count?: number;
  readonly qrcode_count?: number;
  readonly customs_form_count?: number;
}

/**
 * The columns of a bought label that benches share, named as both stores
 * name them (this bench's SQLite row, the warehouse database's row). Flags
 * are 0/1 in SQLite and booleans in PostgreSQL.
 */
export type SharedColumns = Pick<
  ShipmentRow,
  | 'platform_uk_id'
  | 'package_key'
  | 'method'
  | 'request_json'
  | 'order_number'
  | 'recipient_name'
  | 'shipment_no'
  | 'tracking_no'
  | 'carrier_code'
  | 'service_level'
  | 'service_name'
  | 'cost_cents'
  | 'currency'
  | 'insurance_cents'
  | 'result_json'
> & {
  readonly backend_id: string | null;
  readonly state: string;
  readonly is_return: number | boolean;
  readonly duplicate_label: number | boolean;
};

function chosenLines(row: ShipmentRow, key: 'decisions'): readonly string[] {
  if (!row.chosen_json) return [];
  const value = (JSON.parse(row.chosen_json) as Record<string, unknown>)[key];
  return Array.isArray(value) ? value.filter((line): line is string => typeof line === 'string') : [];
}

/** The one mapping from a stored row to the label benches share, whichever store the row came from. */
export function sharedShipmentOf(row: SharedColumns, bench: string, labels: readonly StoredLabel[]): SharedShipment {
  return {
    platformUkId: row.platform_uk_id,
    backendId: row.backend_id ?? 'default',
    packageKey: row.package_key,
    bench,
    method: row.method,
    requestJson: row.request_json,
    state: row.state === 'voided' ? 'voided' : 'bought',
    orderNumber: row.order_number,
    recipientName: row.recipient_name,
    shipmentNo: row.shipment_no,
    trackingNo: row.tracking_no,
    carrierCode: row.carrier_code,
    serviceLevel: row.service_level,
    serviceName: row.service_name,
    costCents: row.cost_cents,
    currency: row.currency,
    insuranceCents: row.insurance_cents,
    isReturn: row.is_return === true || row.is_return === 1,
    duplicateLabel: row.duplicate_label === true || row.duplicate_label === 1,
    resultJson: row.result_json ?? '{}',
    labels,
  };
}

const dollars = (cents: number | null): number | null => (cents === null ? null : toDollars(cents));

function chosenField(row: ShipmentRow, key: keyof BoughtService | 'addressOverride'): string | null {
  if (!row.chosen_json) return null;
  const value = (JSON.parse(row.chosen_json) as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : null;
}

/** The one mapping from a stored row to the contract's Shipment; what the answer did not say is taken from the service picked. */
export function toShipment(row: ShipmentRow): Shipment {
  const mismatch = row.rate_mismatch_json ? (JSON.parse(row.rate_mismatch_json) as { picked: BoughtService; bought: BoughtService }) : null;
  return {
    id: row.id,
    packageKey: row.package_key,
    platformUkId: row.platform_uk_id,
    backend: row.backend_id,
    state: row.state,
    method: row.method,
    orderNumber: row.order_number,
    recipientName: row.recipient_name,
    shipmentNo: row.shipment_no,
    trackingNo: row.tracking_no,
    carrierCode: row.carrier_code ?? chosenField(row, 'carrierCode'),
    serviceLevel: row.service_level ?? chosenField(row, 'serviceLevel'),
    serviceName: row.service_name ?? chosenField(row, 'serviceName'),
    cost: dollars(row.cost_cents),
    currency: row.currency,
    insuranceAmount: dollars(row.insurance_cents),
    duplicateLabel: row.duplicate_label === 1,
    rateMismatch: mismatch,
    addressOverride: chosenField(row, 'addressOverride'),
    decisions: chosenLines(row, 'decisions'),
    isReturn: row.is_return === 1,
    bench: row.bench ?? null,
    labelCount: row.label_count ?? 0,
    qrCodeCount: row.qrcode_count ?? 0,
    customsFormCount: row.customs_form_count ?? 0,
    unreadableAnswer: row.unreadable_answer ? { details: (JSON.parse(row.unreadable_answer) as { details: string }).details } : null,
    error: row.state === 'voided' ? null : row.error,
    createdAt: row.created_at,
    boughtAt: row.bought_at,
    voidedAt: row.voided_at,
  };
}
