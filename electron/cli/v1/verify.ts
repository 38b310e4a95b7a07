import { parseArgs } from 'node:util';
import { stationOptions, withHeadlessStation } from '../headless';
import { addressOptions } from '../addressOptions';
import { CliUsageError, type CliCommand } from '../command';

export const v1VerifyCommand: CliCommand = {
  name: 'verify',
  summary: 'Verify and standardize a U.S. address through v1',
  usage: [
    'parcel-station v1 verify --street S [--street2 S2] --city C --state ST --zip Z [--country CC] [--json]',
    '→ {"confirmed": bool, "corrected": bool, "residential": bool | null, "standardized": {"street", "street2", "city", "state", "zip"} | null,',
    '   "problems": [string], "corrections": [string]}   (exit 1 when the address is not confirmed)',
  ].join('\n'),
  async run(argv, io) {
    const { values } = parseArgs({
      args: [...argv],
      options: {
        ...stationOptions,
        json: { type: 'boolean', default: false },
        ...addressOptions,
      },
      strict: true,
    });
    const missing = (['street', 'city', 'state', 'zip'] as const).filter((k) => !values[k]?.trim());
    if (missing.length > 0) throw new CliUsageError(`Give the address's ${missing.map((k) => `--${k}`).join(', ')}.`);
    return withHeadlessStation(values, async (headless) => {
      const check = await headless.call('account.verifyAddress', {
        street: values.street as string,
        ...(values.street2 ? { street2: values.street2 } : {}),
        city: values.city as string,
        state: values.state as string,
        zip: values.zip as string,
        ...(values.country ? { country: values.country } : {}),
      });
      const a = check.address;
      const standardized = a ? { street: a.street, street2: a.street2, city: a.city, state: a.state, zip: a.zip } : null;
      const problems = check.errors.map((e) => e.message);
      const corrections = check.corrections.map((c) => c.message);
      const confirmed = !check.errored;
      if (values.json) io.out(JSON.stringify({ confirmed, corrected: check.corrected, residential: check.residential, standardized, problems, corrections }));
      else {
        io.out(confirmed ? 'The address is confirmed.' : 'The address is not confirmed.');
        if (standardized) io.out(`  ${standardized.street}${standardized.street2 ? `, ${standardized.street2}` : ''}, ${standardized.city} ${standardized.state} ${standardized.zip}`);
        for (const p of problems) io.out(`  Problem: ${p}`);
        for (const c of corrections) io.out(`  Corrected: ${c}`);
      }
      return confirmed ? 0 : 1;
    });
  },
};
