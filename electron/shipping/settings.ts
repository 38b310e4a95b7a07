import { z } from 'zod';
import { addressSchema, rateRuleSchema, upsLabelPrintTypeSchema } from '../../shared/contract/shipping';
import type { PackagePreset, RateRule, ShippingSettings, StationAddress } from '../../shared/contract/shippingTypes';
import { StationFailure } from '../../shared/contract/errors';
import type { SettingsStore } from '../store/settings';
import type { SharedSettings } from './sharedSettings';

const KEYS = {
  shipFrom: 'shipping.shipFrom',
  presets: 'shipping.presets',
  rateRule: 'shipping.rateRule',
  defaultPreset: 'shipping.defaultPreset',
  labelReference: 'shipping.labelReference',
  upsLabelPrintType: 'shipping.upsLabelPrintType',
  scanToVerify: 'shipping.scanToVerify',
} as const;

export const defaultPresets: readonly PackagePreset[] = [
  { name: 'Small box', lengthIn: 8, widthIn: 6, heightIn: 4 },
  { name: 'Medium box', lengthIn: 12, widthIn: 10, heightIn: 6 },
  { name: 'Large box', lengthIn: 16, widthIn: 12, heightIn: 8 },
  { name: 'Padded mailer', lengthIn: 10, widthIn: 7, heightIn: 1 },
];

const presetSchema = z.object({
  name: z.string(),
  lengthIn: z.number(),
  widthIn: z.number(),
  heightIn: z.number(),
  packageCode: z.string().optional(),
  tareOz: z.number().optional(),
});

/**
 * What every bench of a warehouse shares. The default preset stays the
 * bench's own, like its printer: a bench packing small items starts from a
 * mailer while the next one starts from a box. So do the label reference
 * (a bench's station name or desk), the UPS print type (its printer's) and
 * scan to verify (a bench with a scanner for items checks them).
 */
const SHARED_KEYS: readonly string[] = [KEYS.shipFrom, KEYS.presets, KEYS.rateRule];

export interface WarehouseSettingsDeps {
  readonly shared: SharedSettings;
  /** Told when the warehouse's values differ from this bench's copy (another bench changed them). */
  readonly changed: () => void;
}

export type ShippingSettingsService = ReturnType<typeof createShippingSettings>;

/**
 * Ship-from address, package presets and the rate rule, kept in the settings
 * table. In a warehouse the shared ones live in its database and the table
 * keeps this bench's last copy: get() and preset() read that copy, current()
 * asks the database first (falling back on the copy while it is away), and
 * change() refuses a shared change the other benches would not see.
 */
export function createShippingSettings(settings: SettingsStore, warehouse?: WarehouseSettingsDeps) {
  function get(): ShippingSettings {
    return {
      shipFrom: settings.get(KEYS.shipFrom, addressSchema.nullable(), null) as StationAddress | null,
      presets: settings.get(KEYS.presets, z.array(presetSchema), [...defaultPresets]),
      rateRule: settings.get(KEYS.rateRule, rateRuleSchema, { kind: 'cheapest' }) as RateRule,
      defaultPreset: settings.get(KEYS.defaultPreset, z.string().nullable(), defaultPresets[0]?.name ?? null),
      labelReference: settings.get(KEYS.labelReference, z.string().nullable(), null),
      upsLabelPrintType: settings.get(KEYS.upsLabelPrintType, upsLabelPrintTypeSchema, 'common'),
      scanToVerify: settings.get(KEYS.scanToVerify, z.boolean(), false),
    };
  }
  function set(patch: Partial<ShippingSettings>): ShippingSettings {
    for (const [key, value] of patched(patch)) settings.set(key, value);
    return get();
  }

  /** This bench's copy of the shared keys it holds, as JSON text (a key never set here is left to the warehouse). */
  function localShared(): Map<string, string> {
    const held = new Map<string, string>();
    for (const key of SHARED_KEYS) {
      const value: unknown = settings.get(key, z.unknown(), undefined);
      // A bench that never set a ship-from must not give the warehouse its "none".
      if (value !== undefined && value !== null) held.set(key, JSON.stringify(value));
    }
    return held;
  }

  let seeded = false;

  /** The warehouse's shared values, copied into this bench's table; emits a change when they differ from the copy. */
  async function current(): Promise<ShippingSettings> {
    if (!warehouse) return get();
    let values: ReadonlyMap<string, string>;
    try {
      values = await warehouse.shared.read(seeded ? new Map() : localShared());
    } catch (error) {
      if (!(error instanceof StationFailure)) throw error;
      // Rates and scans go on with the copy this bench saw last (the warehouse skips a database found away moments ago); changes are refused until it is back.
      return get();
    }
    seeded = true;
    let differs = false;
    for (const [key, json] of values) {
      if (!SHARED_KEYS.includes(key) || JSON.stringify(settings.get(key, z.unknown(), null)) === json) continue;
      settings.set(key, JSON.parse(json) as unknown);
      differs = true;
    }
    if (differs) warehouse.changed();
    return get();
  }

  async function change(patch: Partial<ShippingSettings>): Promise<ShippingSettings> {
    const shared = new Map([...patched(patch)].filter(([key]) => SHARED_KEYS.includes(key)).map(([key, value]) => [key, JSON.stringify(value)]));
    if (warehouse && shared.size > 0) await warehouse.shared.write(shared);
    return set(patch);
  }

  return {
    get,
    /** Writes this bench's table only: a bench alone, or tests setting a bench up. */
    set,
    current,
    change,
    preset(name: string | null | undefined): PackagePreset | undefined {
      const all = get();
      const wanted = name ?? all.defaultPreset;
      return all.presets.find((p) => p.name === wanted);
    },
  };
}

function patched(patch: Partial<ShippingSettings>): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  if (patch.shipFrom !== undefined) entries.set(KEYS.shipFrom, patch.shipFrom);
  if (patch.presets !== undefined) entries.set(KEYS.presets, patch.presets);
  if (patch.rateRule !== undefined) entries.set(KEYS.rateRule, patch.rateRule);
  if (patch.defaultPreset !== undefined) entries.set(KEYS.defaultPreset, patch.defaultPreset);
  if (patch.labelReference !== undefined) entries.set(KEYS.labelReference, patch.labelReference);
  if (patch.upsLabelPrintType !== undefined) entries.set(KEYS.upsLabelPrintType, patch.upsLabelPrintType);
  if (patch.scanToVerify !== undefined) entries.set(KEYS.scanToVerify, patch.scanToVerify);
  return entries;
}
