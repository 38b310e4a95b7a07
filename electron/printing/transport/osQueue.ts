import type { InstalledQueue, OsPrintQueues } from '../osqueue/osQueues';
import type { PrinterTransport, Readiness, SendJob } from './transport';

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
    /** A stopped queue would only hold the label in the spooler, where a Retry could not tell it was there. */
    async readiness(): Promise<Readiness> {
      let queue: InstalledQueue | undefined;
      try {
        queue = (await queues.list()).find((q) => q.name === name);
      } catch (error) {
        return { state: 'unknown', words: `could not be asked for its state (${error instanceof Error ? error.message : String(error)})` };
      }
      if (!queue) return { state: 'unknown', words: `is not installed in ${queues.system} any more` };
      const said = queue.stateMessage ? `: ${queue.stateMessage}` : '';
      if (queue.state === 'stopped') return { state: 'stopped', words: `is stopped in ${queues.system}${said}` };
      if (!queue.acceptingJobs) return { state: 'stopped', words: `is not accepting jobs in ${queues.system}${said}` };
      return queue.state === 'unknown' ? { state: 'unknown', words: `has a state ${queues.system} does not name` } : { state: 'ready' };
    },
  };
}
