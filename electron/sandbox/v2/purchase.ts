import { randomBytes } from 'node:crypto';
import { renderCustomsFormPng } from '../render/customsForm';
import { renderLabelPng } from '../render/labelImage';
import { renderOversizeLabelPng } from '../render/oversizeLabel';
import { makeTrackingNumber } from '../render/trackingNumbers';
import { insuranceFeeCents, type Quote } from '../domain/pricing';
import type { RatedShipment } from '../domain/rateBook';
import type { SandboxContext } from '../context';
import type { LabelKind } from '../store/labels';
import type { ShipmentDetail, ShipmentRecord, StoredAddress } from '../store/shipments';

export interface PurchaseSpec {
  readonly api: 'v2' | 'v1';
  readonly platformUkId: string | null;
  readonly quote: Quote;
  readonly shipment: RatedShipment;
  readonly insuredValueCents?: number;
  readonly hazardousMaterials: boolean;
  readonly lithiumBattery: boolean;
  readonly labelPrintType: 'common' | 'qrcode';
  readonly storeName?: string;
  readonly orderNumber?: string;
  readonly v1?: ShipmentDetail['v1'];
}

export interface RenderedLabel {
  readonly id: string;
  readonly kind: LabelKind;
  readonly png: Buffer;
}

export interface Purchase {
  readonly record: ShipmentRecord;
  readonly labels: readonly RenderedLabel[];
}

const labelAddress = (a: StoredAddress) => ({
  name: a.name,
  company: a.company,
  street: a.street,
  street2: a.street2,
  city: a.city,
  state: a.state,
  zip: a.zip,
  country: a.country,
});

/** The label fee is the quote without its insurance line; insurance is charged from what the purchase insures. */
function fees(spec: PurchaseSpec): { label: number; insurance: number } {
  const label = spec.quote.lines.filter((line) => line.code !== 'insurance').reduce((sum, line) => sum + line.cents, 0);
  const insurance = spec.insuredValueCents ? insuranceFeeCents(spec.insuredValueCents) : 0;
  return { label, insurance };
}

/** The REF line: the client's own label texts (option_data.custom_text_on_label_1/2) where given, else its shipment id or order. */
export function labelReference(labelTexts: readonly string[] | undefined, ids: { readonly platformUkId?: string | null; readonly orderNumber?: string | undefined }): { reference?: string } {
  if (labelTexts?.length) return { reference: labelTexts.join(' / ') };
  if (ids.platformUkId) return { reference: ids.platformUkId };
  return ids.orderNumber ? { reference: ids.orderNumber } : {};
}

/**
 * Mints the tracking number, renders the label(s) once, then records the
 * shipment, its labels and the balance debit in one transaction.
 */
export function commitPurchase(ctx: SandboxContext, spec: PurchaseSpec): Purchase {
  const now = ctx.now();
  const createdAt = now.toISOString();
  const { quote, shipment } = spec;
  const shipmentNo = `SHP${String(ctx.meta.next('shipment', 1_000_000)).padStart(9, '0')}`;
  const trackingNo = makeTrackingNumber(quote.carrier, ctx.meta.next(`tracking.${quote.carrier}`), { zip: shipment.to.zip, serviceCode: quote.level });
  const kinds: Array<'label' | 'qrcode'> = spec.labelPrintType === 'qrcode' && quote.carrier === 'USPS' ? ['label', 'qrcode'] : ['label'];
  const secret = randomBytes(6).toString('hex');
  const oversize = ctx.faults.takeOversizeLabel();
  const labels: RenderedLabel[] = kinds.map((kind) => ({
    id: `${shipmentNo}-${kind === 'qrcode' ? 'qr-' : ''}${secret}-1`,
    kind,
    png: (oversize && kind === 'label' ? renderOversizeLabelPng : renderLabelPng)({
      carrier: quote.carrier,
      serviceName: quote.name,
      trackingNo,
      from: labelAddress(shipment.from),
      to: labelAddress(shipment.to),
      weightOz: shipment.weightOz,
      shipDate: shipment.shipDate,
      ...labelReference(shipment.labelTexts, spec),
      kind,
      zip: shipment.to.zip,
    }),
  }));
  if (shipment.customs) {
    const customs = shipment.customs;
    labels.push({
      id: `${shipmentNo}-customs-${secret}-1`,
      kind: 'customs',
      png: renderCustomsFormPng({
        trackingNo,
        from: shipment.from,
        to: shipment.to,
        contentsType: customs.contents_type,
        nonDelivery: customs.non_delivery_option,
        exportFiling: `${customs.eel_pfc_type === 'ITN' ? 'ITN ' : ''}${customs.eel_pfc_code}`,
        items: customs.contents,
      }),
    });
  }
  const fee = fees(spec);
  const detail: ShipmentDetail = {
    from: shipment.from,
    to: shipment.to,
    packageType: shipment.packageType,
    dims: shipment.dims,
    ...(shipment.signature ? { signature: shipment.signature } : {}),
    hazardousMaterials: spec.hazardousMaterials,
    lithiumBattery: spec.lithiumBattery,
    isReturnLabel: shipment.isReturnLabel,
    ...(shipment.returnAddress ? { returnAddress: shipment.returnAddress } : {}),
    labelPrintType: spec.labelPrintType,
    saturdayDelivery: quote.saturdayDelivery,
    additionalHandling: shipment.additionalHandling,
    shipDate: shipment.shipDate,
    ...(spec.v1 ? { v1: spec.v1 } : {}),
  };
  const serviceFee = spec.v1?.serviceFeeCents ?? 0;
  const record: ShipmentRecord = {
    shipmentNo,
    platformUkId: spec.platformUkId,
    trackingNo,
    api: spec.api,
    carrierCode: quote.carrier,
    serviceLevel: quote.level,
    serviceName: quote.name,
    status: 'purchased',
    labelFeeCents: fee.label,
    insuranceFeeCents: fee.insurance,
    insuredValueCents: spec.insuredValueCents ?? null,
    totalFeeCents: fee.label + fee.insurance + serviceFee,
    deliveryDays: quote.deliveryDays,
    zone: quote.zone,
    weightOz: shipment.weightOz,
    detail,
    storeName: spec.storeName ?? null,
    orderNumber: spec.orderNumber ?? null,
    scanFormNo: null,
    createdAt,
    voidedAt: null,
  };
  ctx.db.transaction(() => {
    ctx.shipments.insert(record);
    labels.forEach((label, i) => ctx.labels.add(label.id, shipmentNo, label.kind, i, label.png));
    ctx.ledger.debit(record.totalFeeCents, shipmentNo, createdAt);
  })();
  ctx.stats.labelsSold += 1;
  return { record, labels };
}

/** The labels of an existing shipment, for a duplicate answer. */
export function storedLabels(ctx: SandboxContext, shipmentNo: string): RenderedLabel[] {
  return (['label', 'qrcode', 'customs'] as const).flatMap((kind) => ctx.labels.list(shipmentNo, kind).map((l) => ({ ...l, kind })));
}

export function labelUrl(base: string, id: string): string {
  return `${base}/labels/${id}.png`;
}
