import type { z } from 'zod';

/** The flag a command-line user typed for each address field the station checks. */
const flagOf: Readonly<Record<string, string>> = { name: '--name', company: '--company', street: '--street', street2: '--street2', city: '--city', state: '--state', zip: '--zip', country: '--country' };

/** A refused field in the words of the command line: the flag the user typed and the station's message, never a field path. */
export function optionWords(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'That address is not complete.';
  const flag = flagOf[String(issue.path[0])];
  return flag ? `${flag}: ${issue.message}.` : `${issue.message}.`;
}
