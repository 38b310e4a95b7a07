import type { Db } from './db';

/** A v1 order: the CreateOrderRequest fields as received, plus status and creation time. */
export interface OrderRecord {
  readonly storeName: string;
  readonly orderNumber: string;
  readonly warehouseName: string;
  readonly status: string;
  readonly data: Readonly<Record<string, unknown>>;
  readonly createdAt: string;
}

interface Row {
  store_name: string;
  order_number: string;
  warehouse_name: string;
  status: string;
  data: string;
  created_at: string;
}

const fromRow = (row: Row): OrderRecord => ({
  storeName: row.store_name,
  orderNumber: row.order_number,
  warehouseName: row.warehouse_name,
  status: row.status,
  data: JSON.parse(row.data) as Record<string, unknown>,
  createdAt: row.created_at,
});

export class OrderStore {
  constructor(private readonly db: Db) {}

  insert(order: OrderRecord): boolean {
    return (
      this.db
        .prepare('INSERT OR IGNORE INTO orders (store_name, order_number, warehouse_name, status, data, created_at) VALUES (?, ?, ?, ?, ?, ?)')
        .run(order.storeName, order.orderNumber, order.warehouseName, order.status, JSON.stringify(order.data), order.createdAt).changes === 1
    );
  }

  get(storeName: string, orderNumber: string): OrderRecord | undefined {
    const row = this.db.prepare<[string, string], Row>('SELECT * FROM orders WHERE store_name = ? AND order_number = ?').get(storeName, orderNumber);
    return row ? fromRow(row) : undefined;
  }

  delete(storeName: string, orderNumber: string): boolean {
    return this.db.prepare('DELETE FROM orders WHERE store_name = ? AND order_number = ?').run(storeName, orderNumber).changes === 1;
  }

  setStatus(storeName: string, orderNumber: string, status: string): void {
    this.db.prepare('UPDATE orders SET status = ? WHERE store_name = ? AND order_number = ?').run(status, storeName, orderNumber);
  }

  list(filter: { storeName?: string; status?: string; limit: number; offset: number }): { items: OrderRecord[]; total: number } {
    const where: string[] = [];
    const args: string[] = [];
    if (filter.storeName) {
      where.push('store_name = ?');
      args.push(filter.storeName);
    }
    if (filter.status) {
      where.push('status = ?');
      args.push(filter.status);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const total = (this.db.prepare(`SELECT COUNT(*) AS n FROM orders ${clause}`).get(...args) as { n: number }).n;
    const rows = this.db
      .prepare<unknown[], Row>(`SELECT * FROM orders ${clause} ORDER BY created_at, order_number LIMIT ? OFFSET ?`)
      .all(...args, filter.limit, filter.offset);
    return { items: rows.map(fromRow), total };
  }
}
