import type { z } from 'zod';

/**
 * Operator words for the checks a schema states without a message of its own
 * (zod's defaults read "Too big: expected number to be <=2400"). Passed to
 * every parse at a process boundary; a message written in a schema always
 * wins. The field's path is never put in these words: it travels in the
 * error's `field`, for the screen to mark the field and for support.
 */
export const inputWords: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'Fill in this entry; it is needed.';
      return issue.expected === 'number' ? 'Enter a number here.' : 'This entry is not in a form the station understands; check it.';
    case 'too_big':
      if (issue.origin === 'string') return `This entry is too long: at most ${String(issue.maximum)} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at most ${String(issue.maximum)}.`;
      return `This is more than ${String(issue.maximum)}; check it.`;
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'Fill in this entry; it is empty.' : `This entry is too short: at least ${String(issue.minimum)} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at least ${String(issue.minimum)}.`;
      return issue.inclusive ? `This must be at least ${String(issue.minimum)}.` : `This must be more than ${String(issue.minimum)}.`;
    case 'invalid_value':
      return 'Pick one of the choices offered.';
    case 'invalid_format':
      return 'This entry is not in the expected form; check it.';
    case 'not_multiple_of':
      return `This must be a multiple of ${String(issue.divisor)}.`;
    case 'unrecognized_keys':
      return 'The request holds entries the station does not know. Restart Parcel Station if this keeps happening.';
    default:
      return 'This entry is not accepted; check it.';
  }
};
