import type { OsPrintQueues } from '../osqueue/osQueues';
import type { PrinterTransport, SendJob } from './transport';

/**
 * A printer installed in the OS (CUPS queue or Windows printer): the job's
 * printer-language bytes go to the spooler as one raw job. The spooler keeps
 * the job when the printer is off, so the queue is always "present".
 */
export function createOsQueuePrinter(queues: OsPrintQueues, name: string): PrinterTransport {
  return {
    kind: 'queue',
    description: `"${name}" in ${queues.system}`,
    isPresent: () => true,
    async send(bytes: Uint8Array, job: SendJob, onProgress?: (sent: number) => void) {
      return queues.printRaw(name, bytes, { id: job.id, title: job.title }, () => onProgress?.(bytes.length));
    },
  };
}
