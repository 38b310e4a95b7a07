import os from 'node:os';
import { PRINTED, type Delivery } from '../transport/transport';
import { PrinterSendError } from '../usb/usbPrinter';
import { cupsUri, describeCupsServer, resolveCupsServer, type CupsServer } from './cupsServer';
import { attributes, IPP, IppCallError, ippCall, operationGroup, STATUS, TAG, text } from './ippClient';
import { spoolerJobName, type InstalledQueue, type OsPrintQueues, type RawJob } from './osQueues';

/** printer-state (RFC 8011 5.4.11). */
const PRINTER_STATES: Readonly<Record<number, InstalledQueue['state']>> = { 3: 'idle', 4: 'printing', 5: 'stopped' };
/** Job states still in the spooler's hands: pending, held, processing, stopped (RFC 8011 5.3.7). */
const UNFINISHED_JOB_STATES = new Set([3, 4, 5, 6]);
const JOB_CANCELED = 7;
const JOB_ABORTED = 8;
const JOB_COMPLETED = 9;
const JOB_STATE_WORDS: Readonly<Record<number, string>> = { 3: 'waiting its turn', 4: 'held', 5: 'printing', 6: 'stopped' };
/** CUPS' name for "pass the bytes to the device untouched". */
const RAW_FORMAT = 'application/vnd.cups-raw';

export interface CupsQueuesOptions {
  /** Where the scheduler is; by default CUPS_SERVER or the local scheduler, looked up on every call. */
  readonly server?: () => CupsServer;
  readonly timeoutMs?: number;
  readonly userName?: string;
  /** How long a job is followed to "completed" before it is left to CUPS as sent, not confirmed. */
  readonly confirmMs?: number;
  /** How often a followed job's state is asked. */
  readonly pollMs?: number;
}

/** CUPS over IPP: the local scheduler (or CUPS_SERVER) lists its queues and takes raw jobs. */
export function createCupsQueues(options: CupsQueuesOptions = {}): OsPrintQueues {
  const server = options.server ?? (() => resolveCupsServer());
  const user = options.userName ?? safeUserName();
  const timeoutMs = options.timeoutMs ?? 15_000;
  const who = (attrs: ReturnType<typeof operationGroup>['attributes']) =>
    operationGroup([...attrs, { tag: TAG.name, name: 'requesting-user-name', value: [user] }]);

  /** The unfinished jobs of a queue, by name, with CUPS' job ids. */
  async function queueJobs(at: CupsServer, queue: string): Promise<Array<{ readonly name: string; readonly id: number }>> {
    const answer = await ippCall(
      at,
      `/printers/${encodeURIComponent(queue)}`,
      IPP.getJobs,
      [
        who([
          { tag: TAG.uri, name: 'printer-uri', value: [cupsUri(at, `/printers/${encodeURIComponent(queue)}`)] },
          { tag: TAG.keyword, name: 'which-jobs', value: ['not-completed'] },
          { tag: TAG.keyword, name: 'requested-attributes', value: ['job-id', 'job-name', 'job-state'] },
        ]),
      ],
      { timeoutMs },
    );
    return attributes(answer, TAG.job)
      .filter((job) => UNFINISHED_JOB_STATES.has(Number(job.get('job-state')?.[0])))
      .flatMap((job) => {
        const name = text(job.get('job-name')?.[0]);
        return name === null ? [] : [{ name, id: Number(job.get('job-id')?.[0]) }];
      });
  }

  /** A job's state and CUPS' reasons for it. */
  async function jobState(at: CupsServer, queue: string, jobId: number): Promise<{ readonly state: number; readonly reasons: string[] }> {
    const resource = `/printers/${encodeURIComponent(queue)}`;
    const answer = await ippCall(
      at,
      resource,
      IPP.getJobAttributes,
      [
        who([
          { tag: TAG.uri, name: 'printer-uri', value: [cupsUri(at, resource)] },
          { tag: TAG.integer, name: 'job-id', value: [jobId] },
          { tag: TAG.keyword, name: 'requested-attributes', value: ['job-state', 'job-state-reasons'] },
        ]),
      ],
      { timeoutMs },
    );
    const job = attributes(answer, TAG.job)[0];
    return { state: Number(job?.get('job-state')?.[0]), reasons: (job?.get('job-state-reasons') ?? []).flatMap((r) => text(r) ?? []).filter((r) => r !== 'none') };
  }

  /**
   * Follows a job CUPS holds until it completes, ends, or the confirm time
   * passes. Completed means CUPS' backend delivered it to the printer and
   * the printer took it; cancelled or aborted means it did not print.
   */
  async function follow(at: CupsServer, queue: string, jobId: number, total: number): Promise<Delivery> {
    const deadline = Date.now() + (options.confirmMs ?? 20_000);
    for (;;) {
      let last: { readonly state: number; readonly reasons: string[] };
      try {
        last = await jobState(at, queue, jobId);
      } catch {
        return { printed: false, unconfirmed: `CUPS took the label for "${queue}" but could not be asked whether it printed, so check that it came out` };
      }
      if (last.state === JOB_COMPLETED) return PRINTED;
      const reasons = last.reasons.length > 0 ? ` (${last.reasons.join(', ')})` : '';
      if (last.state === JOB_CANCELED) throw new PrinterSendError(`The label's job was cancelled in CUPS before it printed on "${queue}"${reasons}.`, total, false);
      if (last.state === JOB_ABORTED) throw new PrinterSendError(`CUPS could not print the label on "${queue}"${reasons}.`, total, false);
      if (Date.now() >= deadline) {
        const where = JOB_STATE_WORDS[last.state] ?? 'not finished';
        return { printed: false, unconfirmed: `CUPS holds the label for "${queue}" (${where}${last.reasons.length > 0 ? `: ${last.reasons.join(', ')}` : ''}) and has not printed it yet; it prints when the printer is ready` };
      }
      await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 250));
    }
  }

  return {
    system: 'CUPS',
    async list() {
      const at = server();
      let answer;
      try {
        answer = await ippCall(
          at,
          '/',
          IPP.cupsGetPrinters,
          [
            who([
              {
                tag: TAG.keyword,
                name: 'requested-attributes',
                value: ['printer-name', 'printer-state', 'printer-state-message', 'printer-make-and-model', 'printer-info', 'printer-is-accepting-jobs'],
              },
            ]),
          ],
          { timeoutMs },
        );
      } catch (error) {
        // CUPS answers "not found" when it has no printers at all.
        if (error instanceof IppCallError && error.statusCode === STATUS.notFound) return [];
        throw new Error(`${capitalize(describeCupsServer(at))} is not answering (${error instanceof Error ? error.message : String(error)}).`, { cause: error });
      }
      return attributes(answer, TAG.printer).flatMap((p): InstalledQueue[] => {
        const name = text(p.get('printer-name')?.[0]);
        if (!name) return [];
        return [
          {
            name,
            state: PRINTER_STATES[Number(p.get('printer-state')?.[0])] ?? 'unknown',
            stateMessage: text(p.get('printer-state-message')?.[0]) || null,
            model: text(p.get('printer-make-and-model')?.[0]) || null,
            description: text(p.get('printer-info')?.[0]) || null,
            acceptingJobs: p.get('printer-is-accepting-jobs')?.[0] !== false,
          },
        ];
      });
    },
    async printRaw(queue: string, bytes: Uint8Array, job: RawJob, spooled?: () => void) {
      const at = server();
      const resource = `/printers/${encodeURIComponent(queue)}`;
      const jobName = spoolerJobName(job);
      let jobId: number;
      try {
        // A retry after an answer that never came: the job may already sit in the spooler, and sending it again would print it twice.
        const waiting = (await queueJobs(at, queue)).find((j) => j.name === jobName);
        if (waiting) jobId = waiting.id;
        else jobId = await sendJob();
      } catch (error) {
        throw describeCupsFailure(error, queue, at, bytes.length);
      }
      spooled?.();
      if (!Number.isInteger(jobId) || jobId <= 0) return { printed: false, unconfirmed: `CUPS took the label for "${queue}" without naming its job, so check that it came out` };
      return follow(at, queue, jobId, bytes.length);

      async function sendJob(): Promise<number> {
        const answer = await ippCall(
          at,
          resource,
          IPP.printJob,
          [
            who([
              { tag: TAG.uri, name: 'printer-uri', value: [cupsUri(at, resource)] },
              { tag: TAG.name, name: 'job-name', value: [jobName] },
              { tag: TAG.mimeType, name: 'document-format', value: [job.format ?? RAW_FORMAT] },
            ]),
          ],
          { data: bytes, timeoutMs },
        );
        return Number(attributes(answer, TAG.job)[0]?.get('job-id')?.[0]);
      }
    },
  };
}

function describeCupsFailure(error: unknown, queue: string, at: CupsServer, total: number): PrinterSendError {
  if (!(error instanceof IppCallError)) return new PrinterSendError(`Printing to "${queue}" failed (${error instanceof Error ? error.message : String(error)}).`, 0);
  if (error.reason === 'unreachable') return new PrinterSendError(`${capitalize(describeCupsServer(at))} is not answering. Check that the print service (CUPS) is running; the label prints then.`, 0);
  if (error.reason === 'no-answer') return new PrinterSendError(`${capitalize(describeCupsServer(at))} took the label for "${queue}" but did not confirm it (${error.message}).`, total);
  switch (error.statusCode) {
    case STATUS.notFound:
      return new PrinterSendError(`There is no printer "${queue}" in CUPS any more. Set it up again or choose another printer.`, 0, false);
    case STATUS.notAcceptingJobs:
      return new PrinterSendError(`The printer "${queue}" is not accepting jobs in CUPS. Resume it (cupsaccept ${queue}); the label prints then.`, 0);
    case STATUS.notAuthorized:
    case STATUS.notAuthenticated:
      return new PrinterSendError(`CUPS does not let this user print to "${queue}". Ask the administrator to allow it.`, 0, false);
    default:
      return new PrinterSendError(`CUPS refused the label for "${queue}" (${error.message}).`, 0, false);
  }
}

function capitalize(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function safeUserName(): string {
  try {
    return os.userInfo().username;
  } catch {
    return 'parcel-station';
  }
}
