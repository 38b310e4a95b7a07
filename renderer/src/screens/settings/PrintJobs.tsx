import { run } from '../../station/run';
import { useQuery } from '../../station/use-query';
import { InlineError } from '../../ui/ErrorText';
import { benchTime } from '../../ui/format';
import { Key } from '../../ui/Key';

/** Recent print jobs: a failed one can be sent again, a waiting one cancelled. */
export function PrintJobs() {
  const jobs = useQuery('printJobs.list', { limit: 10 }, ['printJobs']);
  // Newest first: each key acts on the newest job it applies to, the one the operator just watched.
  const newest = (status: string): string | undefined => jobs.data?.find((job) => job.status === status)?.id;
  const keyFor = (jobId: string, status: string, key: string): string | undefined => (newest(status) === jobId ? key : undefined);
  const shown = (key: string | undefined) => (key ? <Key k={key} /> : null);
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
                <span className={`badge ${job.status === 'done' ? 'ok' : job.status === 'failed' ? 'bad' : ''}`}>{job.status}</span> {job.error ?? ''}
                {job.warnings.map((warning) => (
                  <span key={warning.kind} className="badge warn" title={warning.message}>
                    {warning.message}
                  </span>
                ))}
              </td>
              <td>
                {job.status === 'failed' ? (
                  <button
                    type="button"
                    className="button"
                    aria-keyshortcuts={keyFor(job.id, 'failed', 'Alt+R')}
                    onClick={() => void run('printJobs.retry', { jobId: job.id }, { action: 'Printing again' })}
                  >
                    Retry {shown(keyFor(job.id, 'failed', 'Alt+R'))}
                  </button>
                ) : null}
                {job.status === 'queued' ? (
                  <button
                    type="button"
                    className="button ghost"
                    aria-keyshortcuts={keyFor(job.id, 'queued', 'Alt+Q')}
                    onClick={() => void run('printJobs.cancel', { jobId: job.id }, { action: 'Cancelling the print' })}
                  >
                    Cancel {shown(keyFor(job.id, 'queued', 'Alt+Q'))}
                  </button>
                ) : null}
                {job.status === 'done' ? (
                  <button
                    type="button"
                    className="button ghost"
                    aria-keyshortcuts={keyFor(job.id, 'done', 'Alt+E')}
                    onClick={() => void run('printJobs.reprint', { jobId: job.id }, { action: 'Reprinting' })}
                  >
                    Reprint {shown(keyFor(job.id, 'done', 'Alt+E'))}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
