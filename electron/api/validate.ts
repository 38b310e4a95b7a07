import type { z } from 'zod';
import { fail } from '../../shared/contract/errors';
import { inputWords } from '../../shared/contract/inputWords';

/**
 * Checks a request against its wire schema before it leaves (and fills the
 * schema's defaults, such as an address's country). A request the service would refuse
 * fails here with the offending field named, without spending a round trip.
 */
export function validateRequest<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(input, { error: inputWords });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : undefined;
  // The wire's field names are for support (in `field`); the operator reads what is wrong.
  const detail = issue ? issue.message : 'it does not have the expected shape';
  return fail('invalid_input', `The ${what} cannot be sent: ${detail}.`, field ? { field } : {});
}
