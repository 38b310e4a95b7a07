import { useState } from 'react';
import { Key } from '../../ui/Key';
import { parseTypedWeight } from '../../../../shared/domain/units';
import { useScale } from '../../stores/scale-store';
import { run } from '../../station/run';
import { useQuery } from '../../station/use-query';
import { InlineError } from '../../ui/ErrorText';

/** Which scale the station reads, with its live reading; the simulated one takes a typed weight. */
export function ScaleSettings() {
  const scales = useQuery('scales.list', {}, ['scales']);
  const reading = useScale((s) => s.reading);
  const [simulated, setSimulated] = useState('');
  const data = scales.data;
  const active = data?.scales.find((s) => s.active);

  return (
    <section className="panel" aria-label="Scale">
      <h2>Scale</h2>
      <InlineError error={scales.error} />
      {data ? (
        <>
          <label className="field">
            Read from
            <select
              value={data.selectedId ?? ''}
              onChange={(e) => void run('scales.select', { scaleId: e.target.value || null }, { action: 'Choosing the scale' })}
            >
              <option value="">Let the station pick</option>
              {data.scales.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name} ({s.kind === 'simulated' ? 'simulated' : `${s.kind === 'hid' ? 'HID' : 'USB'} ${s.usbId ?? ''}`}, {s.state})
                </option>
              ))}
            </select>
          </label>
          <p className="small">{data.message}</p>
          {!data.usbAvailable ? <p className="small muted">USB access is not available on this computer; only the simulated scale can be used.</p> : null}
          <div className="row scale-reading" aria-label="Live reading">
            <span className="big-number">{reading ? reading.display : '—'}</span>
            {reading ? <span className={`badge ${reading.stable ? 'ok' : 'warn'}`}>{reading.statusText}</span> : null}
            {active?.canZero ? (
              <button type="button" className="button" onClick={() => void run('scales.tare', {}, { action: 'Zeroing the scale' })} aria-keyshortcuts="Alt+Z">
                Zero the scale <Key k="Alt+Z" />
              </button>
            ) : null}
          </div>
          {active?.kind === 'simulated' ? (
            <form
              className="row"
              onSubmit={(e) => {
                e.preventDefault();
                const weightOz = parseTypedWeight(simulated);
                if (weightOz !== undefined) void run('scales.simulate', { weightOz }, { action: 'Placing the simulated package' });
              }}
            >
              <label className="field">
                Put on the simulated scale
                <input value={simulated} placeholder="e.g. 1 lb 4 oz" onChange={(e) => setSimulated(e.target.value)} />
              </label>
              <button type="submit" className="button">
                Place <Key k="Enter" />
              </button>
            </form>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
