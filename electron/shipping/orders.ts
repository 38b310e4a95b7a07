import type { V1Order } from '../../shared/api/v1';
import { fail, StationFailure } from '../../shared/contract/errors';
import type { CsvImportReport, OrderLine, PackageSpec, StationAddress } from '../../shared/contract/shippingTypes';
import { parseOrderCsv } from '../../shared/domain/orderCsv';
import type { OrderRow } from '../store/ordersRepo';
import type { ShippingDeps } from './deps';

const toLine = (r: OrderRow): OrderLine => ({
  orderNumber: r.order_number,
  source: r.source,
  recipient: JSON.parse(r.recipient_json) as StationAddress,
  package: r.package_json ? (JSON.parse(r.package_json) as PackageSpec) : null,
  shipped: r.shipped === 1,
  importedAt: r.imported_at,
});

const text = (v: string | null | undefined) => (v && v.trim() !== '' ? v.trim() : undefined);

function fromV1(o: V1Order): { recipient: StationAddress; package: PackageSpec | null } {
  const first = o.shipments[0];
  const recipient: StationAddress = {
    name: o.client_name,
    ...(text(o.client_company) ? { company: text(o.client_company) } : {}),
    ...(text(o.client_phone) ? { phone: text(o.client_phone) } : {}),
    ...(text(o.client_email) ? { email: text(o.client_email) } : {}),
    street: o.client_street,
    ...(text(o.client_street2) ? { street2: text(o.client_street2) } : {}),
    city: o.client_city,
    state: o.client_state,
    zip: o.client_zip,
    country: o.client_country,
  };
  // v1 weights are pounds.
  const pkg: PackageSpec | null =
    first?.weight
      ? {
          weightOz: Math.round(first.weight * 16 * 100) / 100,
          ...(first.length ? { lengthIn: first.length } : {}),
          ...(first.width ? { widthIn: first.width } : {}),
          ...(first.height ? { heightIn: first.height } : {}),
        }
      : null;
  return { recipient, package: pkg };
}

/** At most one inbox pull per this long is triggered by scans of unknown orders. */
const MISS_PULL_INTERVAL_MS = 30_000;

/** The orders inbox: CSV imports, orders pulled from the service, lookup by scanned order number. */
export function createOrdersService(deps: ShippingDeps) {
  let lastMissPullMs = Number.NEGATIVE_INFINITY;
  function changed() {
    deps.ctx.emit('station.changed', { topics: ['orders'] });
  }

  function importCsv(csv: string): CsvImportReport {
    const parsed = parseOrderCsv(csv, { originCountry: deps.settings.get().shipFrom?.country });
    let imported = 0;
    let updated = 0;
    deps.orders.transaction(() => {
      for (const { order } of parsed.orders) {
        const isNew = deps.orders.upsert({ orderNumber: order.orderNumber, source: 'csv', recipient: order.recipient, package: order.package, recipientName: order.recipient.name });
        if (isNew) imported += 1;
        else updated += 1;
      }
    });
    if (imported + updated > 0) changed();
    return { imported, updated, errors: parsed.errors };
  }

  async function pull(): Promise<{ imported: number; updated: number }> {
    const v1 = await deps.v1();
    let imported = 0;
    let updated = 0;
    for (let page = 1; page <= 50; page += 1) {
      const list = await v1.listOrders({ status: 'awaiting', page, page_size: 200 }).catch((error: unknown) => {
        // Listing orders is the sandbox's extension of v1; the public service answers 404.
        if (error instanceof StationFailure && error.error.serviceCode === 'http_404') {
          fail('not_configured', 'This service does not list orders. Import them from a CSV file, or scan or type the order number.');
        }
        throw error;
      });
      deps.orders.transaction(() => {
        for (const o of list.orders) {
          const { recipient, package: pkg } = fromV1(o);
          if (deps.orders.upsert({ orderNumber: o.order_number, source: 'v1', recipient, package: pkg, recipientName: recipient.name })) imported += 1;
          else updated += 1;
        }
      });
      if (list.orders.length < 200 || page * 200 >= list.total_count) break;
    }
    if (imported + updated > 0) changed();
    return { imported, updated };
  }

  /**
   * A scanned order that is not in the inbox yet is pulled from the service
   * once before the packer is told, so a new station (or the sandbox's demo
   * orders) works from the first scan without a trip to the inbox.
   */
  async function lookup(orderNumber: string): Promise<OrderLine> {
    const known = deps.orders.get(orderNumber);
    if (known) return toLine(known);
    // A run of mistyped or foreign scans must not pull the whole inbox each time.
    const nowMs = deps.ctx.now().getTime();
    let pulled = false;
    if (nowMs - lastMissPullMs >= MISS_PULL_INTERVAL_MS) {
      lastMissPullMs = nowMs;
      pulled = await pull().then(
        () => true,
        () => false,
      );
    }
    const row = pulled ? deps.orders.get(orderNumber) : undefined;
    if (!row) fail('not_found', `Order ${orderNumber.trim()} is not in the inbox. Import it or pull orders first.`, { field: 'orderNumber' });
    return toLine(row);
  }

  function list(query: string, includeShipped: boolean, limit: number): OrderLine[] {
    return deps.orders
      .list(query, includeShipped ? limit : limit * 3)
      .map(toLine)
      .filter((o) => includeShipped || !o.shipped)
      .slice(0, limit);
  }

  return { importCsv, pull, lookup, list };
}
