import { useRef, useState } from 'react';
import { Working } from '../../ui/Working';
import { Key } from '../../ui/Key';
import type { StationError } from '../../../../shared/contract/errors';
import type { Pickup } from '../../../../shared/contract/shippingTypes';
import { useReadOnly } from '../../station/read-only';
import { run } from '../../station/run';
import { useQuery } from '../../station/use-query';
import { InlineError } from '../../ui/ErrorText';
import { useAutoFocus } from '../../ui/use-auto-focus';
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

/** Schedule a USPS pickup from today's USPS labels; the station says which are ticked by default (not returns, not already picked). */
export function ScheduleForm({ scheduled, onScheduled }: { readonly scheduled: Pickup | null; readonly onScheduled: (pickup: Pickup | null) => void }) {
  const candidates = useQuery('pickups.candidates', {}, ['shipments', 'pickups']);
  const locations = useQuery('pickups.locations', {}, []);
  const defaultDate = useQuery('pickups.defaultDate', {}, []);
  const [chosen, setChosen] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [where, setWhere] = useState<readonly PackageLocation[]>([]);
  const [whereText, setWhereText] = useState('');
  const [date, setDate] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<StationError | null>(null);
  // The operator starts with where the packages wait: the packages are ticked already.
  const firstPlace = useRef<HTMLInputElement>(null);
  const readOnly = useReadOnly() !== undefined;
  useAutoFocus(firstPlace, locations.data !== undefined);

  const isChosen = (trackingNo: string, byDefault: boolean): boolean => chosen.get(trackingNo) ?? byDefault;
  const list = candidates.data ?? [];
  const selected = list.filter((c) => isChosen(c.trackingNo, c.selectedByDefault)).map((c) => c.trackingNo);
  const pickupDate = date ?? defaultDate.data ?? '';

  const schedule = async (): Promise<void> => {
    setBusy(true);
    onScheduled(null);
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
    onScheduled(result.value);
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
                checked={isChosen(c.trackingNo, c.selectedByDefault)}
                onChange={(e) => setChosen(new Map(chosen).set(c.trackingNo, e.target.checked))}
              />
              <span className="mono">{c.trackingNo}</span> <span className="muted">{c.recipientName ?? ''}</span>
              {c.isReturn ? <span className="badge">return label</span> : null}
              {c.picked ? <span className="badge">already in a pickup</span> : null}
            </label>
          ))}
        </fieldset>
      ) : null}
      <fieldset className="checks">
        <legend>Where the packages wait</legend>
        {(locations.data ?? []).filter(isLocation).map((loc, index) => (
          <label key={loc} className="check">
            <input
              ref={index === 0 ? firstPlace : undefined}
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
        <span>
          Pickup date <span className="hint">(the service's default is the next day, Los Angeles time)</span> <Key k="Alt+D" />
        </span>
        <input aria-keyshortcuts="Alt+D" type="date" value={pickupDate} aria-invalid={error?.field === 'pickupDate'} onChange={(e) => setDate(e.target.value)} />
      </label>
      <InlineError error={error ?? undefined} />
      <button type="button" className="button primary big" disabled={busy || readOnly} aria-keyshortcuts="Alt+P" onClick={() => void schedule()}>
        Schedule pickup <Key k="Alt+P" />
      </button>
      <Working when={busy}>Scheduling the pickup…</Working>
      {scheduled ? <ScheduledNote pickup={scheduled} /> : null}
    </section>
  );
}

/** What became of the pickup just scheduled: booked, or canceled since. */
function ScheduledNote({ pickup }: { readonly pickup: Pickup }) {
  const reference = <strong className="mono">{pickup.confirmationNumber ?? pickup.pickupNo}</strong>;
  if (pickup.status === 'CANCELED') {
    return (
      <p className="muted" role="status">
        Pickup {reference} for {pickup.pickupDate ?? 'the next USPS day'} was canceled; its packages can go in a new pickup.
      </p>
    );
  }
  const count = pickup.packageCount ?? pickup.trackingNos.length;
  return (
    <p className="success" role="status">
      Pickup scheduled for {pickup.pickupDate ?? 'the next USPS day'}: confirmation {reference}, {count} {count === 1 ? 'package' : 'packages'}.
    </p>
  );
}
