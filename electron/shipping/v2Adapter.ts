import type { CreateAndPayRequest, DirectBuyRequest } from '../../shared/api/v2';
import { fail, type StationError, type StationFailure } from '../../shared/contract/errors';
import { toCents } from '../../shared/domain/money';
import { describeBackend } from '../backend/identity';
import type { Logger } from '../log/logger';
import type { Journaled, PurchaseAdapter, Sold } from '../purchases/adapter';
import { PURCHASE_ATTEMPTS } from '../purchases/engine';
import { labelImages, missingLabelNote } from '../purchases/labelBytes';
import type { ChosenService } from '../purchases/journal';
import type { BoughtUpdate, ShipmentRow } from '../store/shipmentsRepo';
import { backendIdOf, type BackendPort, type ShippingV2, type WireShipment } from './ports';

/** Definitive refusals: the service read the request and sold no label, so the row fails (it keeps its id for a retry). */
const definitive = new Set<StationError['code']>(['service_rejected', 'invalid_input']);
/** The request never reached a service that would act on it; repeating now cannot help, and the row stays pending. */
const cannotSend = new Set<StationError['code']>(['unauthorized', 'not_configured', 'keychain_unavailable', 'conflict']);

const same = (a: string | null, b: string | null | undefined) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

export interface V2AdapterDeps {
  readonly backend: BackendPort;
  readonly fetchBytes: (url: string) => Promise<Uint8Array>;
  readonly log: Logger;
  readonly attempts?: number;
}

/** A v2 purchase over the wire, to the backend it was journaled on; a lost answer is met by the same id again, which the service answers with the label it sold. */
export function createV2Adapter(deps: V2AdapterDeps): PurchaseAdapter<WireShipment> {
  /** The v2 client of the backend a journaled purchase went to; refused in words when the station is on another. */
  async function v2Of(row: ShipmentRow): Promise<ShippingV2> {
    const clients = await deps.backend.clients();
    if (row.backend_id !== null && row.backend_id !== backendIdOf(clients)) {
      fail('conflict', `This purchase was sent to ${describeBackend(row.backend_id)}; switch the station back to it to finish the purchase.`);
    }
    return clients.v2;
  }

  /** What the answer left out is taken from the request the station sent (the rate picked), never guessed otherwise. */
  async function read(entry: Journaled, wire: WireShipment): Promise<Sold> {
    const { row } = entry;
    if (wire.platform_uk_id && wire.platform_uk_id !== row.platform_uk_id) {
      fail('service_unavailable', 'The service answered a purchase with another package\'s id; the station will check again.', { retryable: true });
    }
    const { labels, problem } = await labelImages(
      [{ kind: 'label', data: wire.label_data, urls: wire.label_urls }, { kind: 'qrcode', data: wire.label_qr_code_data, urls: wire.qrcode_urls }],
      deps.fetchBytes,
    );
    if (problem) deps.log.warn('the service sent label bytes that are not a PNG; not stored', { platformUkId: row.platform_uk_id, problem });
    const chosen = row.chosen_json ? (JSON.parse(row.chosen_json) as ChosenService) : null;
    const bought: ChosenService = {
      carrierCode: wire.carrier_code ?? chosen?.carrierCode ?? null,
      serviceLevel: wire.service_level ?? chosen?.serviceLevel ?? null,
      serviceName: wire.service_name ?? wire.service_level ?? chosen?.serviceName ?? chosen?.serviceLevel ?? null,
      price: wire.total_fee ?? chosen?.price ?? null,
    };
    const mismatch =
      chosen !== null &&
      ((wire.carrier_code != null && !same(chosen.carrierCode, bought.carrierCode)) || (wire.service_level != null && chosen.serviceLevel !== null && !same(chosen.serviceLevel, bought.serviceLevel)));
    const update: BoughtUpdate = {
      resultJson: JSON.stringify({ ...wire, label_data: undefined, label_qr_code_data: undefined }),
      shipmentNo: wire.shipment_no ?? null,
      trackingNo: wire.tracking_no,
      carrierCode: bought.carrierCode,
      serviceLevel: bought.serviceLevel,
      serviceName: bought.serviceName,
      costCents: bought.price === null ? null : toCents(bought.price),
      currency: wire.currency ?? 'USD',
      duplicateLabel: wire.duplicate_label ?? false,
      rateMismatchJson: mismatch ? JSON.stringify({ picked: chosen, bought }) : null,
      note: missingLabelNote(labels, problem),
      labels,
    };
    return { update, duplicate: wire.duplicate_label === true };
  }

  return {
    api: 'v2',
    idempotent: true,
    attempts: deps.attempts ?? PURCHASE_ATTEMPTS,
    async send({ row, platformUkId }) {
      const v2 = await v2Of(row);
      const body = { ...(JSON.parse(row.request_json) as Record<string, unknown>), platform_uk_id: platformUkId };
      // The journal stored the body purchase.ts built; the client validates it again before sending.
      return row.method === 'create_and_pay' ? v2.createAndPay(body as unknown as CreateAndPayRequest) : v2.directBuy(body as unknown as DirectBuyRequest);
    },
    read,
    classify: (failure: StationFailure) => (definitive.has(failure.error.code) ? failure : cannotSend.has(failure.error.code) ? 'unsent' : 'unknown'),
    lost: async () => ({ kind: 'resend' }),
    ownIds({ row }) {
      const { rate_id: rateId } = JSON.parse(row.request_json) as { rate_id?: unknown };
      return [row.platform_uk_id, ...(typeof rateId === 'string' ? [rateId] : [])];
    },
    trackingStatus: async ({ row }) => (await (await v2Of(row)).trackingByPlatformUkId(row.platform_uk_id)).status,
  };
}
