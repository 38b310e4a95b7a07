import { useQuery } from '../../station/use-query';

/**
 * What the operator should check on the label just printed, as the station
 * judged it when it converted the label: shrunk to fit (barcodes may not
 * scan), almost no ink, or an image it could not print at all. Nothing is
 * shown for the usual label.
 */
export function LabelCheck({ jobId }: { readonly jobId: string | null }) {
  const job = useQuery('printJobs.get', jobId ? { jobId } : null, ['printJobs']).data;
  if (!job) return null;
  const failure = job.status === 'failed' ? job.error : null;
  if (job.warnings.length === 0 && !failure) {
    // Not a problem, but not a promise either: the packer looks at the printer.
    return job.status === 'sent' ? (
      <p className="small muted" role="status" aria-label="Print check">
        {job.error}
      </p>
    ) : null;
  }
  return (
    <div className={`notice ${failure ? 'notice-error' : 'notice-warning'}`} role="alert" aria-label="Check the printed label">
      <div>
        {job.warnings.map((warning) => (
          <p key={warning.kind} className="error-message">
            {warning.message}
          </p>
        ))}
        {failure ? <p className="error-message">Not printed: {failure} The label is stored; reprint it from History.</p> : null}
        {job.status === 'sent' ? <p className="small">{job.error}</p> : null}
      </div>
    </div>
  );
}
