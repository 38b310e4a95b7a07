import { parseArgs } from 'node:util';
import { fail } from '../../shared/contract/errors';
import { readAutoBuyFlag } from '../bench/autoBuySetting';
import { overrideFromEnvironment } from '../backend/override';
import { resolveDataDir } from '../core/paths';
import { warehouseFromOptions } from '../warehouse/url';
import type { StationConfig } from './createStation';

/**
 * Options every entry point that opens a station takes (issue 4 item 7): the
 * CLI's commands, `browser`, and the desktop (`npm start`, the Electron main
 * process and its station process).
 */
export const stationOptions = {
  'data-dir': { type: 'string' },
  'base-url': { type: 'string' },
  'legacy-base-url': { type: 'string' },
  warehouse: { type: 'string' },
  bench: { type: 'string' },
  'capture-wire': { type: 'string' },
} as const;

/** Options of the entry points that open a bench for a packer (`browser`, and the desktop through `npm start`), not of the CLI's one-shot commands. */
export const benchOptions = {
  'auto-buy': { type: 'string' },
} as const;

const everyOption = { ...stationOptions, ...benchOptions };

export type StationOptionValues = { readonly [K in keyof typeof everyOption]?: string | undefined };

export const stationOptionsUsage = [
  '  --data-dir DIR            where the station keeps its data (default: PARCEL_STATION_DATA_DIR, else the per-user app data folder)',
  '  --base-url URL            use this v2 service instead of the configured backend (keys from',
  '  --legacy-base-url URL     PARCEL_STATION_APP_KEY, PARCEL_STATION_APP_SECRET, PARCEL_STATION_API_TOKEN)',
  '  --warehouse URL           warehouse mode: share purchase claims and labels with other benches in PostgreSQL',
  '                            (postgres://user@host:5432/db; default: PARCEL_STATION_WAREHOUSE_URL)',
  '  --bench NAME              this bench\'s name as other benches see it (default: PARCEL_STATION_BENCH, else host/folder)',
  '  --capture-wire DIR        write each exchange with the service, keys and tokens removed, to DIR (for support)',
  '                            When a station already runs on the data folder, the command goes through it.',
];

/**
 * The station options as the station's config: the one reading of the data
 * folder, the service addresses with the key variables (never the keychain),
 * warehouse mode and wire capture, for every entry point.
 */
export function stationConfigOf(values: StationOptionValues, env: Readonly<Record<string, string | undefined>> = process.env): StationConfig {
  const override = overrideFromEnvironment({ baseUrl: values['base-url'], legacyBaseUrl: values['legacy-base-url'] }, env);
  const warehouse = warehouseFromOptions(values, env);
  const captureWire = values['capture-wire'];
  const autoBuy = values['auto-buy'] === undefined ? undefined : readAutoBuyFlag(values['auto-buy']);
  if (autoBuy && 'error' in autoBuy) fail('invalid_input', autoBuy.error, { field: 'auto-buy' });
  return {
    dataDir: resolveDataDir(values['data-dir']),
    ...(override ? { override } : {}),
    ...(warehouse ? { warehouse } : {}),
    ...(captureWire ? { captureWire } : {}),
    ...(autoBuy ? { autoBuyUsd: autoBuy.capUsd } : {}),
  };
}

/**
 * The station options out of a process's whole command line, where Electron
 * and Chromium put switches of their own (and `.`, the app folder): those are
 * left alone, and an option given without its value is left out.
 */
export function stationOptionsOf(argv: readonly string[]): StationOptionValues {
  const { values } = parseArgs({ args: [...argv], options: everyOption, strict: false, allowPositionals: true });
  const given: Record<string, string> = {};
  for (const name of Object.keys(everyOption)) {
    const value = values[name];
    if (typeof value === 'string') given[name] = value;
  }
  return given;
}

/** The station options as command-line flags again: what the desktop hands its station process. */
export function stationFlagsOf(values: StationOptionValues): string[] {
  return Object.keys(everyOption).flatMap((name) => {
    const value = values[name as keyof StationOptionValues];
    return value === undefined ? [] : [`--${name}`, value];
  });
}
