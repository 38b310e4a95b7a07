import type { z } from 'zod';
import { StationFailure, type StationError } from '../../shared/contract/errors';
import { invalidResponseFailure } from './failures';

/** Called with the paths (never the values) of fields that failed to parse. */
export type InvalidResponseReporter = (endpoint: string, issues: readonly string[]) => void;

/**
 * An answer that arrived but does not have the shape the station relies on.
 * It carries the body as received, so a caller that must not lose it (a paid
 * purchase) can keep it and look inside; everyone else shows the message.
 */
export class UnreadableAnswerFailure extends StationFailure {
  constructor(
    readonly endpoint: string,
    readonly body: unknown,
    error: StationError = invalidResponseFailure().error,
    /** What the station knows of an answer it could not read (its size, when past the cap), for the details kept. */
    readonly note: string | null = null,
  ) {
    super(error);
  }
}

/**
 * The last step of reading any answer, v1 or v2: the body must have the shape
 * the station relies on. When it does not, the failing field paths are
 * reported (values would carry addresses) and the operator is told the answer
 * was not understood.
 */
export function parseAnswer<S extends z.ZodType>(schema: S, body: unknown, endpoint: string, report?: InvalidResponseReporter): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  report?.(endpoint, parsed.error.issues.map((issue) => issue.path.join('.') || '(root)'));
  throw new UnreadableAnswerFailure(endpoint, body);
}
