import { describe, expect, it } from 'vitest';
import { endingOf, recipientName, timeline } from '../../../electron/sandbox/domain/timeline';
import type { ShipmentRecord, StoredAddress } from '../../../electron/sandbox/store/shipments';

const address = (name: string, city: string, state: string, zip: string): StoredAddress => ({
  name, company: '', phone: '', email: '', street: '1 Main St', street2: '', city, state, zip, country: 'US', residential: true,
});

function shipment(trackingNo: string, extra: Partial<ShipmentRecord> = {}): ShipmentRecord {
  return {
    shipmentNo: 'SHP1', platformUkId: 'x', trackingNo, api: 'v2', carrierCode: 'USPS', serviceLevel: 'USPS_PRIORITY_MAIL', serviceName: 'USPS Priority Mail',
    status: 'purchased', labelFeeCents: 900, insuranceFeeCents: 0, insuredValueCents: null, totalFeeCents: 900, deliveryDays: 2, zone: 5, weightOz: 16,
    detail: {
      from: address('Desk', 'Los Angeles', 'CA', '90021'), to: address('ann marie lee', 'Austin', 'TX', '78701'), packageType: 'my_package', dims: [1, 1, 1],
      hazardousMaterials: false, lithiumBattery: false, isReturnLabel: false, labelPrintType: 'common', saturdayDelivery: false, additionalHandling: false, shipDate: '2026-03-10',
    },
    storeName: null, orderNumber: null, scanFormNo: null, createdAt: '2026-03-10T18:00:00.000Z', voidedAt: null, ...extra,
  };
}

const find = (ending: string) => {
  for (let i = 0; i < 1000; i++) if (endingOf(`N${i}`) === ending) return `N${i}`;
  throw new Error(ending);
};
const at = (hours: number) => new Date(Date.parse('2026-03-10T18:00:00Z') + hours * 3_600_000);

describe('tracking timeline', () => {
  it('reveals events as time passes and is deterministic', () => {
    const s = shipment(find('delivered'));
    expect(timeline(s, at(0)).map((e) => e.status)).toEqual(['created']);
    expect(timeline(s, at(48)).map((e) => e.status)).toEqual(['created', 'in_transit', 'in_transit', 'in_transit', 'out_for_delivery', 'delivered']);
    expect(timeline(s, at(30))).toEqual(timeline(s, at(30)));
    expect(timeline(s, at(-5)).map((e) => e.status)).toEqual(['created']);
  });

  it('ends some numbers differently', () => {
    expect(timeline(shipment(find('return_to_sender')), at(100)).at(-1)?.status).toBe('return_to_sender');
    expect(timeline(shipment(find('error')), at(100)).at(-1)?.status).toBe('error');
    expect(timeline(shipment(find('available_for_pickup')), at(100)).at(-1)?.status).toBe('available_for_pickup');
  });

  it('ends a voided shipment in voided', () => {
    const s = shipment('N1', { status: 'voided', voidedAt: '2026-03-10T19:00:00.000Z' });
    expect(timeline(s, at(100)).map((e) => e.status)).toEqual(['created', 'voided']);
  });

  it('prints the recipient as carriers do', () => {
    expect(recipientName(shipment('N1'))).toBe('A LEE');
  });
});
