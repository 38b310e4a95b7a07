import { useState } from 'react';
import type { PrinterStatusEvent } from '../../../shared/contract/printing';
import { useEvent, useQuery } from '../station/use-query';
import { StatusItem } from './StatusItem';

const stateWords: Record<PrinterStatusEvent['state'], string> = {
  ready: 'Ready',
  offline: 'Offline',
  printing: 'Printing…',
  error: 'Error',
  attached: 'Plugged in',
  detached: 'Unplugged',
  stopped: 'Stopped',
  unknown: 'Status unknown',
};

/** The default printer: present or not, and what it last said. */
export function PrinterStatus() {
  const printers = useQuery('printers.list', {}, ['printers']);
  const [last, setLast] = useState<PrinterStatusEvent | null>(null);
  const [job, setJob] = useState<string | null>(null);
  useEvent('printer.status', setLast);
  useEvent('print.job', (j) => setJob(j.status === 'failed' ? `Last label failed: ${j.error ?? 'unknown reason'}` : j.status === 'sending' ? 'Printing…' : null));

  const printer = printers.data?.find((p) => p.isDefault) ?? printers.data?.[0];
  if (printers.error) return <StatusItem label="Printer" value={printers.error.message} tone="bad" />;
  if (!printers.data) return <StatusItem label="Printer" value="…" tone="idle" />;
  if (!printer) return <StatusItem label="Printer" value="None set up (Settings)" tone="warn" />;
  const live = last && last.printerId === printer.id ? last : null;
  const bad = live ? live.state === 'offline' || live.state === 'error' || live.state === 'detached' || live.state === 'stopped' : !printer.connected;
  // A stopped or unknown printer's own words name it already ("Bench Zebra reports it is out of labels").
  const own = live && (live.state === 'stopped' || live.state === 'unknown') && live.message ? `${stateWords[live.state]}: ${live.message}` : null;
  const words = job ?? own ?? live?.message ?? (live ? stateWords[live.state] : printer.connected ? 'Ready' : (printer.message ?? 'Not connected'));
  return <StatusItem label="Printer" value={own && !job ? words : `${printer.name}: ${words}`} tone={bad || job?.startsWith('Last') ? 'bad' : live?.state === 'unknown' ? 'warn' : 'ok'} />;
}
