import { fail } from '../../shared/contract/errors';

/** How a bench joins a warehouse: from --warehouse, the environment, or what Settings kept. */
export interface WarehouseConfig {
  /** postgres://user@host:port/database */
  readonly url: string;
  /** This bench's name as the other benches see it (default: the machine's name and the data folder's). */
  readonly bench?: string;
  /** How long a purchase claim lives without being renewed before another bench may take it over. */
  readonly leaseMs?: number;
}

export const ENV_WAREHOUSE_URL = 'PARCEL_STATION_WAREHOUSE_URL';
export const ENV_BENCH = 'PARCEL_STATION_BENCH';

/** A warehouse URL as given (--warehouse or PARCEL_STATION_WAREHOUSE_URL), checked before anything connects. */
export function checkWarehouseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return fail('invalid_input', 'The warehouse address must look like postgres://user@host:5432/database.', { field: 'warehouse' });
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    fail('invalid_input', 'The warehouse address must start with postgres:// (a PostgreSQL database).', { field: 'warehouse' });
  }
  return value.trim();
}

/** Host, port and database of a warehouse URL: what notices and logs show (never the user's password). */
export function describeWarehouse(value: string): string {
  try {
    const url = new URL(value);
    return `${url.hostname}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return 'the configured address';
  }
}

/** Warehouse mode from --warehouse/--bench, else the environment; undefined for a bench on its own. */
export function warehouseFromOptions(
  values: { readonly warehouse?: string | undefined; readonly bench?: string | undefined },
  env: Readonly<Record<string, string | undefined>> = process.env,
): WarehouseConfig | undefined {
  const url = values.warehouse ?? env[ENV_WAREHOUSE_URL];
  if (url === undefined || url.trim() === '') return undefined;
  const bench = (values.bench ?? env[ENV_BENCH])?.trim();
  return { url: checkWarehouseUrl(url), ...(bench ? { bench } : {}) };
}
