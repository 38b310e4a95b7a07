import type { OrderRow, OrderUpsert } from '../store/ordersRepo';

/** An order as the warehouse keeps it, with the labels any bench bought for it (platform ids, oldest first). */
export interface SharedOrder extends OrderRow {
  readonly boughtIds: readonly string[];
}

/**
 * The orders inbox every bench of a warehouse shares (electron/warehouse/):
 * an order imported or pulled at one bench is scanned at any, and it is
 * shipped once any bench bought it. A bench alone has its SQLite inbox only.
 * Every method throws in words while the database is away; get and list do
 * so at once for a few seconds after one found it away, so a database that
 * does not answer does not hold up each scan (this bench's copy answers).
 */
export interface SharedOrders {
  /** Adds or updates these orders for every bench, all or none; counts what was new to the warehouse. */
  upsert(orders: readonly OrderUpsert[]): Promise<{ readonly imported: number; readonly updated: number }>;
  get(orderNumber: string): Promise<SharedOrder | undefined>;
  /** Newest first; by order number or recipient prefix, or the newest with an empty query. */
  list(query: string, limit: number): Promise<OrderRow[]>;
}
