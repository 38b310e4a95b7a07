import { z } from 'zod';
import type { BenchState } from './bench';
import { command } from './define';

/** The operator's intents for scan to verify and a rule's hold on the Ship bench. */
export const benchCheckCommands = {
  'bench.verify': command<BenchState>()(
    'Scan to verify: type how many of a line are in the box, or skip verifying this one order on purpose',
    z.discriminatedUnion('action', [
      z.object({ action: z.literal('count'), line: z.number().int().min(0).max(500), quantity: z.number({ error: 'Type how many are in the box' }).int('Count whole items').min(0, 'The count cannot be negative').max(100_000) }).strict(),
      z.object({ action: z.literal('skip') }).strict(),
    ]),
  ),
  'bench.release': command<BenchState>()('Release the hold a rule put on the order on the bench, so it can be bought', z.object({}).strict()),
} as const;
