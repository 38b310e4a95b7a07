import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { UndocumentedLog, undocumentedKeys } from '../../../electron/sandbox/schemas/undocumented';
import { addressValidateSchema, pickupAddSchema } from '../../../electron/sandbox/schemas/v2/other';
import { createAndPaySchema, directBuySchema, getRatesSchema, quickRateSchema } from '../../../electron/sandbox/schemas/v2/shipment';
import { addressValidateExample, createAndPayExample, pickupAddExample, quickRateItemExample } from '../../support/v2DocExamples';

// The sandbox's own v2 request schemas against the docs' example bodies
// (v2-docs.md, read from the file) and against the station's old wrong shapes.

interface Forms {
  readonly documented: z.ZodType;
  readonly accepted: z.ZodType;
}

const accepts = (forms: Forms, body: unknown) => forms.accepted.safeParse(body).success;

describe('the docs\' example bodies', () => {
  it('pass every form, and name no undocumented key', () => {
    const examples: Array<[Forms, unknown]> = [
      [quickRateSchema, [quickRateItemExample()]],
      [createAndPaySchema, createAndPayExample()],
      [pickupAddSchema, pickupAddExample()],
      [addressValidateSchema, addressValidateExample()],
    ];
    for (const [forms, body] of examples) {
      expect(forms.documented.safeParse(body).success, JSON.stringify(body)).toBe(true);
      expect(accepts(forms, body), JSON.stringify(body)).toBe(true);
      expect(undocumentedKeys(forms.documented, body)).toEqual([]);
    }
  });

  it('as a get_rates body (the quick_rate item without its id) pass too', () => {
    const { request_unique_id: _id, ...rates } = quickRateItemExample();
    expect(accepts(getRatesSchema, rates)).toBe(true);
    expect(undocumentedKeys(getRatesSchema.documented, rates)).toEqual([]);
  });

  it('read option_data and carrier_package_code where the docs put them', () => {
    const [item] = quickRateSchema.accepted.parse([quickRateItemExample()]);
    expect(item?.option_data).toMatchObject({ custom_text_on_label_1: 'text1', custom_text_on_label_2: 'text2', hazardous_materials: true, additional_handing: false });
    expect(item?.package_data.carrier_package_code).toBe('USPS_LETTER');
  });
});

describe('the station\'s old shapes', () => {
  const item = quickRateItemExample();
  const { option_data: _options, ...withoutOptions } = item;
  const old: Record<string, unknown> = {
    ...withoutOptions,
    options: { signature: 'adult_signature' },
    additional_handling: true,
    carrier_package_code: 'usps_letter',
    package_data: { type: 'usps_small_flat_rate_box', length: 10, width: 8, height: 4, weight: 1.5, weight_unit: 'lb' },
  };

  it('are accepted where the docs are silent, each undocumented key named', () => {
    expect(accepts(quickRateSchema, [old])).toBe(true);
    expect(undocumentedKeys(quickRateSchema.documented, [old]).sort()).toEqual(['[].additional_handling', '[].carrier_package_code', '[].options']);
    const { request_unique_id: _id, ...rates } = old;
    expect(undocumentedKeys(getRatesSchema.documented, rates).sort()).toEqual(['additional_handling', 'carrier_package_code', 'options']);
  });

  it('leave the documented option_data empty: a top-level options object prices nothing', () => {
    const [parsed] = quickRateSchema.accepted.parse([old]);
    expect(parsed?.option_data).toBeUndefined();
  });
});

describe('what the docs forbid', () => {
  const item = quickRateItemExample();

  it('is refused', () => {
    const { label_print_type: _print, ...noPrintType } = createAndPayExample();
    expect(accepts(createAndPaySchema, noPrintType)).toBe(false);
    expect(accepts(createAndPaySchema, { ...createAndPayExample(), label_print_type: 'zpl' })).toBe(false);
    expect(accepts(quickRateSchema, Array.from({ length: 11 }, (_, i) => ({ ...item, request_unique_id: `q-${i}` })))).toBe(false);
    expect(accepts(quickRateSchema, [{ ...item, request_unique_id: undefined }])).toBe(false);
    expect(accepts(quickRateSchema, [{ ...item, option_data: { hazardous_materials: 'yes' } }])).toBe(false);
    const { state: _state, ...noState } = addressValidateExample();
    expect(accepts(addressValidateSchema, noState)).toBe(false);
    expect(accepts(pickupAddSchema, { ...pickupAddExample(), carrier_code: 'UPS' })).toBe(false);
    expect(accepts(pickupAddSchema, { ...pickupAddExample(), package_location: ['garage'] })).toBe(false);
    expect(accepts(directBuySchema, { platform_uk_id: 'p-1', carrier_code: 'ACME', service_level: 'USPS_GROUND_ADVANTAGE' })).toBe(false);
  });

  it('but not what they leave open: direct_buy without label_print_type, a quick_rate item without names', () => {
    const { request_unique_id: _id, option_data: _o, shipment_rate_carrier_data: _c, ...rates } = item;
    expect(accepts(directBuySchema, { platform_uk_id: 'p-1', carrier_code: 'USPS', service_level: 'USPS_GROUND_ADVANTAGE', ...rates })).toBe(true);
    const nameless = { ...(item.from_address_data as Record<string, unknown>), first_name: undefined, last_name: undefined };
    expect(accepts(quickRateSchema, [{ ...item, from_address_data: nameless }])).toBe(true);
    expect(accepts(getRatesSchema, { ...rates, from_address_data: nameless })).toBe(false);
  });
});

describe('the undocumented-request log', () => {
  it('counts repeats under one entry and stops taking new fields at its bound', () => {
    const log = new UndocumentedLog();
    log.note('POST /api/shipment/get_rates', 'options', 'key');
    log.note('POST /api/shipment/get_rates', 'options', 'key');
    expect(log.list()).toEqual([{ endpoint: 'POST /api/shipment/get_rates', field: 'options', kind: 'key', count: 2 }]);
    for (let i = 0; i < UndocumentedLog.MAX_ENTRIES + 50; i += 1) log.note('POST /api/shipment/get_rates', `invented_${i}`, 'key');
    expect(log.list()).toHaveLength(UndocumentedLog.MAX_ENTRIES);
    expect(log.list()[0]?.count).toBe(2);
  });
});
