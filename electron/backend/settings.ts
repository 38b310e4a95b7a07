import { z } from 'zod';
import { keyProfile } from '../../shared/contract/station';
import type { SettingsStore } from '../store/settings';

export const BACKEND_SETTINGS_KEY = 'backend';

/**
 * The chosen backend. `profile` is remembered in sandbox mode too, so the
 * settings screen can show (and the operator can fill) the key set the station
 * will use when it is switched to live.
 */
export const backendSettingsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sandbox'), profile: keyProfile.default('test') }),
  z.object({ kind: z.literal('live'), profile: keyProfile, baseUrl: z.string().url(), legacyBaseUrl: z.string().url() }),
]);
export type BackendSettings = z.output<typeof backendSettingsSchema>;

export const defaultBackendSettings: BackendSettings = { kind: 'sandbox', profile: 'test' };

export function readBackendSettings(settings: SettingsStore): BackendSettings {
  return settings.get(BACKEND_SETTINGS_KEY, backendSettingsSchema, defaultBackendSettings);
}

export function writeBackendSettings(settings: SettingsStore, value: BackendSettings): void {
  settings.set(BACKEND_SETTINGS_KEY, value);
}
