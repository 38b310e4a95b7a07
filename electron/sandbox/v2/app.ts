import type { SandboxContext } from '../context';
import { Router } from '../http/router';
import type { ServerOptions } from '../http/server';
import type { Reply, SandboxRequest } from '../http/types';
import { TokenIssuer } from './auth';
import { createAndPay, directBuy } from './labels';
import { getRates, quickRate } from './rates';
import { voidLabel } from './void';
import { trackingByPlatformUkId, trackingByTrackingNo, directTracking } from './tracking';
import { addPickup, cancelPickup, listPickups, packageLocationList } from './pickups';
import { validateAddress } from './address';
import { insuranceRate } from './insurance';
import { createScanForm } from './scanForm';
import { submitPod } from './pod';
import { serveFile } from '../files';

/** The v2 server: token endpoint, bearer-protected /api/ endpoints, public label and form files. */
export function v2Server(ctx: SandboxContext): ServerOptions {
  const tokens = new TokenIssuer(ctx);
  const h = (fn: (ctx: SandboxContext, req: SandboxRequest) => Reply | Promise<Reply>) => (req: SandboxRequest) => fn(ctx, req);
  const router = new Router()
    .post('/oauth2/token', (req) => tokens.issue(req))
    .post('/api/shipment/batch/quick_rate', h(quickRate))
    .post('/api/shipment/get_rates', h(getRates))
    .post('/api/shipment/create_and_pay', h(createAndPay))
    .post('/api/shipment/direct_buy', h(directBuy))
    .post('/api/shipment/void_label', h(voidLabel))
    .get('/api/shipment/insurance/rate', h(insuranceRate))
    .get('/api/shipment/tracking_by_platform_uk_id', h(trackingByPlatformUkId))
    .get('/api/shipment/tracking_by_tracking_no', h(trackingByTrackingNo))
    .get('/api/shipment/direct/tracking_by_tracking_no', h(directTracking))
    .post('/api/shipment/pickup/add', h(addPickup))
    .post('/api/shipment/pickup/cancel', h(cancelPickup))
    .get('/api/shipment/pickup/list', h(listPickups))
    .get('/api/shipment/pickup/package/location/list', h(packageLocationList))
    .post('/api/address/validate', h(validateAddress))
    .post('/api/scan_form/create_scan_form', h(createScanForm))
    .post('/api/shipment/submit_pod', h(submitPod))
    .get('/labels/:id', h(serveFile))
    .get('/scan_forms/:id', h(serveFile))
    // Not the service's: what clients sent beyond the docs, for a trainer or a test driving a sandbox it did not start.
    .get('/sandbox/undocumented', () => ({ json: ctx.undocumented.list() }));
  return {
    router,
    style: 'v2',
    before: async (req) => {
      ctx.stats.requests += 1;
      const isApi = req.path.startsWith('/api/');
      await ctx.faults.beforeRequest(isApi);
      return isApi ? tokens.authenticate(req) : undefined;
    },
  };
}
