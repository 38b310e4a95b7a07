import { useState } from 'react';
import type { Pickup } from '../../../../shared/contract/shippingTypes';
import { PickupList } from './PickupList';
import { ScheduleForm } from './ScheduleForm';

/** Schedule and cancel USPS pickups; the pickup just scheduled here follows what later happens to it (a cancel in the list). */
export function PickupsScreen() {
  const [scheduled, setScheduled] = useState<Pickup | null>(null);
  return (
    <section className="screen" aria-label="Pickups">
      <h1>Pickups</h1>
      <div className="grid-2">
        <ScheduleForm scheduled={scheduled} onScheduled={setScheduled} />
        <PickupList onCanceled={(pickup) => setScheduled((current) => (current?.pickupNo === pickup.pickupNo ? pickup : current))} />
      </div>
    </section>
  );
}
