import { useEffect } from 'react';
import { useEvent, useQuery } from '../station/use-query';
import { useScale } from '../stores/scale-store';
import { StatusItem } from './StatusItem';

const badStatuses = new Set(['fault', 'over_limit', 'needs_calibration', 'needs_rezero', 'under_zero']);

/** The active scale: its live reading and whether it can be trusted. */
export function ScaleStatus() {
  const scales = useQuery('scales.list', {}, ['scales']);
  const reading = useScale((s) => s.reading);
  const setReading = useScale((s) => s.set);
  useEvent('scale.weight', setReading);
  useEffect(() => {
    if (scales.data?.reading) setReading(scales.data.reading);
  }, [scales.data, setReading]);

  if (scales.error) return <StatusItem label="Scale" value={scales.error.message} tone="bad" />;
  if (!scales.data) return <StatusItem label="Scale" value="…" tone="idle" />;
  if (!scales.data.activeId) return <StatusItem label="Scale" value={scales.data.message || 'No scale connected'} tone="warn" />;
  if (!reading) return <StatusItem label="Scale" value={`${scales.data.message}: waiting for a reading`} tone="warn" />;
  const tone = badStatuses.has(reading.status) ? 'bad' : reading.stable ? 'ok' : 'warn';
  return <StatusItem label="Scale" value={`${reading.display} · ${reading.statusText}`} tone={tone} />;
}
