import { parseArgs } from 'node:util';
import { stationOptions, stationOptionsUsage, withHeadlessStation } from './headless';
import { CliUsageError, type CliCommand } from './command';

export const voidCommand: CliCommand = {
  name: 'void',
  summary: 'Void a label by tracking number (or shipment number, or platform_uk_id)',
  usage: ['Usage: parcel-station void TRACKING_NO [--json] [options]', '', ...stationOptionsUsage].join('\n'),
  async run(argv, io) {
    const { values, positionals } = parseArgs({ args: [...argv], options: { ...stationOptions, json: { type: 'boolean', default: false } }, allowPositionals: true, strict: true });
    const [ref] = positionals;
    if (!ref) throw new CliUsageError('Give the tracking number of the label to void.');
    return withHeadlessStation(values, async (headless) => {
      const s = await headless.call('labels.void', { ref });
      io.out(values.json ? JSON.stringify(s) : `Voided ${s.trackingNo ?? ref} (${s.serviceName ?? s.serviceLevel ?? 'label'}${s.orderNumber ? `, order ${s.orderNumber}` : ''}).`);
      return 0;
    });
  },
};
