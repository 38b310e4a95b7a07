import type { BenchOptions } from '../../shared/contract/bench';
import { fail } from '../../shared/contract/errors';
import type { PackageSpec, ShippingSettings } from '../../shared/contract/shippingTypes';
import { carrierPackageCode } from '../../shared/domain/carrierPackages';
import { noOptions } from './benchState';

/** The box and options a purchase with no one at the bench names, as the Ship screen would set them. */
export interface UnattendedChoice {
  readonly options: BenchOptions;
  /** The label's second custom line. */
  readonly reference?: string;
  /** The named box; the order's own box (or the default preset) when absent. */
  readonly box?: Omit<PackageSpec, 'weightOz'>;
}

interface NamedOptions {
  readonly signature?: BenchOptions['signature'] | undefined;
  readonly saturday?: boolean;
  readonly additionalHandling?: boolean;
  readonly preset?: string | undefined;
  readonly reference?: string | undefined;
}

/**
 * A box named as the operator would name it: one of the station's presets
 * (any case), else a carrier's predefined package in either case
 * (usps_flat_rate_envelope, USPS_FLAT_RATE_ENVELOPE). Anything else is
 * refused in words that list the presets.
 */
export function namedBox(name: string, settings: Pick<ShippingSettings, 'presets'> | null): Omit<PackageSpec, 'weightOz'> {
  const presets = settings?.presets ?? [];
  const preset = presets.find((p) => p.name.trim().toLowerCase() === name.trim().toLowerCase());
  if (preset) return { lengthIn: preset.lengthIn, widthIn: preset.widthIn, heightIn: preset.heightIn, ...(preset.packageCode ? { packageCode: preset.packageCode } : {}) };
  const code = carrierPackageCode(name);
  if (code) return { packageCode: code };
  const known = presets.length > 0 ? `the station's presets are ${presets.map((p) => p.name).join(', ')}` : 'the station has no box presets yet';
  return fail('invalid_input', `No box preset or carrier package is called "${name.trim()}": ${known}; a carrier package is named like USPS_FLAT_RATE_ENVELOPE or UPS_PAK.`, { field: 'preset' });
}

export function unattendedChoice(args: NamedOptions, settings: Pick<ShippingSettings, 'presets'> | null): UnattendedChoice {
  return {
    options: { ...noOptions, signature: args.signature ?? null, saturday: args.saturday === true, additionalHandling: args.additionalHandling === true },
    ...(args.reference ? { reference: args.reference } : {}),
    ...(args.preset ? { box: namedBox(args.preset, settings) } : {}),
  };
}
