import { run } from '../../station/run';
import { useQuery } from '../../station/use-query';
import { InlineError } from '../../ui/ErrorText';
import { benchTime } from '../../ui/format';

/** Recent print jobs: a failed one can be sent again, a waiting one cancelled. */
export function PrintJobs() {
  const jobs = useQuery('printJobs.list', { limit: 10 }, ['printJobs']);
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
                  <button type="button" className="button" onClick={() => void run('printJobs.retry', { jobId: job.id }, { action: 'Printing again' })}>
                    Retry
                  </button>
                ) : null}
                {job.status === 'queued' ? (
                  <button type="button" className="button ghost" onClick={() => void run('printJobs.cancel', { jobId: job.id }, { action: 'Cancelling the print' })}>
                    Cancel
                  </button>
                ) : null}
                {job.status === 'done' ? (
                  <button type="button" className="button ghost" onClick={() => void run('printJobs.reprint', { jobId: job.id }, { action: 'Reprinting' })}>
                    Reprint
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
