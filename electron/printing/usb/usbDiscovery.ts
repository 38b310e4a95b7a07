import type { PrinterSuggestion } from '../../../shared/contract/printing';
import { knownVendor, suggestPrinter } from './knownPrinters';
import { describeUsbError, findPrinterInterface, readDeviceId, readString, usbAccessAdvice, vidPid } from './usbPrinter';
import { libusbErrorName, type UsbBus, type UsbDevice } from '../../usb/usbTypes';

export interface DetectedUsbPrinter {
  readonly id: string;
  readonly vendorId: number;
  readonly productId: number;
  readonly serialNumber: string | null;
  readonly name: string;
  readonly deviceId: string | null;
  readonly suggestion: PrinterSuggestion | null;
  /** Why the station cannot use it yet (permissions, unsupported protocol), in words. */
  readonly message: string | null;
}

export function usbPrinterId(vendorId: number, productId: number, serialNumber: string | null): string {
  const hex = (n: number): string => n.toString(16).padStart(4, '0');
  const serial = serialNumber ? `:${serialNumber.replace(/[^A-Za-z0-9._-]/g, '')}` : '';
  return `usb:${hex(vendorId)}:${hex(productId)}${serial}`;
}

export function isPrinterDevice(device: UsbDevice): boolean {
  try {
    return findPrinterInterface(device) !== null;
  } catch {
    // A device whose descriptors cannot be read is not one we can print to.
    return false;
  }
}

/** Every attached USB printer-class device, described as far as the OS lets us look. */
export async function listUsbPrinters(bus: UsbBus): Promise<DetectedUsbPrinter[]> {
  const found: DetectedUsbPrinter[] = [];
  for (const device of bus.getDeviceList()) {
    if (!isPrinterDevice(device)) continue;
    found.push(await describeDevice(device));
  }
  return found;
}

/**
 * Devices a print job holds open right now. The usb package hands out one
 * object per device, so opening and closing it to read its strings would
 * close the handle the job is writing through.
 */
const inUse = new WeakSet<UsbDevice>();
const described = new WeakMap<UsbDevice, DetectedUsbPrinter>();

/** Marks a device as held by a print job until the returned function is called. */
export function holdDevice(device: UsbDevice): () => void {
  inUse.add(device);
  return () => inUse.delete(device);
}

export async function describeDevice(device: UsbDevice): Promise<DetectedUsbPrinter> {
  const busy = inUse.has(device) ? described.get(device) : undefined;
  if (busy) return busy;
  const { idVendor: vendorId, idProduct: productId } = device.deviceDescriptor;
  const vendor = knownVendor(vendorId);
  let serialNumber: string | null = null;
  let product: string | null = null;
  let deviceId: string | null = null;
  let message: string | null = null;
  if (inUse.has(device)) message = 'Printing now; its details are read once it is idle.';
  else {
    try {
      device.open();
      try {
        serialNumber = await readString(device, device.deviceDescriptor.iSerialNumber);
        product = await readString(device, device.deviceDescriptor.iProduct);
        const iface = findPrinterInterface(device);
        deviceId = iface ? await readDeviceId(device, iface).catch(() => null) : null;
      } finally {
        device.close();
      }
    } catch (error) {
      message = libusbErrorName(error) === 'LIBUSB_ERROR_ACCESS' ? usbAccessAdvice(device) : describeUsbError(error, device, 0).message;
    }
  }
  const suggestion = suggestPrinter(vendorId, deviceId, product);
  if (!suggestion && !message) message = vendor?.note ?? 'The station does not know which language this printer speaks; choose it in the printer settings.';
  const name = [vendor?.name, product ?? (suggestion?.model !== vendor?.name ? suggestion?.model : null)].filter(Boolean).join(' ') || `USB printer ${vidPid(device)}`;
  const printer = { id: usbPrinterId(vendorId, productId, serialNumber), vendorId, productId, serialNumber, name, deviceId, suggestion, message };
  if (!message) described.set(device, printer);
  return printer;
}

/** The attached device for a configured printer; the serial number tells apart two of the same model. */
export async function findUsbDevice(bus: UsbBus, vendorId: number, productId: number, serialNumber: string | null): Promise<UsbDevice | null> {
  const candidates = bus.getDeviceList().filter((d) => d.deviceDescriptor.idVendor === vendorId && d.deviceDescriptor.idProduct === productId);
  if (!serialNumber || candidates.length <= 1) return candidates[0] ?? null;
  for (const device of candidates) {
    // Held by another printer's job: opening it here would close that job's handle, and it is not this printer.
    if (inUse.has(device)) continue;
    try {
      device.open();
      const serial = await readString(device, device.deviceDescriptor.iSerialNumber).finally(() => device.close());
      if (serial === serialNumber) return device;
    } catch {
      // Not readable now; another candidate may be the one.
    }
  }
  return null;
}
