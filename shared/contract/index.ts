import type { z } from 'zod';
import type { CommandDef, EventDef } from './define';
import { accountCommands, accountEvents } from './account';
import { captureCommands } from './capture';
import { autoBuyCommands } from './autoBuy';
import { batchBenchCommands } from './batchBench';
import { benchCommands, benchEvents } from './bench';
import { benchCheckCommands } from './benchCheckCommands';
import { deskCommands, deskEvents } from './desks';
import { deviceCommands, deviceEvents } from './devices';
import { printingCommands, printingEvents } from './printing';
import { productCommands } from './products';
import { ruleCommands } from './rules';
import { shippingCommands, shippingEvents } from './shipping';
import { slipCommands } from './slips';
import { stationCommands, stationEvents } from './station';
import { warehouseCommands } from './warehouse';
import { reportCommands } from './reports';
import type { Result } from './errors';

/**
 * The station contract: every command the UI may call and every event it may
 * receive. Electron IPC and the browser-mode WebSocket bridge are both derived
 * from these two tables; nothing is registered per command by hand.
 */
export const commands = {
  ...stationCommands,
  ...shippingCommands,
  ...productCommands,
  ...ruleCommands,
  ...benchCommands,
  ...benchCheckCommands,
  ...batchBenchCommands,
  ...deskCommands,
  ...autoBuyCommands,
  ...accountCommands,
  ...printingCommands,
  ...slipCommands,
  ...deviceCommands,
  ...captureCommands,
  ...warehouseCommands,
  ...reportCommands,
} as const;

export const events = {
  ...stationEvents,
  ...shippingEvents,
  ...benchEvents,
  ...deskEvents,
  ...accountEvents,
  ...printingEvents,
  ...deviceEvents,
} as const;

export type Commands = typeof commands;
export type CommandName = keyof Commands & string;
export type Events = typeof events;
export type EventName = keyof Events & string;

/** What a caller passes (before defaults and trimming). */
export type CommandInput<N extends CommandName> = z.input<Commands[N]['input']>;
/** What a handler receives (after the schema has parsed it). */
export type CommandArgs<N extends CommandName> = z.output<Commands[N]['input']>;
export type CommandOutput<N extends CommandName> = Commands[N] extends CommandDef<z.ZodType, infer O> ? O : never;
export type EventPayload<E extends EventName> = Events[E] extends EventDef<infer P> ? P : never;

export const commandNames = Object.keys(commands) as CommandName[];
export const eventNames = Object.keys(events) as EventName[];

export function isCommandName(value: unknown): value is CommandName {
  return typeof value === 'string' && Object.hasOwn(commands, value);
}

export function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && Object.hasOwn(events, value);
}

/** The one shape both transports give the renderer (window.station, or the WebSocket client). */
export interface StationApi {
  call<N extends CommandName>(name: N, input: CommandInput<N>): Promise<Result<CommandOutput<N>>>;
  on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void;
}

/** Handlers implemented by the main process, one per command. */
export type Handlers = {
  [N in CommandName]: (args: CommandArgs<N>) => Promise<CommandOutput<N>>;
};

export type EventEmitterFn = <E extends EventName>(name: E, payload: EventPayload<E>) => void;

export type { BackendKind, BackendMode, BackendStatus, ChangeTopic, StationInfo } from './station';
export * from './errors';
export * from './channels';
