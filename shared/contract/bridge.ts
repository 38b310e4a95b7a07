import { z } from 'zod';

/**
 * Browser-mode wire protocol: the renderer in a plain browser reaches the
 * station over one WebSocket on loopback. Same commands, same results and
 * events as Electron IPC; only the framing is defined here.
 */
export const BRIDGE_PATH = '/bridge';
/** Query parameter that carries the per-launch secret on the page URL and the socket URL. */
export const BRIDGE_SECRET_PARAM = 'key';

export const bridgeRequest = z
  .object({
    type: z.literal('call'),
    id: z.number().int().nonnegative(),
    name: z.string().max(100),
    input: z.unknown(),
  })
  .strict();
export type BridgeRequest = z.infer<typeof bridgeRequest>;

export type BridgeMessage =
  | { readonly type: 'result'; readonly id: number; readonly result: unknown }
  | { readonly type: 'event'; readonly name: string; readonly payload: unknown }
  | { readonly type: 'error'; readonly message: string };
