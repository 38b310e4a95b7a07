import { parseArgs } from 'node:util';
import { finalPrintJobStatuses } from '../../shared/contract/printing';
import type { OsPrintQueues } from '../printing/osqueue/osQueues';
import type { UsbBus } from '../usb/usbTypes';
import { CliUsageError, type CliCommand } from './command';
import { openPrinting } from '../station/printingStation';
import { readInputFile } from './inputFile';

export function createPrintCommand(deps: { usb?: UsbBus | null; osQueues?: OsPrintQueues | null } = {}): CliCommand {
  return {
    name: 'print',
    summary: 'Print a label PNG on one of the station\'s printers, through the print queue',
    usage: [
      'Usage: parcel-station print --in label.png [--printer ID] [--wait-ms N] [--json] [--data-dir DIR]',
      '',
      'Queues the label (it is stored first, like every label the station prints) and waits for it to print.',
      'Without --printer the default printer is used; `parcel-station printers` lists the ids.',
      '',
      '  --wait-ms N  how long to wait for the printer (default 60000); the job stays queued after that',
      '  --json       one JSON line: the print job',
    ].join('\n'),
    async run(argv, io) {
      const { values } = parseArgs({
        args: [...argv],
        options: {
          in: { type: 'string' },
          printer: { type: 'string' },
          'wait-ms': { type: 'string', default: '60000' },
          json: { type: 'boolean', default: false },
          'data-dir': { type: 'string' },
        },
        strict: true,
      });
      if (!values.in) throw new CliUsageError('--in is required.');
      const waitMs = Number(values['wait-ms']);
      if (!Number.isInteger(waitMs) || waitMs < 0) throw new CliUsageError('--wait-ms must be a whole number of milliseconds.');
      const png = readInputFile(values.in);
      const station = await openPrinting(values['data-dir'], deps.usb, deps.osQueues);
      try {
        const { jobId } = await station.printing.service.enqueue({ png, title: values.in, kind: 'label', ...(values.printer ? { printerId: values.printer } : {}) });
        const job = await station.printing.service.waitForJob(jobId, { timeoutMs: waitMs });
        if (values.json) io.out(JSON.stringify(job));
        else if (job.status === 'done') io.out(`Printed on ${job.printerId} (job ${job.id}, ${job.bytesTotal} bytes).`);
        else if (job.status === 'sent') io.out(`${job.error ?? `Sent to ${job.printerId}.`} (job ${job.id}, ${job.bytesTotal} bytes)`);
        else io.out(`Not printed (${job.status === 'failed' ? 'failed' : job.status === 'cancelled' ? 'cancelled' : 'still waiting'}): ${job.error ?? 'waiting for the printer'}. Job ${job.id}${finalPrintJobStatuses.has(job.status) ? '' : ' stays in the queue'}.`);
        return job.status === 'done' || job.status === 'sent' ? 0 : 1;
      } finally {
        await station.close();
      }
    },
  };
}

export const printCommand = createPrintCommand();
