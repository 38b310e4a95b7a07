import { parseArgs } from 'node:util';
import { StationFailure } from '../../shared/contract/errors';
import { finalPrintJobStatuses } from '../../shared/contract/printing';
import type { Shipment } from '../../shared/contract/shippingTypes';
import { stationOptions, stationOptionsUsage, withHeadlessStation, type HeadlessStation } from './headless';
import { CliUsageError, type CliCommand } from './command';


/** The last status of each job, once every one has left the queue (or the time is up). */
async function waitForJobs(headless: HeadlessStation, jobIds: readonly string[], timeoutMs: number): Promise<Map<string, string>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const jobs = await headless.call('printJobs.list', { limit: 500 });
    const status = new Map(jobs.filter((j) => jobIds.includes(j.id)).map((j) => [j.id, j.status] as const));
    if (jobIds.every((id) => finalPrintJobStatuses.has(status.get(id) ?? 'done')) || Date.now() > deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const reprintCommand: CliCommand = {
  name: 'reprint',
  summary: 'Print stored labels again, by tracking number (in warehouse mode, labels any bench bought)',
  usage: [
    'Usage: parcel-station reprint TRACKING_NO... [--json] [options]',
    '',
    'Prints each stored label through the print queue, in the order given; no call to the shipping service.',
    'In warehouse mode a label another bench bought is fetched from the warehouse database once and kept here.',
    'With --json prints one JSON line per label: {"tracking_no", "platform_uk_id", "job_ids", "status"}.',
    'A label that is not found or does not print is told on stderr; the others still print.',
    '',
    ...stationOptionsUsage,
  ].join('\n'),
  async run(argv, io) {
    const { values, positionals } = parseArgs({ args: [...argv], options: { ...stationOptions, json: { type: 'boolean', default: false } }, allowPositionals: true, strict: true });
    if (positionals.length === 0) throw new CliUsageError('Give the tracking number of the label to print again.');
    return withHeadlessStation(values, async (headless) => {
      let allDone = true;
      // Every label is queued first, then waited on: a run of labels prints at the printer's pace, not one round trip each.
      const queued: Array<{ shipment: Shipment; jobIds: readonly string[] }> = [];
      for (const ref of positionals) {
        try {
          const shipment = await headless.call('shipments.find', { ref });
          const { jobIds } = await headless.call('history.reprint', { shipmentId: shipment.id, kind: 'label' });
          queued.push({ shipment, jobIds });
        } catch (error) {
          // One unknown tracking number must not stop the rest of a reprint run.
          if (!(error instanceof StationFailure) || positionals.length === 1) throw error;
          allDone = false;
          io.err(`${ref}: ${error.message}`);
        }
      }
      const finished = await waitForJobs(headless, queued.flatMap((q) => q.jobIds), 60_000);
      for (const { shipment, jobIds } of queued) {
        const statuses = jobIds.map((id) => finished.get(id) ?? 'unknown');
        // The least certain job speaks for the label: one that failed, then one only sent, else printed.
        const status = statuses.find((s) => s !== 'done' && s !== 'sent') ?? (statuses.includes('sent') ? 'sent' : 'done');
        if (status !== 'done' && status !== 'sent') allDone = false;
        const ref = shipment.trackingNo ?? shipment.platformUkId;
        io.out(
          values.json
            ? JSON.stringify({ tracking_no: shipment.trackingNo, platform_uk_id: shipment.platformUkId, job_ids: jobIds, status })
            : status === 'done'
              ? `Printed ${ref} again.`
              : status === 'sent'
                ? `Sent ${ref} to the printer again; it cannot say whether it printed, so check that it came out.`
                : `${ref} did not print again (${status === 'failed' ? 'failed' : status === 'cancelled' ? 'cancelled' : 'still waiting for the printer'}; see the print queue).`,
        );
      }
      return allDone ? 0 : 1;
    });
  },
};
