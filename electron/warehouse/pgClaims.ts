import type pg from 'pg';
import type { Logger } from '../log/logger';
import { fail } from '../../shared/contract/errors';
import { MAX_RETURN_NUMBER } from '../../shared/contract/shipping';
import { claimIdOf, sharedShipmentOf, type ClaimAnswer, type ClaimRequest, type PurchaseClaims } from '../purchases/claims';
import { normalizeTracking, type SharedShipment, type ShipmentRow } from '../store/shipmentsRepo';
import { warehouseFailure, type WarehouseDb } from './database';
import type { LocalOutbox } from './localOutbox';
import type { WarehouseWrites } from './warehouseWrites';

export interface PgClaimsOptions {
  readonly db: WarehouseDb;
  /** This bench's name, shown to the other benches ("bench pack-3 is buying this package"). */
  readonly bench: string;
  readonly log: Logger;
  /** A pending claim not renewed for this long belongs to a bench that stopped; another bench may take it over. */
  readonly leaseMs?: number;
  /** This bench's own keeping of writes the database has not heard yet: labels are read from it when sent. */
  readonly outbox: LocalOutbox;
  /** Sends what the outbox keeps; publishes and voids go through it. */
  readonly writes: WarehouseWrites;
}

interface ClaimRow {
  readonly platform_uk_id: string;
  readonly state: 'pending' | 'bought' | 'failed' | 'voided';
  readonly bench: string;
  readonly claimed_at: Date;
  readonly stale: boolean;
}

interface ShipmentDbRow {
  readonly platform_uk_id: string;
  readonly backend_id: string;
  readonly package_key: string;
  readonly bench: string;
  readonly state: 'bought' | 'voided';
  readonly method: ShipmentRow['method'];
  readonly request_json: string;
  readonly order_number: string | null;
  readonly recipient_name: string | null;
  readonly shipment_no: string | null;
  readonly tracking_no: string | null;
  readonly carrier_code: string | null;
  readonly service_level: string | null;
  readonly service_name: string | null;
  readonly cost_cents: string | null;
  readonly currency: string | null;
  readonly insurance_cents: string | null;
  readonly is_return: boolean;
  readonly duplicate_label: boolean;
  readonly result_json: string;
}

const DEFAULT_LEASE_MS = 60_000;

const num = (v: string | null): number | null => (v === null ? null : Number(v));

/**
 * Purchase claims and shared labels in PostgreSQL (warehouse mode). The claim
 * is one transaction under a per-package advisory lock, backed by a unique
 * index on live claims: of two benches pressing Buy on one package, the
 * second is told which bench holds it. Bought labels and their bytes are
 * published for every bench; when the database is down, what a bench bought
 * is kept and published once it is back, and no bench buys meanwhile.
 */
export function createPgClaims(options: PgClaimsOptions): PurchaseClaims {
  const { where, withClient } = options.db;
  const leaseSeconds = (options.leaseMs ?? DEFAULT_LEASE_MS) / 1000;
  const log = options.log.child('warehouse');
  const { outbox, writes } = options;

  const unreachable = (error: unknown, doing: string): never => warehouseFailure(where, log, error, doing);

  async function transaction<T>(client: pg.PoolClient, work: () => Promise<T>): Promise<T> {
    await client.query('BEGIN');
    try {
      const result = await work();
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  async function loadShipment(client: pg.ClientBase, condition: string, params: unknown[]): Promise<SharedShipment | undefined> {
    const row = (await client.query<ShipmentDbRow>(`SELECT * FROM shipments WHERE ${condition} ORDER BY bought_at DESC LIMIT 1`, params)).rows[0];
    if (!row) return undefined;
    const labels = (await client.query<{ kind: 'label' | 'qrcode'; seq: number; url: string | null; png: Buffer }>(
      'SELECT kind, seq, url, png FROM labels WHERE platform_uk_id = $1 ORDER BY kind, seq',
      [row.platform_uk_id],
    )).rows;
    const pngs = labels.map((l) => ({ kind: l.kind, seq: l.seq, url: l.url, png: new Uint8Array(l.png) }));
    return sharedShipmentOf({ ...row, cost_cents: num(row.cost_cents), insurance_cents: num(row.insurance_cents) }, row.bench, pngs);
  }

  async function claimIn(client: pg.PoolClient, r: ClaimRequest): Promise<ClaimAnswer> {
    // Locked by account and package: the same service reached under two addresses is still one package.
    await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${r.accountId}|${r.packageKey}`]);
    const voided = (await client.query<{ n: string }>("SELECT count(*) AS n FROM purchase_claims WHERE backend_id = $1 AND package_key = $2 AND state = 'voided'", [r.backendId, r.packageKey])).rows[0];
    const generation = Math.max(r.localVoidGeneration, Number(voided?.n ?? 0));
    const platformUkId = claimIdOf(r, generation);
    const live = (await client.query<ClaimRow>(
      `SELECT platform_uk_id, state, bench, claimed_at, now() - heartbeat_at > make_interval(secs => $3) AS stale
         FROM purchase_claims WHERE ((backend_id = $1 AND package_key = $2) OR platform_uk_id = $4) AND state <> 'voided' FOR UPDATE`,
      [r.backendId, r.packageKey, leaseSeconds, platformUkId],
    )).rows[0];
    if (!live) {
      await client.query(
        `INSERT INTO purchase_claims (platform_uk_id, backend_id, package_key, generation, state, bench, order_number) VALUES ($1, $2, $3, $4, 'pending', $5, $6)`,
        [platformUkId, r.backendId, r.packageKey, generation, options.bench, r.orderNumber],
      );
      return { kind: 'mine', platformUkId, takenOverFrom: null };
    }
    if (live.state === 'bought') {
      const shipment = await loadShipment(client, 'platform_uk_id = $1', [live.platform_uk_id]);
      if (shipment) return { kind: 'bought', shipment };
    }
    const mine = live.bench === options.bench;
    if (!mine && live.state === 'pending' && !live.stale) return { kind: 'held', bench: live.bench, since: live.claimed_at.toISOString() };
    await client.query("UPDATE purchase_claims SET bench = $2, state = 'pending', heartbeat_at = now(), updated_at = now() WHERE platform_uk_id = $1", [live.platform_uk_id, options.bench]);
    // Only a purchase another bench left pending may have gone through; a refused one ('failed') sold nothing.
    return { kind: 'mine', platformUkId: live.platform_uk_id, takenOverFrom: mine || live.state !== 'pending' ? null : live.bench };
  }

  function publishWrite(shared: SharedShipment) {
    return (client: pg.PoolClient) =>
      transaction(client, async () => {
        await client.query(
          `INSERT INTO purchase_claims (platform_uk_id, backend_id, package_key, generation, state, bench, order_number)
             VALUES ($1, $2, $3, 0, 'bought', $4, $5)
             ON CONFLICT (platform_uk_id) DO UPDATE SET state = 'bought', updated_at = now() WHERE purchase_claims.state <> 'voided'`,
          [shared.platformUkId, shared.backendId, shared.packageKey, shared.bench, shared.orderNumber],
        );
        await client.query(
          `INSERT INTO shipments (platform_uk_id, backend_id, package_key, bench, state, method, request_json, order_number, recipient_name, shipment_no,
              tracking_no, tracking_lc, carrier_code, service_level, service_name, cost_cents, currency, insurance_cents, is_return, duplicate_label, result_json)
             VALUES ($1, $2, $3, $4, 'bought', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
             ON CONFLICT (platform_uk_id) DO NOTHING`,
          [
            shared.platformUkId,
            shared.backendId,
            shared.packageKey,
            shared.bench,
            shared.method,
            shared.requestJson,
            shared.orderNumber,
            shared.recipientName,
            shared.shipmentNo,
            shared.trackingNo,
            shared.trackingNo === null ? null : normalizeTracking(shared.trackingNo),
            shared.carrierCode,
            shared.serviceLevel,
            shared.serviceName,
            shared.costCents,
            shared.currency,
            shared.insuranceCents,
            shared.isReturn,
            shared.duplicateLabel,
            shared.resultJson,
          ],
        );
        for (const l of shared.labels) {
          await client.query('INSERT INTO labels (platform_uk_id, kind, seq, url, png) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING', [
            shared.platformUkId,
            l.kind,
            l.seq,
            l.url,
            Buffer.from(l.png),
          ]);
        }
      });
  }

  function voidWrite(platformUkId: string) {
    return (client: pg.PoolClient) =>
      transaction(client, async () => {
        await client.query("UPDATE purchase_claims SET state = 'voided', updated_at = now() WHERE platform_uk_id = $1", [platformUkId]);
        await client.query("UPDATE shipments SET state = 'voided', voided_at = now() WHERE platform_uk_id = $1", [platformUkId]);
      });
  }

  writes.handle('publish', async (client, entry) => {
    const kept = outbox.shipment(entry.ref);
    if (kept?.row.state === 'bought' || kept?.row.state === 'voided') await publishWrite(sharedShipmentOf(kept.row, options.bench, kept.labels))(client);
  });
  writes.handle('void', (client, entry) => voidWrite(entry.ref)(client));

  return {
    where,
    async claim(r) {
      try {
        return await withClient(async (client) => {
          await writes.flush(client);
          return transaction(client, () => claimIn(client, r));
        });
      } catch (error) {
        return unreachable(error, 'does not buy: it cannot make sure no other bench is buying the same package');
      }
    },
    async touch(platformUkId) {
      await withClient((client) => client.query('UPDATE purchase_claims SET heartbeat_at = now() WHERE platform_uk_id = $1 AND bench = $2', [platformUkId, options.bench]));
    },
    // Money was already spent: the label is kept on this bench first, and the database hears it when it answers.
    publish: (row) => writes.deliver({ kind: 'publish', ref: row.platform_uk_id }, 'a bought label'),
    async release(platformUkId) {
      await withClient((client) => client.query("UPDATE purchase_claims SET state = 'failed', updated_at = now() WHERE platform_uk_id = $1 AND state = 'pending'", [platformUkId]));
    },
    voided: (platformUkId) => writes.deliver({ kind: 'void', ref: platformUkId }, 'a void'),
    async find(ref) {
      const trimmed = ref.trim();
      try {
        return await withClient((client) => loadShipment(client, 'platform_uk_id = $1 OR tracking_lc = $2 OR shipment_no = $1', [trimmed, normalizeTracking(trimmed)]));
      } catch (error) {
        return unreachable(error, 'cannot look up labels other benches bought');
      }
    },
    async orderSeen(q) {
      try {
        return await withClient(async (client) => {
          const held = await client.query<{ tracking_lc: string }>('SELECT tracking_lc FROM shipments WHERE tracking_lc = ANY($1::text[])', [q.trackingNos.map(normalizeTracking)]);
          // Pending claims of the order's other boxes, this bench's included: a label sold to one of them may not be recorded yet.
          const buying = await client.query<{ bench: string; package_key: string }>(
            `SELECT bench, package_key FROM purchase_claims
               WHERE backend_id = $1 AND left(package_key, length($2)) = $2 AND package_key <> $3 AND state = 'pending' ORDER BY package_key`,
            [q.backendId, q.orderPrefix, q.packageKey],
          );
          return { held: new Set(held.rows.map((r) => r.tracking_lc)), buying: buying.rows.map((r) => ({ bench: r.bench, packageKey: r.package_key })) };
        });
      } catch (error) {
        return unreachable(error, 'cannot tell which labels of this order other benches hold; the purchase stays unconfirmed and is not bought again');
      }
    },
    async nextReturn(pick) {
      const first = pick.claimOf(1);
      try {
        return await withClient(async (client) => {
          await writes.flush(client);
          return transaction(client, async () => {
            // One pick at a time per order's returns: two benches asking at once get two numbers.
            await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${first.accountId}|${pick.prefix}|next return`]);
            const claimed = await client.query<{ package_key: string; state: string; bench: string }>(
              `SELECT package_key, state, bench FROM purchase_claims WHERE backend_id = $1 AND left(package_key, length($2)) = $2 AND state <> 'voided'`,
              [first.backendId, pick.prefix],
            );
            // This bench's own unfinished return is not taken: asking again settles it instead of buying past it.
            const taken = claimed.rows.filter((r) => r.state === 'bought' || r.bench !== options.bench).map((r) => pick.numberOf(r.package_key) ?? 0);
            for (let n = Math.max(pick.localNext, Math.max(0, ...taken) + 1); n <= MAX_RETURN_NUMBER; n += 1) {
              if ((await claimIn(client, pick.claimOf(n))).kind === 'mine') return n;
            }
            return fail('conflict', `Order ${first.orderNumber ?? ''} has ${MAX_RETURN_NUMBER} return labels; no further one is bought.`);
          });
        });
      } catch (error) {
        return unreachable(error, 'does not buy another return label: it cannot make sure no other bench takes the same number');
      }
    },
    // What the outbox keeps is sent (or kept for the next start) by the warehouse's writes when it closes.
    close: async () => undefined,
  };
}
