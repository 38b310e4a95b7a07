import type { CommandName } from '../../../../shared/contract';
import type { PrintJobStatus, PrintJobView } from '../../../../shared/contract/printing';
import { run } from '../../station/run';
import { useQuery } from '../../station/use-query';
import { InlineError } from '../../ui/ErrorText';
import { benchTime } from '../../ui/format';
import { Key } from '../../ui/Key';

/** What each job can do next, by its status; the key goes to the newest job of those statuses, the one the operator just watched. */
const actions: ReadonlyArray<{
  readonly statuses: readonly PrintJobStatus[];
  readonly label: string;
  readonly key: string;
  readonly command: Extract<CommandName, 'printJobs.retry' | 'printJobs.cancel' | 'printJobs.reprint'>;
  readonly action: string;
  readonly className: string;
}> = [
  { statuses: ['failed'], label: 'Retry', key: 'Alt+R', command: 'printJobs.retry', action: 'Printing again', className: 'button' },
  { statuses: ['queued'], label: 'Cancel', key: 'Alt+Q', command: 'printJobs.cancel', action: 'Cancelling the print', className: 'button ghost' },
  { statuses: ['done', 'sent'], label: 'Reprint', key: 'Alt+E', command: 'printJobs.reprint', action: 'Reprinting', className: 'button ghost' },
];

/** A status as the operator reads it. */
const statusWords: Readonly<Record<PrintJobStatus, string>> = {
  queued: 'Waiting',
  sending: 'Printing',
  done: 'Printed',
  sent: 'Sent, not confirmed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** Recent print jobs: a failed one can be sent again, a waiting one cancelled, a printed one printed again. */
export function PrintJobs() {
  const jobs = useQuery('printJobs.list', { limit: 10 }, ['printJobs']);
  const newest = (statuses: readonly PrintJobStatus[]): string | undefined => jobs.data?.find((job) => statuses.includes(job.status))?.id;
  const actionsOf = (job: PrintJobView) =>
    actions
      .filter((a) => a.statuses.includes(job.status))
      .map((a) => {
        const key = newest(a.statuses) === job.id ? a.key : undefined;
        return (
          <button key={a.command} type="button" className={a.className} aria-keyshortcuts={key} onClick={() => void run(a.command, { jobId: job.id }, { action: a.action })}>
            {a.label} {key ? <Key k={key} /> : null}
          </button>
        );
      });
  return (
    <>
      <h2>Recent print jobs</h2>
      <InlineError error={jobs.error} />
      <table className="data" aria-label="Print jobs">
        <thead>
          <tr>
            <th>When</th>
            <th>What</th>
            <th>Status</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {(jobs.data ?? []).map((job) => (
            <tr key={job.id}>
              <td>{benchTime(job.createdAt)}</td>
              <td>{job.title}</td>
              <td>
                <span className={`badge ${job.status === 'done' ? 'ok' : job.status === 'failed' ? 'bad' : ''}`}>{statusWords[job.status]}</span> {job.error ?? ''}
                {job.warnings.map((warning) => (
                  <span key={warning.kind} className="badge warn" title={warning.message}>
                    {warning.message}
                  </span>
                ))}
              </td>
              <td>{actionsOf(job)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
