import type { ShownQuote } from '../../shared/contract/bench';
import { autoBuyOff, type AutoBuySetting } from '../../shared/contract/autoBuyView';

/** What the Ship bench keeps for auto-buy (autoBuy.ts judges it). */
export interface AutoBuyMemory {
  readonly setting: AutoBuySetting;
  /** Words when the default printer reported it cannot print now; null when it is ready or cannot tell. */
  readonly printer: string | null;
  readonly ticket: number;
  /** The countdown running: the price it buys and the ticket its timer answers with. */
  readonly counting: { readonly ticket: number; readonly shown: ShownQuote } | null;
  /** The package Esc stopped (its packageId). */
  readonly stopped: number | null;
  /** Purchase keys auto-buy fired for or bought here by Enter, newest last: a package is auto-bought once, whatever is scanned again. */
  readonly fired: readonly string[];
  /** The package on the bench auto-buy bought, and what it paid. */
  readonly last: { readonly packageId: number; readonly total: number } | null;
}

export type AutoBuyEvent =
  | { readonly type: 'autoBuySet'; readonly setting: AutoBuySetting }
  | { readonly type: 'printerReadiness'; readonly notReady: string | null }
  | { readonly type: 'autoBuyStop' }
  | { readonly type: 'autoBuyDue'; readonly ticket: number };

export type AutoBuyEffect = { readonly type: 'autoBuyTimer'; readonly ticket: number; readonly ms: number };

export const initialAutoBuy: AutoBuyMemory = { setting: autoBuyOff, printer: null, ticket: 0, counting: null, stopped: null, fired: [], last: null };
