import { PickupList } from './PickupList';
import { ScheduleForm } from './ScheduleForm';

export function PickupsScreen() {
  return (
    <section className="screen" aria-label="Pickups">
      <h1>Pickups</h1>
      <div className="grid-2">
        <ScheduleForm />
        <PickupList />
      </div>
    </section>
  );
}
