import type { PrinterProfile, PrinterView } from '../../shared/contract/printing';
import type { ProfileStore } from './profiles';
import type { PrinterTransport } from './transport/transport';
import { listUsbPrinters, type DetectedUsbPrinter } from './usb/usbDiscovery';
import type { UsbBus } from './usb/usbTypes';

export function matchesUsb(profile: PrinterProfile, printer: { vendorId: number; productId: number; serialNumber: string | null }): boolean {
  const t = profile.transport;
  return (
    t.kind === 'usb' &&
    t.vendorId === printer.vendorId &&
    t.productId === printer.productId &&
    (t.serialNumber === null || printer.serialNumber === null || t.serialNumber === printer.serialNumber)
  );
}

/** Configured printers first (default on top), then USB printers that are plugged in but not set up yet. */
export async function listPrinters(deps: {
  profiles: ProfileStore;
  bus: UsbBus | null;
  usbUnavailable: string | null;
  transport: (profile: PrinterProfile) => PrinterTransport;
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
    const message =
      profile.transport.kind === 'usb'
        ? present
          ? (usb?.message ?? null)
          : (deps.usbUnavailable ?? 'Not connected. Plug the printer in and switch it on.')
        : profile.transport.kind === 'tcp'
          ? 'Network printers are checked when a label prints.'
          : null;
    return {
      id: profile.id,
      name: profile.name,
      transport: profile.transport.kind,
      isDefault: profile.id === defaultId,
      connected: present,
      message,
      profile,
      suggestion: usb?.suggestion ?? null,
    };
  });
  const unconfigured = detected
    .filter((d) => !configured.some((p) => p.profile && matchesUsb(p.profile, d)))
    .map(
      (d): PrinterView => ({
        id: d.id,
        name: d.name,
        transport: 'usb',
        isDefault: false,
        connected: true,
        message: d.message ?? 'Plugged in but not set up yet: save a profile to print on it.',
        profile: null,
        suggestion: d.suggestion,
      }),
    );
  return [...configured.sort((a, b) => Number(b.isDefault) - Number(a.isDefault)), ...unconfigured];
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
