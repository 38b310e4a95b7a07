import os from 'node:os';
import { PrinterSendError } from '../usb/usbPrinter';
import { cupsUri, describeCupsServer, resolveCupsServer, type CupsServer } from './cupsServer';
import { attributes, IPP, IppCallError, ippCall, operationGroup, STATUS, TAG, text } from './ippClient';
import { spoolerJobName, type InstalledQueue, type OsPrintQueues, type RawJob } from './osQueues';

/** printer-state (RFC 8011 5.4.11). */
const PRINTER_STATES: Readonly<Record<number, InstalledQueue['state']>> = { 3: 'idle', 4: 'printing', 5: 'stopped' };
/** Job states still in the spooler's hands: pending, held, processing, stopped (RFC 8011 5.3.7). */
const UNFINISHED_JOB_STATES = new Set([3, 4, 5, 6]);
/** CUPS' name for "pass the bytes to the device untouched". */
const RAW_FORMAT = 'application/vnd.cups-raw';

export interface CupsQueuesOptions {
  /** Where the scheduler is; by default CUPS_SERVER or the local scheduler, looked up on every call. */
  readonly server?: () => CupsServer;
  readonly timeoutMs?: number;
  readonly userName?: string;
}

/** CUPS over IPP: the local scheduler (or CUPS_SERVER) lists its queues and takes raw jobs. */
export function createCupsQueues(options: CupsQueuesOptions = {}): OsPrintQueues {
  const server = options.server ?? (() => resolveCupsServer());
  const user = options.userName ?? safeUserName();
  const timeoutMs = options.timeoutMs ?? 15_000;
  const who = (attrs: ReturnType<typeof operationGroup>['attributes']) =>
    operationGroup([...attrs, { tag: TAG.name, name: 'requesting-user-name', value: [user] }]);

  async function queueJobs(at: CupsServer, queue: string): Promise<string[]> {
    const answer = await ippCall(
      at,
      `/printers/${encodeURIComponent(queue)}`,
      IPP.getJobs,
      [
        who([
          { tag: TAG.uri, name: 'printer-uri', value: [cupsUri(at, `/printers/${encodeURIComponent(queue)}`)] },
          { tag: TAG.keyword, name: 'which-jobs', value: ['not-completed'] },
          { tag: TAG.keyword, name: 'requested-attributes', value: ['job-name', 'job-state'] },
        ]),
      ],
      { timeoutMs },
    );
    return attributes(answer, TAG.job)
      .filter((job) => UNFINISHED_JOB_STATES.has(Number(job.get('job-state')?.[0])))
      .flatMap((job) => text(job.get('job-name')?.[0]) ?? []);
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
    async printRaw(queue: string, bytes: Uint8Array, job: RawJob) {
      const at = server();
      const resource = `/printers/${encodeURIComponent(queue)}`;
      const jobName = spoolerJobName(job);
      try {
        // A retry after an answer that never came: the job may already sit in the spooler, and sending it again would print it twice.
        if ((await queueJobs(at, queue)).includes(jobName)) return;
        await ippCall(
          at,
          resource,
          IPP.printJob,
          [
            who([
              { tag: TAG.uri, name: 'printer-uri', value: [cupsUri(at, resource)] },
              { tag: TAG.name, name: 'job-name', value: [jobName] },
              { tag: TAG.mimeType, name: 'document-format', value: [RAW_FORMAT] },
            ]),
          ],
          { data: bytes, timeoutMs },
        );
      } catch (error) {
        throw describeCupsFailure(error, queue, at, bytes.length);
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
