import { parseArgs } from 'node:util';
import { stationOptions, stationOptionsUsage, withHeadlessStation } from './headless';
import { CliUsageError, type CliCommand } from './command';

export const podCommand: CliCommand = {
  name: 'pod',
  summary: 'Ask the service for a USPS proof of delivery letter by email (pod submit)',
  usage: [
    'Usage: parcel-station pod submit TRACKING_NO --email ADDRESS [--email ADDRESS ...] [--json] [options]',
    '',
    'Asks the service to email the proof of delivery letter of a USPS label to one to three addresses.',
    'With --json prints one line: {"tracking_no", "emails", "message"}: message is the service\'s answer in words.',
    '',
    '  --email ADDRESS   where the letter goes; give --email once per address (at most 3)',
    ...stationOptionsUsage,
  ].join('\n'),
  async run(argv, io) {
    const { values, positionals } = parseArgs({
      args: [...argv],
      options: { ...stationOptions, email: { type: 'string', multiple: true }, json: { type: 'boolean', default: false } },
      allowPositionals: true,
      strict: true,
    });
    const [verb, ref, ...more] = positionals;
    if (verb !== 'submit') throw new CliUsageError('Use: parcel-station pod submit TRACKING_NO --email ADDRESS');
    if (!ref || more.length > 0) throw new CliUsageError('Give one tracking number (or shipment number, or platform id) for the proof of delivery.');
    const emails = values.email ?? [];
    if (emails.length === 0) throw new CliUsageError('Give the address the letter goes to with --email.');
    return withHeadlessStation(values, async (headless) => {
      const { message } = await headless.call('pod.submit', { ref, emails });
      io.out(values.json ? JSON.stringify({ tracking_no: ref, emails, message }) : message);
      return 0;
    });
  },
};
