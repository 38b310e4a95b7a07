import type { z } from 'zod';
import {
  commands,
  diskFullError,
  internalError,
  isCommandName,
  type CommandName,
  type Handlers,
  type Result,
  type StationError,
  StationFailure,
  unknownCommandError,
} from '../../shared/contract';
import { inputWords } from '../../shared/contract/inputWords';
import type { Logger } from '../log/logger';
import { isDiskFull } from './diskFull';

export type Dispatch = (name: unknown, input: unknown) => Promise<Result<unknown>>;

/**
 * Turns the first zod issue into a typed error: the message is the
 * contract's sentence for the operator as written, and the field's path goes
 * only in `field`, for the screen to mark the field and for support.
 */
export function describeInvalidInput(error: z.ZodError): StationError {
  const issue = error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : undefined;
  return {
    code: 'invalid_input',
    message: issue ? issue.message : 'The request was not understood.',
    ...(field ? { field } : {}),
  };
}

/**
 * The single place a contract call is checked and run, shared by Electron IPC
 * and the browser bridge: unknown names and malformed inputs are refused with
 * typed errors, handler failures become Results, and nothing thrown escapes.
 */
export function createDispatcher(handlers: Handlers, log: Logger): Dispatch {
  // Logged as `command`: the redactor masks any field called `name`, since addresses carry one.
  return async (name, input) => {
    if (!isCommandName(name)) {
      return { ok: false, error: unknownCommandError };
    }
    const parsed = commands[name].input.safeParse(input ?? {}, { error: inputWords });
    if (!parsed.success) return { ok: false, error: describeInvalidInput(parsed.error) };
    const started = performance.now();
    try {
      const handler = handlers[name] as (args: unknown) => Promise<unknown>;
      const value = await handler(parsed.data);
      log.debug('command', { command: name, ms: Math.round(performance.now() - started) });
      return { ok: true, value };
    } catch (error) {
      if (error instanceof StationFailure) {
        log.info('command refused', { command: name, code: error.error.code, message: error.error.message });
        return { ok: false, error: error.error };
      }
      if (isDiskFull(error)) {
        log.warn('command stopped: the disk is full', { command: name, error: error instanceof Error ? error.message : String(error) });
        return { ok: false, error: diskFullError };
      }
      log.error('command crashed', { command: name, error: error instanceof Error ? error : String(error) });
      return { ok: false, error: internalError };
    }
  };
}

export type { CommandName };
