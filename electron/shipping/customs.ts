import type { CustomData } from '../../shared/api/v2/customs';
import { fail } from '../../shared/contract/errors';
import type { CustomsDeclaration, StationAddress } from '../../shared/contract/shippingTypes';
import { addressProblems, isInternational } from '../../shared/domain/countries';
import { customsProblems, exportFiling, normalizeHsCode } from '../../shared/domain/customs';

/**
 * Checks a shipment against its countries' rules before anything is rated or
 * bought: the phone at both ends when the package leaves the origin country,
 * and a complete customs declaration (items unless documents, the AES rule).
 * The first problem is refused in the packer's words, naming its field.
 */
export function checkShipment(from: StationAddress, to: StationAddress, customs: CustomsDeclaration | undefined): void {
  const recipient = addressProblems(to, { otherCountry: from.country, whose: "the recipient's" });
  if (recipient[0]) fail('invalid_input', recipient[0].message, { field: `to.${recipient[0].field}` });
  const sender = addressProblems(from, { otherCountry: to.country, whose: 'the ship-from' });
  if (sender[0]) fail('invalid_input', `Ship-from address: ${sender[0].message}. Fix it in Settings.`, { field: `from.${sender[0].field}` });
  if (!isInternational(from.country, to.country)) return;
  const problems = customsProblems(customs);
  if (problems[0]) fail('invalid_input', problems[0].message, { field: `customs.${problems[0].field}` });
}

/** custom_data for a package that leaves the origin country; none for a domestic one. */
export function toCustomData(from: StationAddress, to: StationAddress, customs: CustomsDeclaration | undefined): CustomData | undefined {
  if (!customs || !isInternational(from.country, to.country)) return undefined;
  const filing = exportFiling(customs);
  return {
    contents_type: customs.contentsType.toUpperCase() as CustomData['contents_type'],
    non_delivery_option: customs.nonDelivery.toUpperCase() as CustomData['non_delivery_option'],
    eel_pfc_type: filing.type,
    eel_pfc_code: filing.code,
    contents: customs.items.map((item) => {
      const hs = normalizeHsCode(item.hsCode);
      return {
        description: item.description,
        quantity: item.quantity,
        value: item.valueUsd,
        weight: Math.round((item.weightOz / 16) * 10_000) / 10_000,
        ...(hs ? { hs_tariff_number: hs } : {}),
        origin_country: item.originCountry.toUpperCase(),
      };
    }),
  };
}
