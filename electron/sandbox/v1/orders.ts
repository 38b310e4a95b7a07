import { z } from 'zod';
import { refuse } from '../errorCodes';
import { standardizeAddress } from '../domain/addressStd';
import type { SandboxContext } from '../context';
import type { Reply, SandboxRequest } from '../http/types';
import { jsonBody, parseWith, queryObject } from '../http/validate';
import { parseRequest, v1Forms } from '../schemas/parse';
import { CreateOrderRequest, deleteApiOrdersDeleteBody } from '../schemas/v1/openapi';
import type { OrderRecord } from '../store/orders';

/** POST /api/orders/create: orders are keyed by store name + order number. */
export function createOrder(ctx: SandboxContext, req: SandboxRequest): Reply {
  const body = parseRequest(ctx, req, v1Forms(CreateOrderRequest), jsonBody(req));
  if (body.verify_address) {
    const check = standardizeAddress({ street: body.client_street, street2: body.client_street2 ?? '', city: body.client_city, state: body.client_state, zip: body.client_zip });
    const first = check.errors[0];
    if (first) refuse('order_address_invalid', `${first.code}: ${first.message}`);
  }
  const orderNumber = body.order_number ?? `SO${ctx.meta.next('order', 20_240_000)}`;
  const { store_name: storeName, warehouse_name: warehouseName, order_number: _omit, ...data } = body;
  const inserted = ctx.orders.insert({ storeName, orderNumber, warehouseName, status: 'awaiting', data, createdAt: ctx.now().toISOString() });
  if (!inserted) refuse('order_exists', `Order ${orderNumber} already exists in store ${storeName}.`);
  return { json: { order_number: orderNumber } };
}

/** DELETE /api/orders/delete: irreversible. */
export function deleteOrder(ctx: SandboxContext, req: SandboxRequest): Reply {
  const body = parseRequest(ctx, req, v1Forms(deleteApiOrdersDeleteBody), jsonBody(req));
  if (!ctx.orders.delete(body.store_name, body.order_number)) refuse('order_not_found');
  return { json: [] };
}

function orderWire(ctx: SandboxContext, order: OrderRecord): Record<string, unknown> {
  const labels = ctx.shipments.forOrder(order.storeName, order.orderNumber);
  return {
    ...order.data,
    store_name: order.storeName,
    order_number: order.orderNumber,
    warehouse_name: order.warehouseName,
    status: order.status,
    has_label: labels.some((s) => s.status === 'purchased'),
    created_at: order.createdAt,
  };
}

/** The training extension's query: its own, since the public API has no such list. */
const orderListQuerySchema = z.object({
  store_name: z.string().optional(),
  status: z.enum(['awaiting', 'hold', 'shipped']).optional(),
  page: z.number().int().min(1).optional(),
  page_size: z.number().int().min(1).max(200).optional(),
});

/** The order list's path: the public v1 API lists no orders, so only the sandbox's training extension does, under a name that says so. */
export const TRAINING_ORDERS_LIST_PATH = '/api/sandbox-training/orders/list';

/** GET /api/sandbox-training/orders/list: a training extension (not in the public API) listing the sandbox's orders. */
export function listOrders(ctx: SandboxContext, req: SandboxRequest): Reply {
  const query = parseWith(orderListQuerySchema, queryObject(req.query, { page: 'number', page_size: 'number' }));
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? 50;
  const { items, total } = ctx.orders.list({
    ...(query.store_name ? { storeName: query.store_name } : {}),
    ...(query.status ? { status: query.status } : {}),
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return { json: { orders: items.map((o) => orderWire(ctx, o)), total_count: total } };
}
