import type { CommandInput } from '../../shared/contract';
import { SERVICE_HOME_COUNTRY } from '../../shared/domain/countries';
import type { BenchOptions } from '../../shared/contract/bench';
import type { CustomsDeclaration, PackageSpec, StationAddress } from '../../shared/contract/shippingTypes';

/**
 * What rates are asked for. An address without a residential flag is rated as
 * residential (the dearer case), so only a service answer of "commercial"
 * changes a rate once the address is checked.
 */
export function ratingInput(
  to: StationAddress,
  pkg: PackageSpec,
  options: BenchOptions,
  orderNumber: string | null,
  customs: CustomsDeclaration | null = null,
): CommandInput<'rates.quote'> & { readonly to: StationAddress } {
  return {
    to: { ...to, residential: to.residential ?? true },
    package: pkg,
    ...(orderNumber ? { orderNumber } : {}),
    // The order's customs declaration: the station uses it only when the package leaves the country.
    ...(customs ? { customs } : {}),
    options: {
      ...(options.signature ? { signature: options.signature } : {}),
      ...(options.saturday ? { saturday: true } : {}),
      ...(options.additionalHandling ? { additionalHandling: true } : {}),
      ...(options.returnLabel ? { isReturnLabel: true } : {}),
    },
  };
}

/**
 * Two rating inputs with the same key get the same rates: only the ZIP5, the
 * state, the country and the residential flag of the address count, so a
 * standardization that changes the form of the address never costs a second
 * round trip.
 */
export function ratingKey(input: CommandInput<'rates.quote'> & { readonly to: StationAddress }): string {
  const { to } = input;
  return JSON.stringify({
    zip5: to.zip.replace(/\s/g, '').slice(0, 5),
    state: to.state.trim().toUpperCase(),
    country: (to.country ?? SERVICE_HOME_COUNTRY).toUpperCase(),
    residential: to.residential ?? true,
    poBox: /\bP\s*\.?\s*O\s*\.?\s*BOX\b|\bPOST\s+OFFICE\s+BOX\b/i.test(to.street),
    package: input.package,
    options: input.options,
    customs: input.customs ?? null,
  });
}
