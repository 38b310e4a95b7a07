import { parseArgs } from 'node:util';
import { stationOptions, stationOptionsUsage, withHeadlessStation } from './headless';
import { CliUsageError, type CliCommand } from './command';

export const insureCommand: CliCommand = {
  name: 'insure',
  summary: 'What insuring a package costs, from the service (insure quote)',
  usage: [
    'Usage: parcel-station insure quote --amount USD [--service SERVICE_LEVEL] [--carrier CARRIER] [--json] [options]',
    '',
    'Asks the service what insuring a package for USD dollars costs. With --json prints one line:',
    '{"fee": dollars or null when the service did not say, "rate_id": the insurance rate a purchase names}.',
    'To buy the insurance with a label: parcel-station buy --order N --insure USD.',
    '',
    '  --amount USD        the declared value in dollars (up to 10000)',
    '  --service LEVEL     the service level the package ships with, such as USPS_GROUND_ADVANTAGE',
    '  --carrier CARRIER   the carrier, such as USPS or UPS',
    ...stationOptionsUsage,
  ].join('\n'),
  async run(argv, io) {
    const { values, positionals } = parseArgs({
      args: [...argv],
      options: { ...stationOptions, amount: { type: 'string' }, service: { type: 'string' }, carrier: { type: 'string' }, json: { type: 'boolean', default: false } },
      allowPositionals: true,
      strict: true,
    });
    if (positionals[0] !== 'quote' || positionals.length > 1) throw new CliUsageError('Use: parcel-station insure quote --amount USD');
    const amount = Number(values.amount?.replace(/^\$/, ''));
    if (values.amount === undefined || values.amount.trim() === '' || !Number.isFinite(amount) || amount <= 0) {
      throw new CliUsageError('Give the declared value in dollars with --amount, such as --amount 120.');
    }
    return withHeadlessStation(values, async (headless) => {
      const quote = await headless.call('insurance.quote', {
        amount,
        ...(values.service ? { serviceLevel: values.service } : {}),
        ...(values.carrier ? { carrierCode: values.carrier.toUpperCase() } : {}),
      });
      if (quote.premium === null) io.err('The service gave an insurance rate but did not say its fee.');
      io.out(
        values.json
          ? JSON.stringify({ fee: quote.premium, rate_id: quote.rateId })
          : `Insuring $${quote.amount.toFixed(2)} costs ${quote.premium === null ? 'an amount the service did not say' : `$${quote.premium.toFixed(2)}`} (insurance rate ${quote.rateId}).`,
      );
      return 0;
    });
  },
};
