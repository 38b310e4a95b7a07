import { useState } from 'react';
import type { StationError } from '../../../../shared/contract/errors';
import { mappableFields } from '../../../../shared/domain/orderImport/mapping';
import { run } from '../../station/run';
import { InlineError } from '../../ui/ErrorText';

const required = new Set(['order_number', 'recipient_name', 'street', 'city']);

/**
 * A file no store export matches: its columns beside the station's fields,
 * picked with the keyboard (Tab and the arrow keys in each list), saved under
 * a name. The next file with the same header is read through it by itself.
 */
export function ColumnMapper({ header, onSaved }: { readonly header: readonly string[]; readonly onSaved: (name: string) => void }) {
  const [name, setName] = useState('');
  const [columns, setColumns] = useState<Record<string, string>>({});
  const [error, setError] = useState<StationError | null>(null);

  const save = async (): Promise<void> => {
    const picked = Object.fromEntries(Object.entries(columns).filter(([, column]) => column !== ''));
    const result = await run('orders.mappings.save', { name, header: [...header], columns: picked });
    if (!result.ok) return setError(result.error);
    setError(null);
    onSaved(result.value.name);
  };

  return (
    <form
      className="panel"
      aria-label="Map the file's columns"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h3>Which column holds what?</h3>
      <p className="small muted">This file's header is not a store export the station knows. Say once where each field is; the mapping is kept under its name.</p>
      <div className="grid-2">
        {Object.keys(mappableFields).map((field) => (
          <label className="field" key={field}>
            {field.replace(/_/g, ' ')}
            {required.has(field) ? ' (needed)' : ''}
            <select value={columns[field] ?? ''} onChange={(e) => setColumns({ ...columns, [field]: e.target.value })}>
              <option value="">—</option>
              {header.map((column) => (
                <option key={column} value={column}>
                  {column}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      <label className="field">
        Name of this mapping
        <input name="mapping-name" autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <button type="submit" className="button">
        Save the mapping and import
      </button>
      <InlineError error={error ?? undefined} />
    </form>
  );
}
