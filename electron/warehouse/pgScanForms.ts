import { fail } from '../../shared/contract/errors';
import type { ScanForm } from '../../shared/contract/shippingTypes';
import type { Logger } from '../log/logger';
import type { SharedScanForms, UncoveredLabel } from '../shipping/sharedScanForms';
import { normalizeTracking } from '../store/shipmentsRepo';
import { warehouseFailure, type WarehouseDb } from './database';

interface FormRow {
  readonly id: string;
  readonly api: ScanForm['api'];
  readonly status: 'making' | 'ready' | 'pending' | 'failed';
  readonly pdf_url: string | null;
  readonly tracking_nos_json: string;
  readonly created_at: Date;
}

const fromRow = (r: FormRow): ScanForm => ({
  id: Number(r.id),
  api: r.api,
  // A form being made is, to every bench, one the service has not confirmed yet.
  status: r.status === 'making' ? 'pending' : r.status,
  pdfUrl: r.pdf_url,
  trackingNos: JSON.parse(r.tracking_nos_json) as string[],
  createdAt: r.created_at.toISOString(),
});

const when = (d: Date) => d.toISOString().slice(11, 16);

/** SCAN forms in the warehouse database: every bench's labels for end of day, each on at most one form (the item's key is the tracking number). */
export function createPgScanForms(db: WarehouseDb, bench: string, log: Logger): SharedScanForms {
  const warehouseLog = log.child('warehouse');
  const refuse = (error: unknown, doing: string): never => warehouseFailure(db.where, warehouseLog, error, doing);

  return {
    async uncovered(backendId, since) {
      try {
        const rows = await db.withClient((c) =>
          c.query<{ platform_uk_id: string; tracking_no: string; recipient_name: string | null; service_name: string | null }>(
            `SELECT s.platform_uk_id, s.tracking_no, s.recipient_name, s.service_name FROM shipments s
              WHERE s.backend_id = $1 AND s.bought_at >= $2 AND s.state = 'bought' AND s.carrier_code = 'USPS' AND NOT s.is_return
                AND s.tracking_no IS NOT NULL AND s.tracking_no <> ''
                AND NOT EXISTS (SELECT 1 FROM scan_form_items i WHERE i.tracking_lc = s.tracking_lc)
              ORDER BY s.bought_at, s.platform_uk_id`,
            [backendId, since],
          ),
        );
        return rows.rows.map((r): UncoveredLabel => ({ platformUkId: r.platform_uk_id, trackingNo: r.tracking_no, recipientName: r.recipient_name, serviceName: r.service_name }));
      } catch (error) {
        return refuse(error, 'cannot list the labels every bench bought today for the SCAN form');
      }
    },

    async covered(trackingNos) {
      if (trackingNos.length === 0) return new Set();
      try {
        const rows = await db.withClient((c) =>
          c.query<{ tracking_lc: string }>('SELECT tracking_lc FROM scan_form_items WHERE tracking_lc = ANY($1)', [trackingNos.map(normalizeTracking)]),
        );
        const held = new Set(rows.rows.map((r) => r.tracking_lc));
        return new Set(trackingNos.filter((t) => held.has(normalizeTracking(t))));
      } catch (error) {
        return refuse(error, 'cannot list the labels every bench bought today for the SCAN form');
      }
    },

    async reserve(trackingNos, exact) {
      try {
        return await db.transaction(async (c) => {
          const formId = (await c.query<{ id: string }>("INSERT INTO scan_forms (bench, api, status, tracking_nos_json) VALUES ($1, 'v2', 'making', '[]') RETURNING id", [bench])).rows[0]?.id;
          if (formId === undefined) throw new Error('no SCAN form id returned');
          const unique = [...new Map(trackingNos.map((t) => [normalizeTracking(t), t.trim()])).entries()];
          // A row another bench inserted and has not committed makes this insert wait for it: of two benches, one holds each label.
          const taken = (
            await c.query<{ tracking_lc: string }>(
              `INSERT INTO scan_form_items (tracking_lc, tracking_no, scan_form_id) SELECT lc, no, $3::bigint FROM unnest($1::text[], $2::text[]) AS t(lc, no)
                 ON CONFLICT (tracking_lc) DO NOTHING RETURNING tracking_lc`,
              [unique.map(([lc]) => lc), unique.map(([, no]) => no), formId],
            )
          ).rows.map((r) => r.tracking_lc);
          const mine = new Set(taken);
          const reserved = unique.filter(([lc]) => mine.has(lc)).map(([, no]) => no);
          const elsewhere = unique.filter(([lc]) => !mine.has(lc));
          if (exact && elsewhere.length > 0) {
            const holders = (
              await c.query<{ tracking_no: string; bench: string; created_at: Date }>(
                `SELECT i.tracking_no, f.bench, f.created_at FROM scan_form_items i JOIN scan_forms f ON f.id = i.scan_form_id WHERE i.tracking_lc = ANY($1) ORDER BY i.tracking_no`,
                [elsewhere.map(([lc]) => lc)],
              )
            ).rows;
            const said = holders.map((h) => `${h.tracking_no} (bench ${h.bench}, ${when(h.created_at)} UTC)`).join(', ');
            fail('conflict', `${holders.length === 1 ? 'This label is' : 'These labels are'} already on a SCAN form: ${said}. A label goes on one form only; leave ${holders.length === 1 ? 'it' : 'them'} out.`, {
              field: 'trackingNos',
            });
          }
          if (reserved.length === 0) fail('conflict', 'There are no USPS labels from today that are not already on a SCAN form (another bench may have just made one).');
          await c.query('UPDATE scan_forms SET tracking_nos_json = $2 WHERE id = $1', [formId, JSON.stringify(reserved)]);
          return { formId: Number(formId), trackingNos: reserved };
        });
      } catch (error) {
        return refuse(error, 'does not make a SCAN form: it cannot make sure no other bench puts the same labels on one');
      }
    },

    async made(formId, form) {
      await db.withClient((c) =>
        c.query('UPDATE scan_forms SET status = $2, scan_form_no = $3, pdf_url = $4, result_json = $5 WHERE id = $1', [
          formId,
          form.status,
          form.scanFormNo,
          form.pdfUrl,
          JSON.stringify(form.result ?? null),
        ]),
      );
    },

    async refused(formId) {
      await db.transaction(async (c) => {
        await c.query('DELETE FROM scan_form_items WHERE scan_form_id = $1', [formId]);
        await c.query("UPDATE scan_forms SET status = 'failed' WHERE id = $1", [formId]);
      });
    },

    async list(limit) {
      const rows = await db.withClient((c) => c.query<FormRow>('SELECT id, api, status, pdf_url, tracking_nos_json, created_at FROM scan_forms ORDER BY id DESC LIMIT $1', [limit]));
      return rows.rows.map(fromRow);
    },
  };
}
