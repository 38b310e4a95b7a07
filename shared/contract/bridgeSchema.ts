import { z } from 'zod';
import type { BridgeRequest } from './bridge';

/** What the browser host accepts from a socket; anything else gets an error frame. */
export const bridgeRequest = z
  .object({
    type: z.literal('call'),
    id: z.number().int().nonnegative(),
    name: z.string().max(100),
    input: z.unknown(),
  })
  .strict() satisfies z.ZodType<BridgeRequest>;
