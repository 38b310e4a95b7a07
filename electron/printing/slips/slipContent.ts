import type { SlipSettings } from '../../../shared/contract/slips';
import type { StationAddress } from '../../../shared/domain/address';
import type { OrderItem } from '../../../shared/domain/orderImport/types';
import type { OrderRow } from '../../store/ordersRepo';
import type { ShipmentRow } from '../../store/shipmentsRepo';

/** What one packing slip says, already cut to the template: a part the template leaves out is null. */
export interface SlipContent {
  readonly storeName: string | null;
  /** Printed as a Code 128 barcode with its text under it. */
  readonly orderNumber: string | null;
  readonly shipTo: readonly string[] | null;
  readonly items: ReadonlyArray<Pick<OrderItem, 'sku' | 'name' | 'quantity'>> | null;
  readonly note: string | null;
  /** Always printed, small: which label the slip belongs to. */
  readonly tracking: string | null;
}

/** The order a slip is built from, as the inbox keeps it; the note is absent where the store gave none. */
export interface SlipOrder {
  readonly recipient: StationAddress | null;
  readonly items: readonly OrderItem[];
  readonly note: string | null;
}

/** The inbox row read leniently: a slip prints what it can rather than failing on one unreadable part. */
export function slipOrderOf(row: OrderRow | undefined): SlipOrder | null {
  if (!row) return null;
  const read = <T>(text: string | null): T | null => {
    if (!text) return null;
    try {
      return JSON.parse(text) as T;
    } catch {
      return null;
    }
  };
  const items = read<OrderItem[]>(row.items_json);
  return { recipient: read<StationAddress>(row.recipient_json), items: Array.isArray(items) ? items : [], note: row.note?.trim() || null };
}

function addressLines(address: StationAddress): string[] {
  const place = [address.city, [address.state, address.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [address.name, address.company, address.street, address.street2, place, address.country].filter((line): line is string => Boolean(line && line.trim()));
}

/**
 * A bought package's slip: ship-to from its order, else the little the label
 * row keeps (name, city, ZIP); items and note come only from the order.
 */
export function slipContent(row: ShipmentRow, order: SlipOrder | null, settings: SlipSettings): SlipContent {
  const { show } = settings;
  const fallbackTo = [row.recipient_name, [row.recipient_city, row.recipient_zip].filter(Boolean).join(' ')].filter((line): line is string => Boolean(line && line.trim()));
  const shipTo = order?.recipient ? addressLines(order.recipient) : fallbackTo;
  return {
    storeName: show.storeName && settings.storeName ? settings.storeName : null,
    orderNumber: show.orderBarcode && row.order_number ? row.order_number : null,
    shipTo: show.shipTo && shipTo.length > 0 ? shipTo : null,
    items: show.items ? (order?.items ?? []).map(({ sku, name, quantity }) => ({ sku, name, quantity })) : null,
    note: show.note ? (order?.note ?? null) : null,
    tracking: row.tracking_no,
  };
}
