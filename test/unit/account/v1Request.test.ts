import { describe, expect, it } from 'vitest';
import { StationFailure } from '../../../shared/contract/errors';
import { accountCommands } from '../../../shared/contract/account';
import { v1Refusal } from '../../../electron/account/refusals';
import { fromV1Rate, ouncesToPounds, v1ShipmentRequest } from '../../../electron/account/v1Request';
import { v1PackageKey } from '../../../electron/purchases/packageKey';

const from = { name: 'Desk', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip: '90021', country: 'US' };

describe('v1 requests', () => {
  it('prices a rate as the label will cost: the rate plus the service fee, the rate\'s own fee when it names one', () => {
    const rate = { shipment_id: '1', rate_id: 'r1', carrier: 'USPS', service_type: 'usps_ground_advantage', rate: 4.43 };
    expect(fromV1Rate(rate)).toMatchObject({ price: 4.48, serviceFee: 0.05 });
    expect(fromV1Rate({ ...rate, service_fee: 0.1 })).toMatchObject({ price: 4.53, serviceFee: 0.1 });
  });

  it('sends ounces as pounds: 12 oz is 0.75 lb, 1 oz is 0.063 lb', () => {
    expect(ouncesToPounds(12)).toBe(0.75);
    expect(ouncesToPounds(1)).toBe(0.063);
    const input = accountCommands['account.rates'].input.parse({
      storeName: 'S', orderNumber: 'O-1', warehouseName: 'W',
      to: { name: 'Ann Lee', street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
      package: { weightOz: 12, lengthIn: 10, widthIn: 8, heightIn: 4 },
    });
    const request = v1ShipmentRequest(input, from);
    expect(request.shipments[0]).toEqual({ length: 10, width: 8, height: 4, weight: 0.75 });
    expect(request.order).toEqual({ warehouse_name: 'W', store_name: 'S', order_number: 'O-1' });
  });

  it('keys a purchase by order package, whatever the case of the names', () => {
    expect(v1PackageKey(' Demo Store ', 'so-1', 1)).toBe(v1PackageKey('demo store', 'SO-1', 1));
    expect(v1PackageKey('s', 'o', 1)).not.toBe(v1PackageKey('s', 'o', 2));
  });

  it('turns v1 not-found and already-done refusals into the contract codes', () => {
    const rejected = (serviceCode: string) => new StationFailure({ code: 'service_rejected', message: 'x', serviceCode, retryable: false });
    expect((v1Refusal(rejected('order_not_found')) as StationFailure).error.code).toBe('not_found');
    expect((v1Refusal(rejected('shipment_already_voided')) as StationFailure).error.code).toBe('conflict');
    expect((v1Refusal(rejected('address_zip_invalid')) as StationFailure).error.code).toBe('service_rejected');
  });
});
