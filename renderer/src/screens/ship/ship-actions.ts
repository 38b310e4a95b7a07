import type { CommandInput } from '../../../../shared/contract';
import type { PackagePreset, ShippingSettings, StationAddress } from '../../../../shared/contract/shippingTypes';
import { run } from '../../station/run';
import { sounds } from '../../ui/sounds';
import { canBuy, lithiumRate, useShip, type ShipState } from './ship-store';

const state = () => useShip.getState();

function presetFor(settings: ShippingSettings | undefined): PackagePreset | null {
  if (!settings) return null;
  return settings.presets.find((p) => p.name === settings.defaultPreset) ?? settings.presets[0] ?? null;
}

/** A scan on the Ship screen: the next package starts here, whatever happened to the last one. */
export async function scanOrder(text: string, settings: ShippingSettings | undefined, scaleWeightOz: () => number | null = () => null): Promise<boolean> {
  const orderNumber = text.trim();
  if (!orderNumber) return false;
  const result = await run('orders.lookup', { orderNumber });
  if (!result.ok) {
    sounds.scanError();
    state().reset();
    state().patch({ scanError: result.error });
    return false;
  }
  sounds.scanOk();
  state().startPackage(result.value, orderPackageKey(result.value.orderNumber, 0), presetFor(settings));
  // In the same tick as the order, so the first rates already use what the scale weighs.
  const weighed = scaleWeightOz();
  if (weighed !== null) state().patch({ weightOz: weighed, weightSource: 'scale' });
  void checkAddress(result.value.recipient);
  return true;
}

const orderPackageKey = (orderNumber: string, index: number): string => `order:${orderNumber}:${index}`;

/** Box numbers the station already holds a purchase for, from its keys (`order:<number, lower case>#<index>`). */
async function usedBoxIndexes(orderNumber: string): Promise<number[]> {
  const found = await run('history.search', { query: orderNumber, limit: 200 });
  if (!found.ok) return [];
  const prefix = `order:${orderNumber.trim().toLowerCase()}#`;
  return found.value.shipments.filter((s) => s.packageKey.startsWith(prefix)).map((s) => Number(s.packageKey.slice(prefix.length)));
}

/**
 * Another box for the order on the bench: the next package index, so the
 * station mints its own platform_uk_id instead of handing back the first box's label.
 */
export async function anotherBox(scaleWeightOz: () => number | null = () => null): Promise<void> {
  const s = state();
  if (!s.order || s.buying) return;
  const order = s.order;
  const used = await usedBoxIndexes(order.orderNumber);
  if (state().order !== order) return;
  const index = Math.max(s.packageIndex, ...used.filter(Number.isInteger)) + 1;
  sounds.scanOk();
  state().startAnotherBox(orderPackageKey(order.orderNumber, index), index);
  const weighed = scaleWeightOz();
  if (weighed !== null) state().patch({ weightOz: weighed, weightSource: 'scale' });
}

let pendingCheck: Promise<void> | null = null;

/** Validation starts with the scan and runs beside rating; a buy waits for it rather than asking twice. */
export function checkAddress(address: StationAddress): Promise<void> {
  const running = runCheck(address).finally(() => {
    if (pendingCheck === running) pendingCheck = null;
  });
  pendingCheck = running;
  return running;
}

async function runCheck(address: StationAddress): Promise<void> {
  state().patch({ check: null, addressDecision: null, addressError: null });
  const result = await run('address.validate', { address });
  if (state().to !== address) return;
  if (!result.ok) {
    state().patch({ addressError: result.error });
    return;
  }
  const needsDecision = !result.value.valid || result.value.corrections.length > 0;
  state().patch({ check: result.value, addressDecision: needsDecision ? null : 'accepted' });
}

const clearAddressRefusal = () => (state().buyError?.field === 'to' ? { buyError: null } : {});

export function acceptStandardized(): void {
  const { check } = state();
  if (!check?.standardized) return;
  state().patch({ to: check.standardized, addressDecision: 'accepted', ...clearAddressRefusal() });
}

/** The operator's own ship-to address: rates follow it, and it is checked again before buying. */
export function shipToTypedAddress(to: StationAddress): void {
  state().patch({ to, ...clearAddressRefusal() });
  void checkAddress(to);
}

export function keepMine(): void {
  state().patch({ addressDecision: 'kept', ...clearAddressRefusal() });
}

function quoteInput(s: ShipState): CommandInput<'rates.quote'> | null {
  if (!s.to || !s.weightOz || s.weightOz <= 0) return null;
  return {
    to: s.to,
    package: { weightOz: s.weightOz, ...(s.dims ?? {}) },
    orderNumber: s.order?.orderNumber,
    options: {
      signature: s.options.signature ?? undefined,
      saturday: s.options.saturday || undefined,
      additionalHandling: s.options.additionalHandling || undefined,
      isReturnLabel: s.options.returnLabel || undefined,
    },
  };
}

let quoteGeneration = 0;

/** Rates for what is on the bench now; an answer for an older state is dropped. */
export async function requote(): Promise<void> {
  const input = quoteInput(state());
  const mine = ++quoteGeneration;
  if (!input) {
    state().patch({ quote: null, selected: null, rating: false });
    return;
  }
  state().patch({ rating: true, rateError: null });
  const result = await run('rates.quote', input);
  if (mine !== quoteGeneration) return;
  if (!result.ok) {
    state().patch({ rating: false, quote: null, selected: null, rateError: result.error });
    return;
  }
  const quote = result.value;
  state().patch({ rating: false, quote, selected: quote.preselected ?? (quote.rates.length > 0 ? 0 : null) });
}

export const quoteKey = (s: ShipState): string => JSON.stringify(quoteInput(s));

/** Buys and prints. A retry re-sends the same package key, so the station re-sends the same platform_uk_id. */
export async function buy(): Promise<void> {
  const s = state();
  if (!canBuy(s) || !s.packageKey || !s.to || !s.weightOz) return;
  if (s.addressDecision === null) {
    if (pendingCheck) await pendingCheck;
    else if (!s.check && !s.addressError) await checkAddress(s.to);
    if (state().addressDecision === null) {
      sounds.scanError();
      state().patch({
        buyError: { code: 'invalid_input', message: 'Choose first: use the standardized address (Alt+A) or keep the address as entered (Alt+K).', field: 'to' },
      });
      return;
    }
  }
  const now = state();
  const common = {
    packageKey: now.packageKey ?? undefined,
    orderNumber: now.order?.orderNumber,
    packageIndex: now.packageIndex,
    insuranceAmount: now.options.insuranceAmount ?? undefined,
    qrLabel: now.options.qrLabel,
    print: true,
  };
  let input: CommandInput<'labels.buy'>;
  if (now.options.lithiumBattery) {
    const rate = now.quote?.rates[lithiumRate(now) ?? -1];
    if (!rate || !now.to || !now.weightOz) return;
    input = {
      method: 'direct',
      carrierCode: rate.carrierCode,
      serviceLevel: rate.serviceLevel,
      to: now.to,
      package: { weightOz: now.weightOz, ...(now.dims ?? {}) },
      options: { signature: now.options.signature ?? undefined, saturday: now.options.saturday || undefined, additionalHandling: now.options.additionalHandling || undefined, isReturnLabel: now.options.returnLabel || undefined },
      lithiumBattery: true,
      ...common,
    };
  } else {
    const rate = now.quote?.rates[now.selected ?? -1];
    if (!now.quote || !rate?.rateId) return;
    input = { method: 'rate', quoteId: now.quote.quoteId, rateId: rate.rateId, ...common };
  }
  state().patch({ buying: true, buyError: null, stages: [] });
  const result = await run('labels.buy', input);
  // The packer may have scanned the next order meanwhile: this answer belongs to History now.
  if (state().packageKey !== now.packageKey) return;
  if (!result.ok) {
    sounds.scanError();
    state().patch({ buying: false, buyError: result.error });
    return;
  }
  state().patch({ buying: false, purchase: result.value });
}
