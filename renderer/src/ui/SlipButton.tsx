import { useState } from 'react';
import type { StationError } from '../../../shared/contract/errors';
import { run } from '../station/run';
import { useQuery } from '../station/use-query';
import { InlineError } from './ErrorText';
import { Key } from './Key';

/**
 * Prints the packing slip of a bought package on this bench's slip printer
 * (Alt+P); without a package it is the last label bought here, the one
 * REPRINT_LAST reprints. Hidden while the bench prints no slips.
 */
export function SlipButton({ shipmentId }: { readonly shipmentId?: number }) {
  const settings = useQuery('slips.settings.get', {}, ['settings']);
  const [printed, setPrinted] = useState<string | null>(null);
  const [error, setError] = useState<StationError | null>(null);
  const [busy, setBusy] = useState(false);
  if (!settings.data || settings.data.when === 'never') return null;
  const print = async (): Promise<void> => {
    setPrinted(null);
    setBusy(true);
    // A page slip waits for the OS queue's word, which can take seconds: one press is one slip.
    const result = await run('slips.print', shipmentId === undefined ? {} : { shipmentId });
    setBusy(false);
    if (!result.ok) return setError(result.error);
    setError(null);
    setPrinted(result.value.words);
  };
  return (
    <div className="row" aria-label="Packing slip">
      <button type="button" className="button" disabled={busy} aria-keyshortcuts="Alt+P" onClick={() => void print()}>
        {busy ? 'Printing the packing slip…' : 'Packing slip'} <Key k="Alt+P" />
      </button>
      {printed ? (
        <span className="small" role="status" aria-label="Packing slip printed">
          {printed}
        </span>
      ) : null}
      <InlineError error={error ?? undefined} />
    </div>
  );
}
