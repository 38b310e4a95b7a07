import { parseArgs } from 'node:util';
import { openHeadlessStation, stationOptions, stationOptionsUsage } from '../shipping/headless';
import { waitForPrint } from './buy';
import { CliUsageError, type CliCommand } from './command';

export const reprintCommand: CliCommand = {
  name: 'reprint',
  summary: 'Print a stored label again, by tracking number (in warehouse mode, a label any bench bought)',
  usage: [
    'Usage: parcel-station reprint TRACKING_NO [--json] [options]',
    '',
    'Prints the stored label through the print queue; no call to the shipping service.',
    'In warehouse mode a label another bench bought is fetched from the warehouse database once and kept here.',
    'With --json prints one JSON line: {"tracking_no", "platform_uk_id", "job_ids", "status"}.',
    '',
    ...stationOptionsUsage,
  ].join('\n'),
  async run(argv, io) {
    const { values, positionals } = parseArgs({ args: [...argv], options: { ...stationOptions, json: { type: 'boolean', default: false } }, allowPositionals: true, strict: true });
    const [ref] = positionals;
    if (!ref) throw new CliUsageError('Give the tracking number of the label to print again.');
    const headless = await openHeadlessStation(values);
    try {
      const shipment = await headless.call('shipments.find', { ref });
      const { jobIds } = await headless.call('history.reprint', { shipmentId: shipment.id, kind: 'label' });
      const statuses = [];
      for (const jobId of jobIds) statuses.push(await waitForPrint(headless, jobId, 60_000));
      const status = statuses.every((s) => s === 'done') ? 'done' : (statuses.find((s) => s !== 'done') ?? 'unknown');
      io.out(
        values.json
          ? JSON.stringify({ tracking_no: shipment.trackingNo, platform_uk_id: shipment.platformUkId, job_ids: jobIds, status })
          : `Printed ${shipment.trackingNo ?? ref} again (${status}).`,
      );
      return status === 'done' ? 0 : 1;
    } finally {
      await headless.close();
    }
  },
};
