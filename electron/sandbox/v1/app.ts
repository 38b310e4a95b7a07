import { timingSafeEqual } from 'node:crypto';
import type { SandboxContext } from '../context';
import { refuse } from '../errorCodes';
import { Router } from '../http/router';
import type { ServerOptions } from '../http/server';
import type { Reply, SandboxRequest } from '../http/types';
import { serveFile } from '../files';
import { balance, listCarrierAccounts, listWarehouses } from './accounts';
import { verifyAddress } from './addresses';
import { createOrder, deleteOrder, listOrders, TRAINING_ORDERS_LIST_PATH } from './orders';
import { RateLimiter } from './rateLimit';
import { buyLabel, buyRate, listRates } from './rates';
import { createEcommerceScanForm, createScanForm, getEcommerceScanForm } from './scanForms';
import { orderLabels, voidByTrackingCode } from './shipments';

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The legacy v1 server: `?api_token=` on every /api/ request, per-endpoint limits per token. */
export function v1Server(ctx: SandboxContext): ServerOptions {
  const limiter = new RateLimiter();
  const h = (fn: (ctx: SandboxContext, req: SandboxRequest) => Reply | Promise<Reply>) => (req: SandboxRequest) => fn(ctx, req);
  const router = new Router()
    .post('/api/rates/list', h(listRates))
    .get('/api/rates/buy', h(buyRate))
    .post('/api/rates/buy-label', h(buyLabel))
    .post('/api/shipments/void', h(voidByTrackingCode))
    .post('/api/orders/create', h(createOrder))
    .get('/api/shipments/get', h(orderLabels))
    .delete('/api/orders/delete', h(deleteOrder))
    // A training extension, not the public API (legacy-v1-openapi.yaml has no order list): named so nobody mistakes it.
    .get(TRAINING_ORDERS_LIST_PATH, h(listOrders))
    .post('/api/addresses/verify', h(verifyAddress))
    .post('/api/shipments/scan-forms/create', h(createScanForm))
    .post('/api/shipments/scan-forms/:ecom_carrier/ecommerce/create', h(createEcommerceScanForm))
    .get('/api/shipments/scan-forms/:ecom_carrier/ecommerce/get', h(getEcommerceScanForm))
    .get('/api/carrier-account/list', h(listCarrierAccounts))
    .get('/api/balance', h(balance))
    .get('/api/warehouses/list', h(listWarehouses))
    .get('/labels/:id', h(serveFile))
    .get('/scan_forms/:id', h(serveFile));
  return {
    router,
    // Sparse answers: failures as the OpenAPI shows them, {message} only, with no code to decide on.
    style: () => (ctx.faults.current().sparseAnswers ? 'v1-documented' : 'v1'),
    before: async (req) => {
      ctx.stats.requests += 1;
      if (!req.path.startsWith('/api/')) {
        await ctx.faults.beforeRequest(false);
        return undefined;
      }
      await ctx.faults.beforeRequest(true);
      const token = req.query.get('api_token');
      if (!token) refuse('api_token_missing');
      if (sameText(token, ctx.keys.appKey)) refuse('v2_credentials_on_v1');
      if (!sameText(token, ctx.keys.apiToken)) refuse('api_token_invalid');
      limiter.check(token, req.path, ctx.now().getTime());
      return undefined;
    },
  };
}
