import type { V1Order } from '../../shared/api/v1';
import { NO_ORDER_LIST } from '../api/v1/client';
import { fail, StationFailure } from '../../shared/contract/errors';
import type { CsvImportReport, CustomsDeclaration, OrderLine, PackageSpec, StationAddress } from '../../shared/contract/shippingTypes';
import { isInternational } from '../../shared/domain/countries';
import { importOrderFile } from '../../shared/domain/orderImport';
import type { OrderItem, StoreFormat } from '../../shared/domain/orderImport/types';
import type { OrderRow, OrderUpsert } from '../store/ordersRepo';
import type { ShippingDeps } from './deps';
import { withCatalog } from './catalogOrders';
import { createOrderMappings } from './orderMappings';
import { keepOthersLabel } from './othersLabels';
import type { SharedOrders } from './sharedOrders';
import { v1Package, v1Recipient } from './v1Orders';

const toLine = (r: OrderRow): OrderLine => ({
  orderNumber: r.order_number,
  source: r.source,
  recipient: JSON.parse(r.recipient_json) as StationAddress,
  package: r.package_json ? (JSON.parse(r.package_json) as PackageSpec) : null,
  customs: r.customs_json ? (JSON.parse(r.customs_json) as CustomsDeclaration) : null,
  items: r.items_json ? (JSON.parse(r.items_json) as OrderItem[]) : [],
  ...(r.store ? { store: r.store } : {}),
  ...(r.tags_json ? { tags: JSON.parse(r.tags_json) as string[] } : {}),
  shipped: r.shipped === 1,
  importedAt: r.imported_at,
});

/**
 * A v1 order's items, as a customs declaration for an order that leaves the
 * ship-from country: v1 orders list title, quantity and unit price, not the
 * weight of each item, so the package weight is shared out by quantity and
 * the packer checks it on the Ship screen (HS codes are not in v1 orders).
 */
function customsFromV1(o: V1Order, origin: string | undefined, packageWeightOz: number | null): CustomsDeclaration | null {
  if (!origin || !isInternational(origin, o.client_country)) return null;
  const items = o.shipments.flatMap((s) => s.items ?? []);
  const units = items.reduce((sum, item) => sum + item.quantity, 0);
  const each = packageWeightOz && units > 0 ? Math.max(0.1, Math.floor((packageWeightOz / units) * 10) / 10) : 1;
  return {
    contentsType: 'merchandise',
    nonDelivery: 'return',
    items: items.map((item) => ({ description: (item.title ?? item.sku).slice(0, 60), quantity: item.quantity, valueUsd: item.price ?? 0, weightOz: each, originCountry: origin })),
  };
}

function fromV1(o: V1Order): { recipient: StationAddress; package: PackageSpec | null } {
  return { recipient: v1Recipient(o), package: v1Package(o.shipments[0]) };
}

/** Orders written to this bench's inbox in one transaction before other work gets a turn. */
const KEEP_CHUNK = 500;

/** At most one inbox pull per this long is triggered by scans of unknown orders. */
const MISS_PULL_INTERVAL_MS = 30_000;

/** The orders inbox: CSV imports, the practice service's demo orders, lookup by scanned order number. */
export function createOrdersService(deps: ShippingDeps) {
  let lastMissPullMs = Number.NEGATIVE_INFINITY;
  function changed() {
    deps.ctx.emit('station.changed', { topics: ['orders'] });
  }

  /**
   * Keeps orders in the warehouse first, then in this bench's copy. While the
   * warehouse database is away an import is refused in words rather than
   * kept here to send later: no bench can buy meanwhile anyway, importing the
   * same file again is harmless (an order number is updated, never doubled),
   * and a copy sent late would overwrite what another bench imported since.
   */
  async function keep(orders: readonly OrderUpsert[]): Promise<{ imported: number; updated: number }> {
    const shared = await deps.sharedOrders?.upsert(orders);
    let imported = 0;
    let updated = 0;
    for (let from = 0; from < orders.length; from += KEEP_CHUNK) {
      // A store's file may hold ten thousand orders: between chunks the bench's scans and rates get their turn.
      if (from > 0) await new Promise((resolve) => setImmediate(resolve));
      deps.orders.transaction(() => {
        for (const o of orders.slice(from, from + KEEP_CHUNK)) {
          if (deps.orders.upsert(o)) imported += 1;
          else updated += 1;
        }
      });
    }
    return shared ?? { imported, updated };
  }

  /** A warehouse order kept on this bench too (so it answers while the database is away), shipped when either knows it so. */
  function keepCopy(row: OrderRow): OrderLine {
    const line = toLine(row);
    deps.orders.upsert({ orderNumber: line.orderNumber, source: line.source, recipient: line.recipient, package: line.package, customs: line.customs, items: line.items, store: line.store, tags: line.tags, recipientName: line.recipient.name });
    return { ...line, shipped: line.shipped || deps.orders.get(line.orderNumber)?.shipped === 1 };
  }

  /**
   * The warehouse's answer, or undefined while its database is away (the failure is logged), for this
   * bench's copy to answer. `away` keeps why, so an order the copy lacks is not called missing.
   */
  async function fromWarehouse<T>(ask: (orders: SharedOrders) => Promise<T>, away?: (failure: StationFailure) => void): Promise<{ readonly value: T } | undefined> {
    if (!deps.sharedOrders) return undefined;
    try {
      return { value: await ask(deps.sharedOrders) };
    } catch (error) {
      if (!(error instanceof StationFailure)) throw error;
      away?.(error);
      return undefined;
    }
  }

  const mappings = createOrderMappings(deps);

  async function importCsv(csv: string, format: StoreFormat | 'auto' = 'auto', mapping?: string): Promise<CsvImportReport> {
    const named = mapping === undefined ? undefined : mappings.named(mapping);
    const parsed = importOrderFile(csv, { format, originCountry: (await deps.settings.current()).shipFrom?.country, mapping: named, mappings: mappings.all() });
    const { imported, updated } = await keep(
      parsed.orders.map(({ order }) => ({
        orderNumber: order.orderNumber,
        source: 'csv' as const,
        recipient: order.recipient,
        package: order.package,
        customs: order.customs,
        items: order.items,
        store: order.store,
        tags: order.tags,
        note: order.note ?? null,
        recipientName: order.recipient.name,
      })),
    );
    if (imported + updated > 0) changed();
    return { format: parsed.format, imported, updated, skipped: parsed.skipped, refused: parsed.refused };
  }

  /**
   * The practice service's demo orders, copied into the inbox. A real
   * service lists no orders, so there this refuses in words before anything
   * is sent (the client refuses too; this keeps the words the station's).
   */
  async function pullPracticeOrders(): Promise<{ imported: number; updated: number }> {
    const v1 = await deps.v1();
    if (!v1.practice) fail('not_configured', NO_ORDER_LIST);
    const origin = (await deps.settings.current()).shipFrom?.country;
    let imported = 0;
    let updated = 0;
    for (let page = 1; page <= 50; page += 1) {
      const list = await v1.practiceOrderList({ status: 'awaiting', page, page_size: 200 });
      const kept = await keep(
        list.orders.map((o): OrderUpsert => {
          const { recipient, package: pkg } = fromV1(o);
          const customs = customsFromV1(o, origin, pkg?.weightOz ?? null);
          const items = o.shipments.flatMap((sh) => sh.items ?? []).map((item) => ({ sku: item.sku, name: item.title ?? item.sku, quantity: item.quantity, ...(item.price !== undefined ? { unitPrice: item.price } : {}) }));
          return { orderNumber: o.order_number, source: 'v1', recipient, package: pkg, customs, items, recipientName: recipient.name };
        }),
      );
      imported += kept.imported;
      updated += kept.updated;
      if (list.orders.length < 200 || page * 200 >= list.total_count) break;
    }
    if (imported + updated > 0) changed();
    return { imported, updated };
  }

  /**
   * The warehouse's order when its database answers (an order only this
   * bench holds still counts), else this bench's copy. Labels other benches
   * bought for it are kept here, so History reprints them, a return finds
   * them, and the order stays shipped here while the database is away.
   */
  async function find(orderNumber: string, away?: (failure: StationFailure) => void): Promise<OrderLine | undefined> {
    const shared = await fromWarehouse((orders) => orders.get(orderNumber), away);
    if (shared?.value) {
      for (const id of shared.value.boughtIds) {
        if (!deps.shipments.findByRef(id)) await fromWarehouse(() => keepOthersLabel(deps, id));
      }
      return keepCopy(shared.value);
    }
    const local = deps.orders.get(orderNumber);
    return local ? toLine(local) : undefined;
  }

  /**
   * On the practice service a scanned order that is not in the inbox yet is
   * pulled from its demo orders once before the packer is told, so a first
   * scan works without a trip to the inbox. A real service lists no orders,
   * so there nothing is asked: the order must be imported.
   */
  async function lookup(orderNumber: string): Promise<OrderLine> {
    const warehouse: { away: StationFailure | null } = { away: null };
    const away = (failure: StationFailure): void => void (warehouse.away = failure);
    const complete = async (line: OrderLine): Promise<OrderLine> => withCatalog(line, deps.products, await deps.settings.current());
    const known = await find(orderNumber, away);
    if (known) return complete(known);
    // A run of mistyped or foreign scans must not pull the whole inbox each time.
    const nowMs = deps.ctx.now().getTime();
    const practice = await deps.v1().then(
      (v1) => v1.practice,
      () => false,
    );
    let pulled = false;
    if (practice && nowMs - lastMissPullMs >= MISS_PULL_INTERVAL_MS) {
      lastMissPullMs = nowMs;
      pulled = await pullPracticeOrders().then(
        () => true,
        () => false,
      );
    }
    const line = pulled ? await find(orderNumber, away) : undefined;
    if (!line && warehouse.away) {
      // Another bench may have imported it: "not in the inbox" would be a guess, and a wrong one sends the packer to re-import.
      fail('service_unavailable', `Order ${orderNumber.trim()} is not in this bench's copy of the inbox, and the warehouse could not be asked for it. ${warehouse.away.message}`, { retryable: true });
    }
    if (!line) fail('not_found', `Order ${orderNumber.trim()} is not in the inbox. ${practice ? 'Import it or pull the practice orders first.' : 'Import it from a CSV file first.'}`, { field: 'orderNumber' });
    return complete(line);
  }

  async function list(query: string, includeShipped: boolean, limit: number): Promise<OrderLine[]> {
    const wanted = includeShipped ? limit : limit * 3;
    const shared = await fromWarehouse((orders) => orders.list(query, wanted));
    const lines = shared ? deps.orders.transaction(() => shared.value.map(keepCopy)) : deps.orders.list(query, wanted).map(toLine);
    return lines.filter((o) => includeShipped || !o.shipped).slice(0, limit);
  }

  return { importCsv, pullPracticeOrders, lookup, list, mappings };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
