import { create } from 'zustand';
import type { StationError } from '../../../../shared/contract/errors';
import type {
  AddressCheck,
  OrderLine,
  PackagePreset,
  PurchaseResult,
  PurchaseStage,
  RateQuote,
  StationAddress,
} from '../../../../shared/contract/shippingTypes';
import type { signatureOptions } from '../../../../shared/contract/shipping';

export type Signature = (typeof signatureOptions)[number];

export interface ShipOptions {
  readonly signature: Signature | null;
  readonly insuranceAmount: number | null;
  readonly saturday: boolean;
  readonly additionalHandling: boolean;
  readonly returnLabel: boolean;
  readonly lithiumBattery: boolean;
  readonly qrLabel: boolean;
}

export const noOptions: ShipOptions = {
  signature: null,
  insuranceAmount: null,
  saturday: false,
  additionalHandling: false,
  returnLabel: false,
  lithiumBattery: false,
  qrLabel: false,
};

export interface Dimensions {
  readonly lengthIn: number;
  readonly widthIn: number;
  readonly heightIn: number;
  readonly packageCode?: string;
}

/** View state of the package on the bench; the station keeps the truth (journal, labels). */
export interface ShipState {
  readonly order: OrderLine | null;
  /** One platform_uk_id per key: kept across retries, replaced only by the next scan. */
  readonly packageKey: string | null;
  /** Which box of the order this is (0 = the first): the station keys a purchase by order number + this. */
  readonly packageIndex: number;
  readonly to: StationAddress | null;
  readonly presetName: string | null;
  readonly dims: Dimensions | null;
  readonly weightOz: number | null;
  readonly weightSource: 'scale' | 'typed' | 'order' | null;
  readonly options: ShipOptions;
  readonly quote: RateQuote | null;
  readonly selected: number | null;
  readonly rating: boolean;
  readonly check: AddressCheck | null;
  readonly addressDecision: 'accepted' | 'kept' | null;
  readonly buying: boolean;
  readonly stages: readonly PurchaseStage[];
  readonly purchase: PurchaseResult | null;
  readonly scanError: StationError | null;
  readonly rateError: StationError | null;
  readonly addressError: StationError | null;
  readonly buyError: StationError | null;
}

const empty: ShipState = {
  order: null,
  packageKey: null,
  packageIndex: 0,
  to: null,
  presetName: null,
  dims: null,
  weightOz: null,
  weightSource: null,
  options: noOptions,
  quote: null,
  selected: null,
  rating: false,
  check: null,
  addressDecision: null,
  buying: false,
  stages: [],
  purchase: null,
  scanError: null,
  rateError: null,
  addressError: null,
  buyError: null,
};

interface ShipActions {
  readonly patch: (partial: Partial<ShipState>) => void;
  readonly startPackage: (order: OrderLine, packageKey: string, preset: PackagePreset | null) => void;
  /** The next box of the order on the bench: same address and box size, its own weight and its own label. */
  readonly startAnotherBox: (packageKey: string, packageIndex: number) => void;
  readonly reset: () => void;
}

export const useShip = create<ShipState & ShipActions>((set) => ({
  ...empty,
  patch: (partial) => set(partial),
  startPackage: (order, packageKey, preset) =>
    set({
      ...empty,
      order,
      packageKey,
      to: order.recipient,
      presetName: order.package?.lengthIn ? null : (preset?.name ?? null),
      dims: order.package?.lengthIn
        ? { lengthIn: order.package.lengthIn, widthIn: order.package.widthIn ?? 1, heightIn: order.package.heightIn ?? 1, packageCode: order.package.packageCode }
        : preset
          ? { lengthIn: preset.lengthIn, widthIn: preset.widthIn, heightIn: preset.heightIn, packageCode: preset.packageCode }
          : null,
      weightOz: order.package?.weightOz ?? null,
      weightSource: order.package?.weightOz ? 'order' : null,
    }),
  startAnotherBox: (packageKey, packageIndex) =>
    set((s) => ({
      ...empty,
      order: s.order,
      packageKey,
      packageIndex,
      to: s.to,
      check: s.check,
      addressDecision: s.addressDecision,
      presetName: s.presetName,
      dims: s.dims,
    })),
  reset: () => set(empty),
}));

/** What the operator can do with the package right now. */
export function canBuy(state: ShipState): boolean {
  if (!state.packageKey || !state.to || state.buying || state.purchase) return false;
  if (state.options.lithiumBattery) return lithiumRate(state) !== null;
  return state.quote !== null && state.selected !== null && state.quote.rates[state.selected]?.rateId != null;
}

/** Lithium batteries ship only by USPS Ground Advantage, bought directly. */
export function lithiumRate(state: ShipState): number | null {
  if (!state.quote) return null;
  const index = state.quote.rates.findIndex((r) => r.carrierCode === 'USPS' && /GROUND_ADVANTAGE/.test(r.serviceLevel) && !/RETURN/.test(r.serviceLevel));
  return index >= 0 ? index : null;
}
