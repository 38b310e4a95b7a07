import { z } from 'zod';
import { command } from './define';

/** Warehouse mode as the operator sees it in Settings → Warehouse. */
export interface WarehouseStatus {
  /** This run shares its purchases with other benches in a warehouse database. */
  readonly joined: boolean;
  /** Host, port and database of the warehouse this run joined (never a password). */
  readonly address: string | null;
  /** This bench's name as the other benches see it. */
  readonly bench: string | null;
  readonly state: 'alone' | 'connected' | 'unreachable' | 'refused';
  /** The connection state in words. */
  readonly words: string;
  /** Writes this bench keeps for the warehouse database until it answers. */
  readonly waitingWrites: number;
  /** What Settings keeps for the next start (host, port and database only). */
  readonly saved: { readonly address: string; readonly bench: string | null } | null;
  /** --warehouse or PARCEL_STATION_WAREHOUSE_URL chose the warehouse for this run; Settings apply only without them. */
  readonly fromCommandLine: boolean;
}

const warehouseUrl = z
  .string()
  .trim()
  .max(500, 'The address is too long')
  .refine((value) => /^postgres(ql)?:\/\/[^/]+\/[^/?#]+/.test(value), 'Enter the address as postgres://user@host:5432/database');

export const warehouseCommands = {
  'warehouse.status': command<WarehouseStatus>()('Whether this bench is in a warehouse, the connection in words, and this bench\'s name', z.object({}).strict()),
  'warehouse.set': command<WarehouseStatus>()(
    'Keep the warehouse address and this bench\'s name for the next start (null address: work alone)',
    z
      .object({
        url: warehouseUrl.nullable(),
        bench: z.string().trim().min(1, 'Give this bench a name').max(60, 'Use at most 60 characters for the bench name').optional(),
      })
      .strict(),
  ),
} as const;
