import type {
  AddPickupResult,
  AddressValidateRequest,
  AddressValidateResult,
  CreateAndPayRequest,
  CreateScanFormRequest,
  DirectBuyRequest,
  DirectTrackingRecord,
  GetRatesRequest,
  GetRatesResult,
  InsuranceRateQuery,
  InsuranceRateResult,
  PickupListQuery,
  PickupListResult,
  PickupRequest,
  PlatformTrackingRecord,
  QuickRateRequest,
  QuickRateResult,
  ScanFormResult,
  Shipment as WireShipment,
  SubmitPodRequest,
  SubmitPodResult,
  TrackingNoRecord,
  VoidLabelRequest,
  VoidLabelResult,
} from '../../shared/api/v2';

/**
 * The v2 client methods the shipping services use. Kept small so services
 * and tests depend on what they call, not on how the client is built; each
 * method resolves to the envelope's data or throws a StationFailure.
 */
export interface ShippingV2 {
  quickRate(items: QuickRateRequest): Promise<readonly QuickRateResult[]>;
  getRates(request: GetRatesRequest): Promise<GetRatesResult>;
  createAndPay(request: CreateAndPayRequest): Promise<WireShipment>;
  directBuy(request: DirectBuyRequest): Promise<WireShipment>;
  voidLabel(request: VoidLabelRequest): Promise<VoidLabelResult>;
  insuranceRate(query: InsuranceRateQuery): Promise<InsuranceRateResult>;
  trackingByPlatformUkId(platformUkId: string): Promise<PlatformTrackingRecord>;
  trackingByTrackingNo(trackingNo: string, carrierCode: string): Promise<TrackingNoRecord>;
  directTracking(trackingNo: string, carrierCode: string): Promise<DirectTrackingRecord>;
  pickupAdd(request: PickupRequest): Promise<AddPickupResult>;
  pickupCancel(pickupNo: string): Promise<unknown>;
  pickupList(query: PickupListQuery): Promise<PickupListResult>;
  pickupLocations(): Promise<readonly string[]>;
  validateAddress(request: AddressValidateRequest): Promise<AddressValidateResult>;
  createScanForm(request: CreateScanFormRequest): Promise<ScanFormResult>;
  submitPod(request: SubmitPodRequest): Promise<SubmitPodResult>;
}

export type PurchaseMethod = 'create_and_pay' | 'direct_buy';
export type { WireShipment };
