import type { ReactNode, RefObject } from 'react';
import type { ErrorPlace } from './rule-form';

export interface FieldProps {
  readonly id: ErrorPlace;
  readonly label: ReactNode;
  readonly error: string | undefined;
}

const errorId = (id: string) => `rule-${id}-error`;
/** The element of a form field by where its error shows, so the cursor can go to the first field with an error. */
export const fieldElementId = (id: ErrorPlace): string => `rule-${id}`;

/** An error beside its field, in the operator's words; the field says it is wrong and points at it. */
export function FieldError({ id, error }: { readonly id: string; readonly error: string | undefined }) {
  return error ? (
    <span className="field-error" id={errorId(id)} role="alert">
      {error}
    </span>
  ) : null;
}

export function TextField(
  props: FieldProps & { readonly value: string; readonly onChange: (value: string) => void; readonly placeholder?: string; readonly hint?: string; readonly inputRef?: RefObject<HTMLInputElement | null> },
) {
  const { id, label, error, value, onChange, placeholder, hint, inputRef } = props;
  return (
    <label className="field">
      <span>
        {label} {hint ? <span className="hint">{hint}</span> : null}
      </span>
      <input
        ref={inputRef}
        id={fieldElementId(id)}
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        aria-invalid={error !== undefined}
        aria-describedby={error ? errorId(id) : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldError id={id} error={error} />
    </label>
  );
}

export function SelectField<T extends string>(
  props: FieldProps & { readonly value: T; readonly onChange: (value: T) => void; readonly options: ReadonlyArray<readonly [T, string]> },
) {
  const { id, label, error, value, onChange, options } = props;
  return (
    <label className="field">
      <span>{label}</span>
      <select
        id={fieldElementId(id)}
        value={value}
        aria-invalid={error !== undefined}
        aria-describedby={error ? errorId(id) : undefined}
        onChange={(e) => onChange(e.target.value as T)}
      >
        {options.map(([option, words]) => (
          <option key={option} value={option}>
            {words}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </label>
  );
}
