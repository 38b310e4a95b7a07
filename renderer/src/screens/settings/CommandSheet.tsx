import { useState } from 'react';
import { Key } from '../../ui/Key';
import type { CommandSheet as Sheet } from '../../../../shared/contract/devices';
import { run } from '../../station/run';

/** Command barcodes to print and tape to the bench: scan them instead of reaching for the keyboard. */
export function CommandSheet() {
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const show = async (): Promise<void> => {
    const result = await run('scan.commandSheet', { format: 'png' }, { action: 'Drawing the command sheet' });
    if (result.ok) setSheet(result.value);
  };
  return (
    <section className="panel command-sheet" aria-label="Command barcodes">
      <h2>Command barcodes</h2>
      <div className="row no-print">
        <button type="button" className="button" aria-keyshortcuts="Alt+C" onClick={() => void show()}>
          Show the command sheet <Key k="Alt+C" />
        </button>
        {sheet ? (
          <button type="button" className="button" aria-keyshortcuts="Alt+P" onClick={() => window.print()}>
            Print it <Key k="Alt+P" />
          </button>
        ) : null}
      </div>
      {sheet ? (
        <ul className="barcodes">
          {sheet.barcodes.map((b) => (
            <li key={b.command}>
              <strong>{b.label}</strong>
              <img alt={`Barcode: ${b.label}`} src={b.image} />
              <span className="small">{b.description}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
