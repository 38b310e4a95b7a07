import type { EventName, EventPayload } from '../../../shared/contract';
import { createDevicesModule, type DevicesModuleOptions } from '../../../electron/devices/module';
import { createMemoryLogger } from '../../../electron/log/logger';
import type { StationContext } from '../../../electron/core/module';
import { openDatabase } from '../../../electron/store/database';

export type Emitted = { name: EventName; payload: unknown };

/** The devices module on an in-memory database, with every event it emits kept in order for the test to read. */
export function devicesModule(options: DevicesModuleOptions) {
  const db = openDatabase({ file: ':memory:' });
  const events: Emitted[] = [];
  const ctx: StationContext = {
    dataDir: '/nonexistent',
    db,
    emit: <E extends EventName>(name: E, payload: EventPayload<E>) => events.push({ name, payload }),
    log: createMemoryLogger(),
    now: () => new Date(Date.now()),
  };
  const module = createDevicesModule(ctx, options);
  const weights = () => events.filter((e) => e.name === 'scale.weight').map((e) => e.payload as EventPayload<'scale.weight'>);
  return { db, ctx, events, weights, module, h: module.handlers };
}
