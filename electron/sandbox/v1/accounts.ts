import { createHash } from 'node:crypto';
import type { SandboxContext } from '../context';
import { CARRIERS } from '../domain/catalog';
import type { Reply } from '../http/types';
import { DEMO_WAREHOUSE, shipFrom } from '../seed';

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

/** GET /api/warehouses/list: sandbox extension (not in the public API) giving the ship-from address of the demo orders. */
export function listWarehouses(ctx: SandboxContext): Reply {
  const from = shipFrom(ctx);
  return {
    json: [
      {
        name: DEMO_WAREHOUSE,
        contact_name: from.name,
        company: from.company,
        phone: from.phone,
        email: from.email,
        street: from.street,
        street2: from.street2,
        city: from.city,
        state: from.state,
        zip: from.zip,
        country: from.country,
        is_default: true,
      },
    ],
  };
}
