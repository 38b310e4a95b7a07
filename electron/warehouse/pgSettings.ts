import type { Logger } from '../log/logger';
import type { SharedSettings } from '../shipping/sharedSettings';
import { warehouseFailure, type WarehouseDb } from './database';

/** Shared settings in the warehouse database, with the bench that last changed each. */
export function createPgSettings(db: WarehouseDb, bench: string, log: Logger): SharedSettings {
  const warehouseLog = log.child('warehouse');
  const upsert = `INSERT INTO shared_settings (key, value_json, bench) VALUES ($1, $2, $3)
    ON CONFLICT (key) DO UPDATE SET value_json = EXCLUDED.value_json, bench = EXCLUDED.bench, updated_at = now()`;
  return {
    async read(seed) {
      try {
        const rows = await db.readOrLocal(() => db.transaction(async (c) => {
          for (const [key, value] of seed) {
            await c.query('INSERT INTO shared_settings (key, value_json, bench) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING', [key, value, bench]);
          }
          return (await c.query<{ key: string; value_json: string }>('SELECT key, value_json FROM shared_settings')).rows;
        }));
        return new Map(rows.map((r) => [r.key, r.value_json]));
      } catch (error) {
        return warehouseFailure(db.where, warehouseLog, error, 'uses the shared settings it saw last');
      }
    },
    async write(values) {
      try {
        await db.transaction(async (c) => {
          for (const [key, value] of values) await c.query(upsert, [key, value, bench]);
        });
      } catch (error) {
        warehouseFailure(
          db.where,
          warehouseLog,
          error,
          'does not change the ship-from address, package presets or rate rule: every bench must use the same ones',
        );
      }
    },
  };
}
