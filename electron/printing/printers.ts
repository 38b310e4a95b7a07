import type { OsQueueView, PrinterProfile, PrinterView } from '../../shared/contract/printing';
import type { InstalledQueue } from './osqueue/osQueues';
import { guessQueueLanguage } from './osqueue/queueLanguage';
import type { ProfileStore } from './profiles';
import type { PrinterTransport } from './transport/transport';
import { listUsbPrinters, type DetectedUsbPrinter } from './usb/usbDiscovery';
import type { UsbBus } from '../usb/usbTypes';

export function matchesUsb(profile: PrinterProfile, printer: { vendorId: number; productId: number; serialNumber: string | null }): boolean {
  const t = profile.transport;
  return (
    t.kind === 'usb' &&
    t.vendorId === printer.vendorId &&
    t.productId === printer.productId &&
    (t.serialNumber === null || printer.serialNumber === null || t.serialNumber === printer.serialNumber)
  );
}

/** The installed queues as the spooler lists them; a spooler that does not answer is said in words, not thrown. */
export type QueueListing = { readonly queues: readonly InstalledQueue[]; readonly problem: null } | { readonly queues: readonly []; readonly problem: string };

export function queueView(queue: InstalledQueue): OsQueueView {
  return { name: queue.name, state: queue.state, model: queue.model, rawCapable: guessQueueLanguage(queue.model, queue.description).rawCapable };
}

function queueMessage(queue: InstalledQueue): string | null {
  const guess = guessQueueLanguage(queue.model, queue.description);
  const state = queue.state === 'stopped' ? `Stopped in the OS${queue.stateMessage ? `: ${queue.stateMessage}` : ''}. Labels wait in the OS queue until it is resumed.` : null;
  const accepting = queue.acceptingJobs ? null : 'The OS queue is not accepting jobs.';
  return [accepting, state, guess.note].filter(Boolean).join(' ') || null;
}

/** Configured printers first (default on top), then USB printers plugged in and OS queues installed but not set up yet. */
export async function listPrinters(deps: {
  profiles: ProfileStore;
  bus: UsbBus | null;
  usbUnavailable: string | null;
  transport: (profile: PrinterProfile) => PrinterTransport;
  queues: QueueListing;
  queueId: (name: string) => string;
}): Promise<PrinterView[]> {
  let detected: DetectedUsbPrinter[] = [];
  try {
    detected = deps.bus ? await listUsbPrinters(deps.bus) : [];
  } catch {
    // A USB stack that cannot enumerate right now means no USB printers, not a broken screen.
    detected = [];
  }
  const defaultId = deps.profiles.defaultId();
  const configured = deps.profiles.list().map(({ profile }): PrinterView => {
    const usb = detected.find((d) => matchesUsb(profile, d));
    const present = deps.transport(profile).isPresent();
    const t = profile.transport;
    const queue = t.kind === 'queue' ? deps.queues.queues.find((q) => q.name === t.name) : undefined;
    const message =
      t.kind === 'queue'
        ? queue
          ? queueMessage(queue)
          : (deps.queues.problem ?? 'This printer is no longer installed in the OS. Install it again or choose another printer.')
        : profile.transport.kind === 'usb'
        ? present
          ? (usb?.message ?? null)
          : (deps.usbUnavailable ?? 'Not connected. Plug the printer in and switch it on.')
        : profile.transport.kind === 'tcp'
          ? 'Network printers are checked when a label prints.'
          : null;
    return {
      id: profile.id,
      name: profile.name,
      kind: profile.transport.kind,
      isDefault: profile.id === defaultId,
      connected: t.kind === 'queue' ? queue !== undefined : present,
      message,
      profile,
      suggestion: usb?.suggestion ?? (queue ? queueSuggestion(queue) : null),
      osQueue: queue ? queueView(queue) : null,
    };
  });
  const unconfigured = detected
    .filter((d) => !configured.some((p) => p.profile && matchesUsb(p.profile, d)))
    .map(
      (d): PrinterView => ({
        id: d.id,
        name: d.name,
        kind: 'usb',
        isDefault: false,
        connected: true,
        message: d.message ?? 'Plugged in but not set up yet: save a profile to print on it.',
        profile: null,
        suggestion: d.suggestion,
        osQueue: null,
      }),
    );
  const installed = deps.queues.queues
    .filter((q) => !configured.some((p) => p.osQueue?.name === q.name))
    .map(
      (q): PrinterView => ({
        id: deps.queueId(q.name),
        name: q.name,
        kind: 'queue',
        isDefault: false,
        connected: true,
        message: queueMessage(q) ?? 'Installed in the OS but not set up yet: choose its language to print on it.',
        profile: null,
        suggestion: queueSuggestion(q),
        osQueue: queueView(q),
      }),
    );
  return [...configured.sort((a, b) => Number(b.isDefault) - Number(a.isDefault)), ...unconfigured, ...installed];
}

function queueSuggestion(queue: InstalledQueue): PrinterView['suggestion'] {
  const guess = guessQueueLanguage(queue.model, queue.description);
  return guess.rawCapable && guess.language ? { model: queue.model ?? queue.name, language: guess.language, dpi: guess.dpi, media: '4x6' } : null;
}

/** A profile for an installed OS queue, pre-filled from its driver name; null language means the operator must choose. */
export function suggestedQueueProfile(id: string, queue: InstalledQueue): PrinterProfile {
  const suggestion = queueSuggestion(queue);
  return {
    id,
    name: queue.name,
    transport: { kind: 'queue', name: queue.name },
    language: suggestion?.language ?? 'zpl',
    dpi: suggestion?.dpi ?? 203,
    media: '4x6',
    darkness: null,
    offsetX: 0,
    offsetY: 0,
  };
}

/** A profile for a detected USB printer, pre-filled from what the printer says it speaks. */
export function suggestedProfile(printer: DetectedUsbPrinter): PrinterProfile {
  return {
    id: printer.id,
    name: printer.name,
    transport: { kind: 'usb', vendorId: printer.vendorId, productId: printer.productId, serialNumber: printer.serialNumber },
    language: printer.suggestion?.language ?? 'zpl',
    dpi: printer.suggestion?.dpi ?? 203,
    media: printer.suggestion?.media ?? '4x6',
    darkness: null,
    offsetX: 0,
    offsetY: 0,
  };
}
