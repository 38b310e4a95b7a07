import type { StationError } from '../../../shared/contract/errors';
import { remedyFor } from '../station/remedies';

/**
 * A typed error in words: what happened and what to do. The code, the
 * service's code and the field's path are for support only: they sit in a
 * closed "Details for support" line, never in the sentences the operator reads.
 */
export function ErrorText({ error, action }: { readonly error: StationError; readonly action?: string }) {
  const details = [error.code, error.serviceCode ? `service ${error.serviceCode}` : null, error.field ? `field ${error.field}` : null].filter(Boolean).join(' · ');
  return (
    <div className="error-text">
      <p className="error-message">
        {action ? <strong>{action} failed. </strong> : null}
        {error.message}
      </p>
      <p className="error-remedy">{remedyFor(error)}</p>
      <details className="error-details">
        <summary>Details for support</summary>
        <span className="error-code">{details}</span>
      </details>
    </div>
  );
}

/** An error shown next to the thing that caused it (a field, a row, a button). */
export function InlineError({ error, id }: { readonly error: StationError | undefined; readonly id?: string }) {
  if (!error) return null;
  return (
    <div className="inline-error" role="alert" id={id}>
      <ErrorText error={error} />
    </div>
  );
}
