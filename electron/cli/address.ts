import { parseArgs } from 'node:util';
import { addressSchema } from '../../shared/contract/shipping';
import type { StationAddress } from '../../shared/contract/shippingTypes';
import { judgeAddress, movedWords } from '../bench/addressRule';
import { stationOptions, stationOptionsUsage, withHeadlessStation } from './headless';
import { addressOptions } from './addressOptions';
import { CliUsageError, type CliCommand } from './command';
import { optionWords } from './flagWords';

/** The address as typed on the command line, checked by the station's own address rules. */
function typedAddress(values: Record<string, string | boolean | undefined>): StationAddress {
  const text = (flag: string) => (typeof values[flag] === 'string' ? (values[flag] as string) : undefined);
  // The service wants a name on every address; an address alone is checked for whoever lives there.
  const name = text('name') ?? text('company') ?? 'Resident';
  const parsed = addressSchema.safeParse({
    name,
    company: text('company'),
    street: text('street'),
    street2: text('street2'),
    city: text('city'),
    state: text('state') ?? '',
    zip: text('zip') ?? '',
    country: text('country'),
  });
  if (!parsed.success) throw new CliUsageError(optionWords(parsed.error.issues[0]));
  return parsed.data as StationAddress;
}

export const addressCommand: CliCommand = {
  name: 'address',
  summary: 'Check and standardize an address with the service (address validate)',
  usage: [
    'Usage: parcel-station address validate --street S [--street2 S2] --city C --state ST --zip Z [--country CC] [--name N] [--company C] [--json] [options]',
    '',
    'Asks the service to check the address and prints, with --json, one line:',
    '{"confirmed": true|false, "standardized": {"street", "street2", "city", "state", "zip"} or null, "problems": ["..."]}.',
    'confirmed is true when the station would buy for the address without asking (the service confirmed it,',
    'or only changed how it is written); problems says, in the service\'s words, what stops it.',
    '',
    ...stationOptionsUsage,
  ].join('\n'),
  async run(argv, io) {
    const { values, positionals } = parseArgs({
      args: [...argv],
      options: {
        ...stationOptions,
        ...addressOptions,
        name: { type: 'string' },
        company: { type: 'string' },
        json: { type: 'boolean', default: false },
      },
      allowPositionals: true,
      strict: true,
    });
    if (positionals[0] !== 'validate' || positionals.length > 1) throw new CliUsageError('Use: parcel-station address validate --street ... --city ... --state ... --zip ...');
    const entered = typedAddress(values);
    return withHeadlessStation(values, async (headless) => {
      const check = await headless.call('address.validate', { address: entered });
      const verdict = judgeAddress(entered, check, null);
      const confirmed = verdict.address.status !== 'needs_decision';
      const problems = [...check.messages];
      if (!check.valid && problems.length === 0) problems.push('The service could not confirm this address; it may not exist as written.');
      const moved = movedWords(check.corrections);
      if (check.valid && !confirmed && moved) problems.push(`The service would move this address: ${moved}.`);
      const std = check.standardized;
      const standardized = std ? { street: std.street, street2: std.street2 ?? '', city: std.city, state: std.state, zip: std.zip } : null;
      if (values.json) io.out(JSON.stringify({ confirmed, standardized, problems }));
      else {
        io.out(confirmed ? 'Confirmed.' : 'Not confirmed.');
        if (standardized) io.out(`Standardized: ${[standardized.street, standardized.street2, standardized.city, `${standardized.state} ${standardized.zip}`].filter(Boolean).join(', ')}`);
        for (const p of problems) io.out(p);
      }
      return 0;
    });
  },
};
