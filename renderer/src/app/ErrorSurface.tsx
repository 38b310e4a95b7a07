import { useErrors } from '../station/errors-store';
import { ErrorText } from '../ui/ErrorText';
import { Key } from '../ui/Key';

/** Failures not shown beside their cause: newest last, each dismissible, never a stack trace. */
export function ErrorSurface() {
  const errors = useErrors((s) => s.errors);
  const dismiss = useErrors((s) => s.dismiss);
  if (errors.length === 0) return null;
  return (
    <section className="error-surface" aria-label="Problems" aria-live="assertive">
      {errors.map((shown, index) => (
        <div key={shown.id} className="error-card" role="alert">
          <ErrorText error={shown.error} action={shown.action} />
          <button type="button" className="button ghost" aria-keyshortcuts={index === errors.length - 1 ? 'Alt+X' : undefined} onClick={() => dismiss(shown.id)}>
            Dismiss {index === errors.length - 1 ? <Key k="Alt+X" /> : null}
          </button>
        </div>
      ))}
    </section>
  );
}
