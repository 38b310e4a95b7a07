import { run } from '../../station/run';
import { useScale } from '../../stores/scale-store';

/** The live reading beside the Weight field, with the scale's own words for its state. */
export function ScaleReading() {
  const reading = useScale((s) => s.reading);
  if (!reading) return <p className="small muted">No scale reading. Type the weight, or choose a scale in Settings.</p>;
  return (
    <div className="row scale-reading" aria-label="Scale reading">
      <span className={`big-number ${reading.stable ? '' : 'muted'}`}>{reading.display}</span>
      <span className={`badge ${reading.stable ? 'ok' : 'warn'}`}>{reading.statusText}</span>
      <button type="button" className="button ghost" aria-keyshortcuts="Alt+Z" onClick={() => void run('scales.tare', {}, { action: 'Zeroing the scale' })}>
        Zero <kbd aria-hidden="true">Alt+Z</kbd>
      </button>
    </div>
  );
}
