import type { Db } from './db';

/** A normalised address as the sandbox keeps it (v2 field names). */
export interface StoredAddress {
  readonly name: string;
  readonly company: string;
  readonly phone: string;
  readonly email: string;
  readonly street: string;
  readonly street2: string;
  readonly city: string;
  readonly state: string;
  readonly zip: string;
  readonly country: string;
  readonly residential: boolean;
}

export interface ShipmentDetail {
  readonly from: StoredAddress;
  readonly to: StoredAddress;
  readonly packageType: string;
  readonly dims: readonly [number, number, number];
  readonly signature?: string;
  readonly hazardousMaterials: boolean;
  readonly lithiumBattery: boolean;
  readonly isReturnLabel: boolean;
  readonly returnAddress?: StoredAddress;
  readonly labelPrintType: 'common' | 'qrcode';
  readonly saturdayDelivery: boolean;
  readonly additionalHandling: boolean;
  readonly shipDate: string;
  /** v1 purchase facts (PurchaseLabelResponse). */
  readonly v1?: {
    readonly packingSlipNumber: number;
    readonly warehouseName: string;
    readonly serviceFeeCents: number;
    readonly publishedCents: number;
    readonly customPrint1?: string;
    readonly customPrint2?: string;
  };
}

export interface ShipmentRecord {
  readonly shipmentNo: string;
  readonly platformUkId: string | null;
  readonly trackingNo: string;
  readonly api: 'v2' | 'v1';
  readonly carrierCode: string;
  readonly serviceLevel: string;
  readonly serviceName: string;
  readonly status: 'purchased' | 'voided';
  readonly labelFeeCents: number;
  readonly insuranceFeeCents: number;
  readonly insuredValueCents: number | null;
  readonly totalFeeCents: number;
  readonly deliveryDays: number;
  readonly zone: number;
  readonly weightOz: number;
  readonly detail: ShipmentDetail;
  readonly storeName: string | null;
  readonly orderNumber: string | null;
  readonly scanFormNo: string | null;
  readonly createdAt: string;
  readonly voidedAt: string | null;
}

interface Row {
  shipment_no: string;
  platform_uk_id: string | null;
  tracking_no: string;
  api: 'v2' | 'v1';
  carrier_code: string;
  service_level: string;
  service_name: string;
  status: 'purchased' | 'voided';
  label_fee_cents: number;
  insurance_fee_cents: number;
  insured_value_cents: number | null;
  total_fee_cents: number;
  delivery_days: number;
  zone: number;
  weight_oz: number;
  detail: string;
  store_name: string | null;
  order_number: string | null;
  scan_form_no: string | null;
  created_at: string;
  voided_at: string | null;
}

function fromRow(row: Row): ShipmentRecord {
  return {
    shipmentNo: row.shipment_no,
    platformUkId: row.platform_uk_id,
    trackingNo: row.tracking_no,
    api: row.api,
    carrierCode: row.carrier_code,
    serviceLevel: row.service_level,
    serviceName: row.service_name,
    status: row.status,
    labelFeeCents: row.label_fee_cents,
    insuranceFeeCents: row.insurance_fee_cents,
    insuredValueCents: row.insured_value_cents,
    totalFeeCents: row.total_fee_cents,
    deliveryDays: row.delivery_days,
    zone: row.zone,
    weightOz: row.weight_oz,
    detail: JSON.parse(row.detail) as ShipmentDetail,
    storeName: row.store_name,
    orderNumber: row.order_number,
    scanFormNo: row.scan_form_no,
    createdAt: row.created_at,
    voidedAt: row.voided_at,
  };
}

export class ShipmentStore {
  private readonly insertStmt;
  private readonly byNo;
  private readonly byUk;
  private readonly byTracking;
  private readonly byOrder;
  private readonly voidStmt;
  private readonly scanStmt;
  private readonly countStmt;

  constructor(db: Db) {
    this.insertStmt = db.prepare(`INSERT INTO shipments (shipment_no, platform_uk_id, tracking_no, api, carrier_code, service_level,
      service_name, status, label_fee_cents, insurance_fee_cents, insured_value_cents, total_fee_cents, delivery_days, zone, weight_oz,
      detail, store_name, order_number, scan_form_no, created_at, voided_at)
      VALUES (@shipment_no, @platform_uk_id, @tracking_no, @api, @carrier_code, @service_level, @service_name, @status, @label_fee_cents,
      @insurance_fee_cents, @insured_value_cents, @total_fee_cents, @delivery_days, @zone, @weight_oz, @detail, @store_name, @order_number,
      @scan_form_no, @created_at, @voided_at)`);
    this.byNo = db.prepare<[string], Row>('SELECT * FROM shipments WHERE shipment_no = ?');
    this.byUk = db.prepare<[string], Row>('SELECT * FROM shipments WHERE platform_uk_id = ?');
    this.byTracking = db.prepare<[string], Row>('SELECT * FROM shipments WHERE tracking_no = ?');
    this.byOrder = db.prepare<[string, string], Row>('SELECT * FROM shipments WHERE store_name = ? AND order_number = ? ORDER BY created_at');
    this.voidStmt = db.prepare("UPDATE shipments SET status = 'voided', voided_at = ? WHERE shipment_no = ? AND status = 'purchased'");
    this.scanStmt = db.prepare('UPDATE shipments SET scan_form_no = ? WHERE tracking_no = ?');
    this.countStmt = db.prepare<[], { sold: number; voided: number }>(
      "SELECT COUNT(*) AS sold, COALESCE(SUM(status = 'voided'), 0) AS voided FROM shipments",
    );
  }

  insert(record: ShipmentRecord): void {
    this.insertStmt.run({
      shipment_no: record.shipmentNo,
      platform_uk_id: record.platformUkId,
      tracking_no: record.trackingNo,
      api: record.api,
      carrier_code: record.carrierCode,
      service_level: record.serviceLevel,
      service_name: record.serviceName,
      status: record.status,
      label_fee_cents: record.labelFeeCents,
      insurance_fee_cents: record.insuranceFeeCents,
      insured_value_cents: record.insuredValueCents,
      total_fee_cents: record.totalFeeCents,
      delivery_days: record.deliveryDays,
      zone: record.zone,
      weight_oz: record.weightOz,
      detail: JSON.stringify(record.detail),
      store_name: record.storeName,
      order_number: record.orderNumber,
      scan_form_no: record.scanFormNo,
      created_at: record.createdAt,
      voided_at: record.voidedAt,
    });
  }

  byShipmentNo(shipmentNo: string): ShipmentRecord | undefined {
    const row = this.byNo.get(shipmentNo);
    return row ? fromRow(row) : undefined;
  }

  byPlatformUkId(platformUkId: string): ShipmentRecord | undefined {
    const row = this.byUk.get(platformUkId);
    return row ? fromRow(row) : undefined;
  }

  byTrackingNo(trackingNo: string): ShipmentRecord | undefined {
    const row = this.byTracking.get(trackingNo);
    return row ? fromRow(row) : undefined;
  }

  forOrder(storeName: string, orderNumber: string): ShipmentRecord[] {
    return this.byOrder.all(storeName, orderNumber).map(fromRow);
  }

  /** True when the shipment went from purchased to voided. */
  markVoided(shipmentNo: string, at: string): boolean {
    return this.voidStmt.run(at, shipmentNo).changes === 1;
  }

  setScanForm(trackingNo: string, scanFormNo: string): void {
    this.scanStmt.run(scanFormNo, trackingNo);
  }

  counts(): { sold: number; voided: number } {
    return this.countStmt.get() ?? { sold: 0, voided: 0 };
  }
}
