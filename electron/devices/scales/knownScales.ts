import { USB_CLASS_HID, LIBUSB_TRANSFER_TYPE_INTERRUPT, type UsbDevice, type UsbInterfaceDescriptor } from '../../usb/usbTypes';

export interface KnownScale {
  readonly vendorId: number;
  readonly productId: number;
  readonly name: string;
}

/**
 * Scales that speak the HID point-of-sale report, by USB id. Sources: the
 * hardware notes, erjiang/usbscale's scales.h and the HID-POS scale lists in
 * public readers (aelkey, usbscale ports). DYMO M5, S100 and S400 ids could
 * not be confirmed from a public source; they are found by the class match.
 */
export const knownScales: readonly KnownScale[] = [
  { vendorId: 0x0922, productId: 0x8003, name: 'DYMO M10 postal scale' },
  { vendorId: 0x0922, productId: 0x8004, name: 'DYMO M25 postal scale' },
  { vendorId: 0x0922, productId: 0x8009, name: 'DYMO S180/S250 shipping scale' },
  { vendorId: 0x6096, productId: 0x0158, name: 'DYMO (Sanford) 10 lb postal scale' },
  { vendorId: 0x1446, productId: 0x6a73, name: 'Stamps.com Model 510 scale' },
  { vendorId: 0x1446, productId: 0x6a79, name: 'USPS DS25 postal scale' },
  { vendorId: 0x2474, productId: 0x0550, name: 'Stamps.com 5 lb scale' },
  { vendorId: 0x2474, productId: 0x3550, name: 'Stamps.com 35 lb scale' },
  { vendorId: 0x0eb8, productId: 0xf000, name: 'Mettler Toledo PS60 scale' },
  { vendorId: 0x0eb8, productId: 0xf001, name: 'Mettler Toledo scale' },
  { vendorId: 0x0b67, productId: 0x555e, name: 'Fairbanks Ultegra scale' },
  { vendorId: 0x0d8f, productId: 0x0200, name: 'Pitney Bowes 10 lb scale' },
  { vendorId: 0x7b7c, productId: 0x0100, name: 'USPS (Elane) PS311 scale' },
];

export function findKnownScale(vendorId: number, productId: number): KnownScale | undefined {
  return knownScales.find((s) => s.vendorId === vendorId && s.productId === productId);
}

const hex4 = (n: number): string => n.toString(16).padStart(4, '0');

/** A stable id per physical port, so a scale keeps its id (and selection) across a replug into the same port. */
export function usbScaleId(device: UsbDevice): string {
  const { idVendor, idProduct } = device.deviceDescriptor;
  const port = device.portNumbers.length > 0 ? device.portNumbers.join('.') : String(device.deviceAddress);
  return `usb:${hex4(idVendor)}:${hex4(idProduct)}@${device.busNumber}-${port}`;
}

export const usbIdText = (device: UsbDevice): string =>
  `${hex4(device.deviceDescriptor.idVendor)}:${hex4(device.deviceDescriptor.idProduct)}`;

function interfaceDescriptors(device: UsbDevice): readonly UsbInterfaceDescriptor[] {
  try {
    return (device.configDescriptor?.interfaces ?? []).flatMap((alts) => alts.slice(0, 1));
  } catch {
    // Reading descriptors of a device another process holds can fail on some platforms.
    return [];
  }
}

/**
 * A HID interface that could be a scale: it has an interrupt IN endpoint
 * and is not a boot keyboard or mouse. Barcode scanners usually present as
 * boot keyboards, so this never picks one; a candidate is confirmed by its
 * report descriptor before any kernel driver is detached.
 */
export function hidCandidateInterface(device: UsbDevice): UsbInterfaceDescriptor | undefined {
  return interfaceDescriptors(device).find(
    (d) =>
      d.bInterfaceClass === USB_CLASS_HID &&
      d.bInterfaceSubClass !== 1 &&
      d.endpoints.some((e) => (e.bEndpointAddress & 0x80) !== 0 && (e.bmAttributes & 0x03) === LIBUSB_TRANSFER_TYPE_INTERRUPT),
  );
}

export type ScaleMatch = { readonly by: 'known'; readonly known: KnownScale } | { readonly by: 'class' } | undefined;

export function matchScale(device: UsbDevice): ScaleMatch {
  const known = findKnownScale(device.deviceDescriptor.idVendor, device.deviceDescriptor.idProduct);
  if (known) return { by: 'known', known };
  return hidCandidateInterface(device) ? { by: 'class' } : undefined;
}

/**
 * A udev rules file that lets the signed-in user (and the plugdev group)
 * open the known scales on Linux without root; `parcel-station scales
 * --udev-rules` prints it. Scales found by the class match need their ids
 * added by hand.
 */
export function udevRules(): string {
  const lines = knownScales.map(
    (s) =>
      `SUBSYSTEM=="usb", ATTR{idVendor}=="${hex4(s.vendorId)}", ATTR{idProduct}=="${hex4(s.productId)}", MODE="0660", GROUP="plugdev", TAG+="uaccess"  # ${s.name}`,
  );
  return ['# Parcel Station: USB postal scales. Install as /etc/udev/rules.d/50-parcel-station-scales.rules,', '# then run: sudo udevadm control --reload-rules && sudo udevadm trigger', ...lines].join('\n');
}
