import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { outputPath, renderV1Schemas, yamlPath } from '../../../scripts/sandbox/v1Schemas.mjs';
import { ShipmentRequest, v1Operations } from '../../../electron/sandbox/schemas/v1/openapi';
import { undocumentedKeys } from '../../../electron/sandbox/schemas/undocumented';

const yaml = fs.readFileSync(yamlPath, 'utf8');

describe('the sandbox v1 schemas, generated from the public OpenAPI', () => {
  it('are what scripts/sandbox/v1Schemas.mjs writes from legacy-v1-openapi.yaml today (run it after the YAML changes)', () => {
    expect(fs.readFileSync(outputPath, 'utf8')).toBe(renderV1Schemas(yaml));
  });

  it('hold every operation of the YAML, and no order list (the public API has none)', () => {
    const paths = [...yaml.matchAll(/^ {2}(\/api\/[^:]+):$/gm)].map((m) => m[1]);
    expect(paths.length).toBeGreaterThanOrEqual(12);
    for (const route of paths) expect(Object.keys(v1Operations).some((key) => key.endsWith(` ${route}`)), route).toBe(true);
    expect(Object.keys(v1Operations).filter((key) => key.includes('/api/orders/list'))).toEqual([]);
  });

  it('accept the documented ShipmentRequest, refuse one without a required field, and name keys the YAML does not', () => {
    const request = {
      from: { name: 'full name', street: 'xxx Grand Ave', city: 'Los Angeles', state: 'CA', zip: '90018', country: 'US' },
      to: { name: 'full name', street: 'xxx Grand Ave', city: 'Los Angeles', state: 'CA', zip: '90018', country: 'US', residential: true },
      shipments: [{ length: 6, width: 6, height: 6, weight: 1, packages: ['usps_small_flat_rate_box'] }],
      order: { warehouse_name: 'WH', service_type: 'usps_ground_advantage', signature: 'SIGNATURE' },
      options: { ship_date: '2024-02-07T10:55:56-08:00', require_saturday_delivery: false },
    };
    expect(ShipmentRequest.safeParse(request).success).toBe(true);
    expect(undocumentedKeys(ShipmentRequest, request)).toEqual([]);
    const { shipments: _shipments, ...withoutShipments } = request;
    expect(ShipmentRequest.safeParse(withoutShipments).success).toBe(false);
    expect(ShipmentRequest.safeParse({ ...request, order: { ...request.order, signature: 'ADULT' } }).success).toBe(false);
    expect(undocumentedKeys(ShipmentRequest, { ...request, option_data: {}, order: { ...request.order, notes: 'x' } })).toEqual(['order.notes', 'option_data']);
  });
});
