import { autoBuyOff, autoBuySettingSchema, type AutoBuySetting } from '../../shared/contract/autoBuyView';
import type { PrinterStatusEvent } from '../../shared/contract/printing';
import type { SettingsStore } from '../store/settings';

const KEY = 'bench.autoBuy';

/** This bench's auto-buy setting, kept in the station's settings (one station is one bench). */
export function autoBuySettings(store: SettingsStore) {
  return {
    current: (): AutoBuySetting => store.get(KEY, autoBuySettingSchema, autoBuyOff),
    save(setting: AutoBuySetting): AutoBuySetting {
      store.set(KEY, setting);
      return setting;
    },
  };
}

/**
 * `--auto-buy MAX_USD` as the setting it saves: a cap above zero turns
 * auto-buy on with that cap, 0 turns it off; the countdown stays as set.
 */
export function withCapFromFlag(current: AutoBuySetting, capUsd: number): AutoBuySetting {
  return capUsd > 0 ? { ...current, on: true, capUsd } : { ...current, on: false };
}

/** The flag's text as a cap in dollars, or words saying what it takes. */
export function readAutoBuyFlag(text: string): { readonly capUsd: number } | { readonly error: string } {
  const value = Number(text.trim().replace(/^\$/, ''));
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > 10_000) {
    return { error: `--auto-buy takes the most to pay for one label in dollars (for example --auto-buy 50, or 0 to turn it off), not "${text}".` };
  }
  return { capUsd: value };
}

const notReadyStates: ReadonlySet<PrinterStatusEvent['state']> = new Set(['stopped', 'offline', 'error', 'detached']);

/** Words when a printer's announced state says it cannot print now; null when it is ready, busy printing, or cannot tell. */
export function printerNotReady(status: PrinterStatusEvent): string | null {
  if (!notReadyStates.has(status.state)) return null;
  return status.message ?? (status.state === 'detached' ? 'unplugged' : status.state);
}
