import { useErrors } from '../station/errors-store';
import { ErrorText } from '../ui/ErrorText';

/** Failures not shown beside their cause: newest last, each dismissible, never a stack trace. */
export function ErrorSurface() {
  const errors = useErrors((s) => s.errors);
  const dismiss = useErrors((s) => s.dismiss);
  if (errors.length === 0) return null;
  return (
    <section className="error-surface" aria-label="Problems" aria-live="assertive">
      {errors.map((shown) => (
        <div key={shown.id} className="error-card" role="alert">
          <ErrorText error={shown.error} action={shown.action} />
          <button type="button" className="button ghost" onClick={() => dismiss(shown.id)}>
            Dismiss
          </button>
        </div>
      ))}
    </section>
  );
}
