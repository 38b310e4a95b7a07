import type { z } from 'zod';

/**
 * A command the renderer may call. The input schema is checked on the
 * receiving side of every transport; the output type is a phantom used only by
 * the type checker, since the main process is trusted to produce it.
 */
export interface CommandDef<I extends z.ZodType, O> {
  readonly summary: string;
  readonly input: I;
  readonly __output?: O;
}

/** `command<Output>()('what it does', inputSchema)`: curried so the input type is inferred. */
export function command<O>() {
  return <I extends z.ZodType>(summary: string, input: I): CommandDef<I, O> => ({ summary, input });
}

/** An event pushed from the main process to every renderer. */
export interface EventDef<P> {
  readonly summary: string;
  readonly __payload?: P;
}

export function event<P>(summary: string): EventDef<P> {
  return { summary };
}

// A constraint for command tables; `z.ZodType` alone widens the inferred input.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- variance escape for the table constraint only
export type AnyCommandDef = CommandDef<z.ZodType, any>;
export type CommandTable = Record<string, AnyCommandDef>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- variance escape for the table constraint only
export type EventTable = Record<string, EventDef<any>>;
