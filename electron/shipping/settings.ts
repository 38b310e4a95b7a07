import { z } from 'zod';
import { addressSchema, rateRuleSchema } from '../../shared/contract/shipping';
import type { PackagePreset, RateRule, ShippingSettings, StationAddress } from '../../shared/contract/shippingTypes';
import type { SettingsStore } from '../store/settings';

const KEYS = {
  shipFrom: 'shipping.shipFrom',
  presets: 'shipping.presets',
  rateRule: 'shipping.rateRule',
  defaultPreset: 'shipping.defaultPreset',
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
});

export type ShippingSettingsService = ReturnType<typeof createShippingSettings>;

/** Ship-from address, package presets and the rate rule, kept in the settings table. */
export function createShippingSettings(settings: SettingsStore) {
  function get(): ShippingSettings {
    return {
      shipFrom: settings.get(KEYS.shipFrom, addressSchema.nullable(), null) as StationAddress | null,
      presets: settings.get(KEYS.presets, z.array(presetSchema), [...defaultPresets]),
      rateRule: settings.get(KEYS.rateRule, rateRuleSchema, { kind: 'cheapest' }) as RateRule,
      defaultPreset: settings.get(KEYS.defaultPreset, z.string().nullable(), defaultPresets[0]?.name ?? null),
    };
  }
  return {
    get,
    set(patch: Partial<ShippingSettings>): ShippingSettings {
      if (patch.shipFrom !== undefined) settings.set(KEYS.shipFrom, patch.shipFrom);
      if (patch.presets !== undefined) settings.set(KEYS.presets, patch.presets);
      if (patch.rateRule !== undefined) settings.set(KEYS.rateRule, patch.rateRule);
      if (patch.defaultPreset !== undefined) settings.set(KEYS.defaultPreset, patch.defaultPreset);
      return get();
    },
    preset(name: string | null | undefined): PackagePreset | undefined {
      const all = get();
      const wanted = name ?? all.defaultPreset;
      return all.presets.find((p) => p.name === wanted);
    },
  };
}
