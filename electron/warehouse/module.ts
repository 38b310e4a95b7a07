import { z } from 'zod';
import type { WarehouseStatus } from '../../shared/contract/warehouse';
import type { StationContext, StationModule } from '../core/module';
import type { SettingsStore } from '../store/settings';
import type { Warehouse } from './join';
import { describeWarehouse } from './url';

const SETTINGS_KEY = 'warehouse';
const savedSchema = z.object({ url: z.string(), bench: z.string().nullable() }).nullable();

/** The warehouse Settings keep for the next start, if any (the command line and environment come first). */
export function savedWarehouse(settings: SettingsStore): { readonly url: string; readonly bench: string | null } | null {
  return settings.get(SETTINGS_KEY, savedSchema, null);
}

/**
 * Settings → Warehouse: the state of this run's warehouse connection in
 * words, and the address and bench name kept for the next start (a bench
 * joins or leaves a warehouse when the station starts, never mid-purchase).
 */
export function createWarehouseModule(
  ctx: StationContext,
  deps: { readonly settings: SettingsStore; readonly warehouse: Warehouse | undefined; readonly fromCommandLine: boolean },
): StationModule<'warehouse.status' | 'warehouse.set'> {
  const { settings, warehouse } = deps;

  async function status(): Promise<WarehouseStatus> {
    const saved = savedWarehouse(settings);
    const common = {
      saved: saved ? { address: describeWarehouse(saved.url), bench: saved.bench } : null,
      fromCommandLine: deps.fromCommandLine,
    };
    if (!warehouse) {
      return {
        ...common,
        joined: false,
        address: null,
        bench: null,
        state: 'alone',
        words: 'This bench works alone: its purchases and labels are kept on this computer only.',
        waitingWrites: 0,
      };
    }
    const connection = await warehouse.probe();
    const waitingWrites = warehouse.waitingWrites();
    const waiting = waitingWrites > 0 ? ` ${waitingWrites} ${waitingWrites === 1 ? 'change waits' : 'changes wait'} on this bench to be sent to it.` : '';
    const words =
      connection.state === 'connected'
        ? `Connected to the warehouse database at ${warehouse.address} as bench ${warehouse.bench}.${waiting}`
        : connection.state === 'unreachable'
          ? `The warehouse database at ${warehouse.address} cannot be reached: this bench does not buy until it is back. Reprints and scans still work.${waiting}`
          : `The warehouse database at ${warehouse.address} answers but refuses this bench: this bench does not buy. Details for support: ${connection.detail}`;
    ctx.log.debug('warehouse status', { state: connection.state });
    return { ...common, joined: true, address: warehouse.address, bench: warehouse.bench, state: connection.state, words, waitingWrites };
  }

  return {
    handlers: {
      'warehouse.status': status,
      async 'warehouse.set'(input) {
        const previous = savedWarehouse(settings);
        settings.set(SETTINGS_KEY, input.url === null ? null : { url: input.url, bench: input.bench ?? previous?.bench ?? null });
        ctx.emit('station.changed', { topics: ['settings'] });
        return status();
      },
    },
  };
}
