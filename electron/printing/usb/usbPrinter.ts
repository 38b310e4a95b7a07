import { fail, StationFailure } from '../../../shared/contract/errors';
import { settle, tryQuietly } from '../../usb/cleanup';
import { isBulkInEndpoint, isOutEndpoint, libusbErrorName, type UsbBulkInEndpoint, type UsbDevice, type UsbInterfaceDescriptor, type UsbOutEndpoint } from '../../usb/usbTypes';

/** USB printer class: interface class 7, subclass 1, protocol 1 (unidirectional) or 2 (bidirectional). */
export const PRINTER_CLASS = 7;
export const PRINTER_SUBCLASS = 1;
const BULK = 2;

export interface PrinterInterface {
  readonly interfaceNumber: number;
  readonly alternateSetting: number;
  readonly outEndpoint: number;
  /** A bidirectional printer's bulk IN endpoint, where it answers status questions. */
  readonly inEndpoint: number | null;
}

export function findPrinterInterface(device: UsbDevice): PrinterInterface | null {
  for (const alternates of device.configDescriptor?.interfaces ?? []) {
    for (const alt of alternates) {
      if (!isPrinterClass(alt)) continue;
      const out = alt.endpoints.find((e) => (e.bEndpointAddress & 0x80) === 0 && (e.bmAttributes & 3) === BULK);
      const back = alt.bInterfaceProtocol === 2 ? alt.endpoints.find((e) => (e.bEndpointAddress & 0x80) !== 0 && (e.bmAttributes & 3) === BULK) : undefined;
      if (out) return { interfaceNumber: alt.bInterfaceNumber, alternateSetting: alt.bAlternateSetting, outEndpoint: out.bEndpointAddress, inEndpoint: back?.bEndpointAddress ?? null };
    }
  }
  return null;
}

function isPrinterClass(alt: UsbInterfaceDescriptor): boolean {
  return alt.bInterfaceClass === PRINTER_CLASS && alt.bInterfaceSubClass === PRINTER_SUBCLASS && (alt.bInterfaceProtocol === 1 || alt.bInterfaceProtocol === 2);
}

export const vidPid = (device: UsbDevice): string =>
  `${device.deviceDescriptor.idVendor.toString(16).padStart(4, '0')}:${device.deviceDescriptor.idProduct.toString(16).padStart(4, '0')}`;

/** The words an operator needs when the OS keeps the station from a printer. */
export function usbAccessAdvice(device: UsbDevice, platform: NodeJS.Platform = process.platform): string {
  const vendor = device.deviceDescriptor.idVendor.toString(16).padStart(4, '0');
  if (platform === 'win32') {
    return 'Windows has this printer on its own print driver, so the station cannot reach it. Install the WinUSB driver for it with Zadig (this takes the printer away from the Windows print queue), then unplug it and plug it back in. Or print over the network instead.';
  }
  if (platform === 'linux') {
    return `This computer does not let the station open the USB printer (${vidPid(device)}). Ask your administrator to add a udev rule: a file /etc/udev/rules.d/60-parcel-station.rules containing SUBSYSTEM=="usb", ATTR{idVendor}=="${vendor}", MODE="0660", GROUP="plugdev" ; make sure your user is in the plugdev group, then unplug the printer and plug it back in.`;
  }
  return `This computer does not let the station open the USB printer (${vidPid(device)}). Quit any other program that uses it (the system print queue included) and try again.`;
}

/** A failure while sending, carrying how many bytes the printer had accepted so the queue never prints twice. */
export class PrinterSendError extends StationFailure {
  constructor(
    message: string,
    readonly bytesSent: number,
    retryable = true,
  ) {
    super({ code: 'printer_unavailable', message, retryable });
  }
}

export function describeUsbError(error: unknown, device: UsbDevice, bytesSent: number): PrinterSendError {
  const name = libusbErrorName(error);
  switch (name) {
    // On Windows, NOT_SUPPORTED means the printer is on the system's print driver rather than WinUSB.
    case 'LIBUSB_ERROR_ACCESS':
    case 'LIBUSB_ERROR_NOT_SUPPORTED':
      return new PrinterSendError(usbAccessAdvice(device), bytesSent, false);
    case 'LIBUSB_ERROR_BUSY':
      return new PrinterSendError('Another program is using this USB printer (often the system print queue). Close it or remove the printer from the system\'s printers, then retry.', bytesSent);
    case 'LIBUSB_ERROR_NO_DEVICE':
    case 'LIBUSB_ERROR_NOT_FOUND':
      return new PrinterSendError('The USB printer was unplugged or switched off.', bytesSent);
    case 'LIBUSB_ERROR_TIMEOUT':
    case 'LIBUSB_TRANSFER_TIMED_OUT':
      return new PrinterSendError('The USB printer stopped taking data (out of labels, open lid or paused?). Check it, then retry.', bytesSent);
    default:
      return new PrinterSendError(`The USB printer reported an error (${name ?? (error instanceof Error ? error.message : String(error))}).`, bytesSent);
  }
}

export interface OpenPrinter {
  readonly iface: PrinterInterface;
  readonly endpoint: UsbOutEndpoint;
  /** Where a bidirectional printer answers; null on a one-way printer. */
  readonly input: UsbBulkInEndpoint | null;
  close(): Promise<void>;
}

/** Opens the device and claims its printer interface, taking it from Linux's usblp first. */
export function openPrinter(device: UsbDevice, timeoutMs: number, platform: NodeJS.Platform = process.platform): OpenPrinter {
  const iface = findPrinterInterface(device);
  if (!iface) fail('printer_unavailable', `The USB device ${vidPid(device)} has no printer interface; it is not a printer the station can drive.`);
  try {
    device.open();
  } catch (error) {
    throw describeUsbError(error, device, 0);
  }
  try {
    const handle = device.interface(iface.interfaceNumber);
    if (platform === 'linux' && handle.isKernelDriverActive()) handle.detachKernelDriver();
    handle.claim();
    const endpoint = handle.endpoint(iface.outEndpoint);
    if (!isOutEndpoint(endpoint)) fail('printer_unavailable', 'The USB printer has no output endpoint the station can write to.');
    endpoint.timeout = timeoutMs;
    const back = iface.inEndpoint === null ? undefined : handle.endpoint(iface.inEndpoint);
    return {
      iface,
      endpoint,
      input: isBulkInEndpoint(back) ? back : null,
      // Never rejects nor hangs: the job's outcome is already decided by the transfer.
      close: async () => {
        await settle((done) => handle.release(true, () => done()));
        tryQuietly(() => device.close());
      },
    };
  } catch (error) {
    tryQuietly(() => device.close());
    if (error instanceof StationFailure) throw error;
    throw describeUsbError(error, device, 0);
  }
}

/**
 * Bulk OUT in chunks, reporting progress after each, so an unplug mid-job
 * says exactly how many bytes the printer had already taken.
 */
export async function writeChunks(
  endpoint: UsbOutEndpoint,
  bytes: Uint8Array,
  options: { chunkSize: number; describe: (error: unknown, sent: number) => Error; onProgress?: (sent: number) => void },
): Promise<number> {
  let sent = 0;
  while (sent < bytes.length) {
    const chunk = Buffer.from(bytes.buffer, bytes.byteOffset + sent, Math.min(options.chunkSize, bytes.length - sent));
    // A transfer that times out or breaks may still have moved part of its chunk: those bytes count as sent.
    let partial = 0;
    try {
      sent += await new Promise<number>((resolve, reject) => {
        endpoint.transfer(chunk, (error, actual) => {
          if (!error) return resolve(actual ?? chunk.length);
          partial = actual ?? 0;
          reject(error);
        });
      });
    } catch (error) {
      throw options.describe(error, sent + partial);
    }
    options.onProgress?.(sent);
  }
  return sent;
}

/** One bulk IN transfer; null when the printer said nothing within the endpoint's timeout. */
export function readOnce(endpoint: UsbBulkInEndpoint, length: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    endpoint.transfer(length, (error, data) => {
      if (!error) return resolve(data ?? Buffer.alloc(0));
      const name = libusbErrorName(error);
      if (name === 'LIBUSB_ERROR_TIMEOUT' || name === 'LIBUSB_TRANSFER_TIMED_OUT') return resolve(null);
      reject(error);
    });
  });
}

function control(device: UsbDevice, request: number, value: number, index: number, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    device.controlTransfer(0xa1, request, value, index, length, (error, data) => {
      if (error) reject(error);
      else resolve(Buffer.isBuffer(data) ? data : Buffer.alloc(0));
    });
  });
}

/** GET_DEVICE_ID (class request 0): a 2-byte big-endian length, then "MFG:...;CMD:...;MDL:...;". */
export async function readDeviceId(device: UsbDevice, iface: PrinterInterface): Promise<string | null> {
  const data = await control(device, 0, 0, (iface.interfaceNumber << 8) | iface.alternateSetting, 1024);
  if (data.length < 2) return null;
  const length = Math.min(data.readUInt16BE(0), data.length);
  return data.subarray(2, length).toString('latin1');
}

export interface PortStatus {
  readonly paperEmpty: boolean;
  readonly selected: boolean;
  readonly error: boolean;
}

/** GET_PORT_STATUS (class request 1): one byte; 0x20 paper empty, 0x10 selected, 0x08 clear = error. */
export async function readPortStatus(device: UsbDevice, iface: PrinterInterface): Promise<PortStatus | null> {
  const data = await control(device, 1, 0, iface.interfaceNumber, 1);
  if (data.length < 1) return null;
  const byte = data[0]!;
  return { paperEmpty: (byte & 0x20) !== 0, selected: (byte & 0x10) !== 0, error: (byte & 0x08) === 0 };
}

export function readString(device: UsbDevice, index: number): Promise<string | null> {
  if (index === 0) return Promise.resolve(null);
  return new Promise((resolve) => device.getStringDescriptor(index, (error, value) => resolve(error ? null : (value ?? null))));
}
