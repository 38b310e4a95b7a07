import { useState } from 'react';
import { Working } from '../../ui/Working';
import { Key } from '../../ui/Key';
import type { StationError } from '../../../../shared/contract/errors';
import type { Pickup } from '../../../../shared/contract/shippingTypes';
import { run } from '../../station/run';
import { useQuery } from '../../station/use-query';
import { InlineError } from '../../ui/ErrorText';
import type { packageLocations } from '../../../../shared/contract/shipping';

type PackageLocation = (typeof packageLocations)[number];

const locationWords: Record<PackageLocation, string> = {
  front_door: 'Front door',
  back_door: 'Back door',
  side_door: 'Side door',
  knock_on_door_ring_bell: 'Knock on door / ring bell',
  mail_room: 'Mail room',
  office: 'Office',
  reception: 'Reception',
  in_at_mail_box: 'In / at mailbox',
  other: 'Other (describe)',
};

const isLocation = (value: string): value is PackageLocation => Object.hasOwn(locationWords, value);

/** Schedule a USPS pickup from today's USPS labels; unpicked ones are ticked by default. */
export function ScheduleForm() {
  const candidates = useQuery('pickups.candidates', {}, ['shipments', 'pickups']);
  const locations = useQuery('pickups.locations', {}, []);
  const defaultDate = useQuery('pickups.defaultDate', {}, []);
  const [chosen, setChosen] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [where, setWhere] = useState<readonly PackageLocation[]>([]);
  const [whereText, setWhereText] = useState('');
  const [date, setDate] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<StationError | null>(null);
  const [done, setDone] = useState<Pickup | null>(null);

  const isChosen = (trackingNo: string, picked: boolean): boolean => chosen.get(trackingNo) ?? !picked;
  const list = candidates.data ?? [];
  const selected = list.filter((c) => isChosen(c.trackingNo, c.picked)).map((c) => c.trackingNo);
  const pickupDate = date ?? defaultDate.data ?? '';

  const schedule = async (): Promise<void> => {
    setBusy(true);
    setDone(null);
    const result = await run('pickups.schedule', {
      trackingNos: selected,
      packageLocation: [...where],
      packageLocationText: where.includes('other') ? whereText : undefined,
      pickupDate: pickupDate || undefined,
    });
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setError(null);
    setDone(result.value);
    setChosen(new Map());
  };

  return (
    <section className="panel" aria-label="Schedule a pickup">
      <h2>Schedule a USPS pickup</h2>
      <InlineError error={candidates.error} />
      {list.length === 0 && !candidates.loading ? <p className="muted">No USPS labels bought today.</p> : null}
      {list.length > 0 ? (
        <fieldset className="checks packages">
          <legend>Packages ({selected.length} of {list.length} selected)</legend>
          {list.map((c) => (
            <label key={c.trackingNo} className="check">
              <input
                type="checkbox"
                checked={isChosen(c.trackingNo, c.picked)}
                onChange={(e) => setChosen(new Map(chosen).set(c.trackingNo, e.target.checked))}
              />
              <span className="mono">{c.trackingNo}</span> <span className="muted">{c.recipientName ?? ''}</span>
              {c.picked ? <span className="badge">already in a pickup</span> : null}
            </label>
          ))}
        </fieldset>
      ) : null}
      <fieldset className="checks">
        <legend>Where the packages wait</legend>
        {(locations.data ?? []).filter(isLocation).map((loc) => (
          <label key={loc} className="check">
            <input
              type="checkbox"
              checked={where.includes(loc)}
              onChange={(e) => setWhere(e.target.checked ? [...where, loc] : where.filter((w) => w !== loc))}
            />
            {locationWords[loc]}
          </label>
        ))}
      </fieldset>
      {where.includes('other') ? (
        <label className="field">
          Describe where the packages wait
          <input
            value={whereText}
            maxLength={255}
            aria-invalid={error?.field === 'packageLocationText'}
            onChange={(e) => setWhereText(e.target.value)}
          />
        </label>
      ) : null}
      <label className="field narrow-field">
        Pickup date <span className="hint">(the service's default is the next day, Los Angeles time)</span>
        <input type="date" value={pickupDate} onChange={(e) => setDate(e.target.value)} />
      </label>
      <InlineError error={error ?? undefined} />
      <button type="button" className="button primary big" disabled={busy} aria-keyshortcuts="Alt+P" onClick={() => void schedule()}>
        Schedule pickup <Key k="Alt+P" />
      </button>
      <Working when={busy}>Scheduling the pickup…</Working>
      {done ? (
        <p className="success" role="status">
          Pickup scheduled for {done.pickupDate ?? 'the next USPS day'}: confirmation <strong className="mono">{done.confirmationNumber ?? done.pickupNo}</strong>,{' '}
          {done.packageCount ?? done.trackingNos.length} packages.
        </p>
      ) : null}
    </section>
  );
}
