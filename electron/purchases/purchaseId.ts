import { createHash } from 'node:crypto';

/**
 * The service documents platform_uk_id as a caller-chosen unique string (its
 * example is `platformUkId175377917713`) and states no length or alphabet.
 * The id stays inside what any such field accepts: ASCII letters and digits
 * only, 32 characters (the shared request schema allows 64).
 */
const PREFIX = 'ps';
const HASH_CHARS = 30;

export interface PackageIdentity {
  /** The account behind the AppKey, as a hash (electron/backend/identity.ts keyIdentity), never the key. */
  readonly accountId: string;
  /** The station's package key: `order:<order number>#<box>` for an order's outbound box. */
  readonly packageKey: string;
  /** How many labels of this package were voided: a voided box is bought again under a new id, since the service never reuses one. */
  readonly voidGeneration: number;
}

/**
 * A package's platform_uk_id, derived rather than minted: every bench and
 * every data folder on one account arrives at the same id for the same box,
 * so the service recognises a second purchase as a duplicate (design.md
 * invariant 8) even between benches that never talk to each other.
 */
export function platformUkIdOf(p: PackageIdentity): string {
  const digest = createHash('sha256')
    .update(['parcel-station/purchase/1', p.accountId, p.packageKey, String(p.voidGeneration)].join('\n'))
    .digest('hex');
  return PREFIX + digest.slice(0, HASH_CHARS);
}
