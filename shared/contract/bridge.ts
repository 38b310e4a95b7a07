/**
 * Browser-mode wire protocol: the renderer in a plain browser reaches the
 * station over one WebSocket on loopback. Same commands, same results and
 * events as Electron IPC; only the framing is defined here. This file has no
 * zod so the renderer's first screen can import it for free; the receiving
 * side's schema is in bridgeSchema.ts.
 */
export const BRIDGE_PATH = '/bridge';
/** Query parameter of the one-time code on the address handed to the browser (traded for a cookie at once). */
export const PAGE_CODE_PARAM = 'code';

export interface BridgeRequest {
  readonly type: 'call';
  readonly id: number;
  readonly name: string;
  readonly input: unknown;
}

export type BridgeMessage =
  | { readonly type: 'result'; readonly id: number; readonly result: unknown }
  | { readonly type: 'event'; readonly name: string; readonly payload: unknown }
  | { readonly type: 'error'; readonly message: string };
