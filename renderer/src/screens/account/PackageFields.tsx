import type { StationError } from '../../../../shared/contract/errors';
import type { PackageDraft } from './draft';

const fields: ReadonlyArray<readonly [keyof PackageDraft, string]> = [
  ['weightOz', 'Weight (oz)'],
  ['lengthIn', 'Length (in)'],
  ['widthIn', 'Width (in)'],
  ['heightIn', 'Height (in)'],
];

/** Weight in ounces and size in inches; the station converts to pounds for v1. */
export function PackageFields({
  value,
  onChange,
  error,
  prefix,
}: {
  readonly value: PackageDraft;
  readonly onChange: (next: PackageDraft) => void;
  readonly error?: StationError | null;
  /** The contract path of the package, e.g. "package" or "packages.0". */
  readonly prefix: string;
}) {
  return (
    <fieldset className="row">
      <legend>Package</legend>
      {fields.map(([key, words]) => {
        const bad = error?.field === `${prefix}.${key}`;
        return (
          <label key={key} className="field narrow">
            {words}
            <input inputMode="decimal" value={value[key]} aria-invalid={bad} onChange={(e) => onChange({ ...value, [key]: e.target.value })} />
            {bad ? <span className="error-message small">{error?.message}</span> : null}
          </label>
        );
      })}
    </fieldset>
  );
}
