import { useReadOnly } from '../station/read-only';

/** Across every screen while the station is open for reprints only: why, in the station's words, and what still works. */
export function ReadOnlyBanner() {
  const words = useReadOnly();
  if (!words) return null;
  return (
    <section className="read-only-banner" role="status" aria-label="Reprints only">
      <p>{words}</p>
      <p className="small">
        Until then, History (Alt+9) finds every stored label and reprints it (Alt+R). Buying, voiding, scheduling pickups and SCAN forms are switched off.
      </p>
    </section>
  );
}
