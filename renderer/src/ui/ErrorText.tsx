import type { StationError } from '../../../shared/contract/errors';
import { remedyFor } from '../station/remedies';

/** A typed error in words: what happened, what to do, and the code in small print for support. */
export function ErrorText({ error, action }: { readonly error: StationError; readonly action?: string }) {
  // The field is marked on screen and named in the small print; the sentence itself stays in words.
  const fieldPrefix = error.field ? `${error.field}: ` : null;
  const message = fieldPrefix && error.message.startsWith(fieldPrefix) ? error.message.slice(fieldPrefix.length) : error.message;
  return (
    <div className="error-text">
      <p className="error-message">
        {action ? <strong>{action} failed. </strong> : null}
        {message}
      </p>
      <p className="error-remedy">{remedyFor(error)}</p>
      <p className="error-code">
        {error.code}
        {error.serviceCode ? ` · service ${error.serviceCode}` : ''}
        {error.field ? ` · ${error.field}` : ''}
      </p>
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
