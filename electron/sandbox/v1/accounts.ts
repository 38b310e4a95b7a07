import { createHash } from 'node:crypto';
import type { SandboxContext } from '../context';
import { CARRIERS } from '../domain/catalog';
import type { Reply } from '../http/types';

export interface CarrierAccount {
  readonly name: string;
  readonly token: string;
  readonly carrier: string;
}

/** One account per carrier type (so buy-label works), with tokens stable for the account. */
export function carrierAccounts(ctx: SandboxContext): CarrierAccount[] {
  return CARRIERS.map((carrier) => {
    const digest = createHash('sha256').update(`${ctx.keys.appKey}:${carrier.code}`).digest('hex');
    return { name: carrier.code === 'USPS' ? 'USPS-A' : carrier.name, token: `ca_${digest.slice(0, 8)}_${digest.slice(8, 12)}_${digest.slice(12, 16)}_${digest.slice(16, 28)}`, carrier: carrier.code };
  });
}

/** GET /api/carrier-account/list */
export function listCarrierAccounts(ctx: SandboxContext): Reply {
  return { json: carrierAccounts(ctx) };
}

/** GET /api/balance: purchases debit, voids refund. */
export function balance(ctx: SandboxContext): Reply {
  return { json: { balance: (ctx.ledger.balanceCents() / 100).toFixed(2), currency: 'usd' } };
}
