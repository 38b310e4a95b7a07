import type { Shipment } from '../../shared/contract/shippingTypes';
import type { StationFixture } from './fixture';

/** Buys a label for a demo order straight through the station (setup, not under test). */
export async function buyForOrder(f: StationFixture, orderNumber: string, pick: (serviceLevel: string) => boolean = () => true): Promise<Shipment> {
  const order = await f.call('orders.lookup', { orderNumber });
  const quote = await f.call('rates.quote', { to: order.recipient, package: { weightOz: order.package?.weightOz ?? 12 }, orderNumber });
  const rate = quote.rates.find((r) => pick(r.serviceLevel) && r.rateId) ?? quote.rates.find((r) => r.rateId);
  if (!rate?.rateId) throw new Error(`no rate to buy for ${orderNumber}`);
  const bought = await f.call('labels.buy', { method: 'rate', quoteId: quote.quoteId, rateId: rate.rateId, orderNumber, print: false });
  return bought.shipment;
}

export const isUsps = (serviceLevel: string): boolean => serviceLevel.startsWith('USPS_') && !serviceLevel.includes('MEDIA');
