/**
 * The part of the `usb` 2.18 legacy API the station uses, as structural
 * types, for printers and scales alike: the real module (loadUsb.ts, which
 * checks that it fits them) satisfies them, and tests pass stand-ins.
 *
 * 2.18 rather than 3.x: 3.x keeps only the WebUSB API, which drops
 * `usb.on('attach')` and kernel-driver detaching (needed to take a printer
 * from Linux's usblp, and poorer for HID scales), and 2.18 is an N-API build
 * that loads in Node 22 and Electron without a rebuild.
 */

export type UsbCallback = (error?: Error | null) => void;

export interface UsbEndpointDescriptor {
  readonly bEndpointAddress: number;
  readonly bmAttributes: number;
  readonly wMaxPacketSize: number;
}

export interface UsbInterfaceDescriptor {
  readonly bInterfaceNumber: number;
  readonly bAlternateSetting: number;
  readonly bInterfaceClass: number;
  readonly bInterfaceSubClass: number;
  readonly bInterfaceProtocol: number;
  readonly endpoints: readonly UsbEndpointDescriptor[];
}

export interface UsbEndpoint {
  readonly direction: 'in' | 'out';
  readonly transferType: number;
  readonly address: number;
  readonly descriptor: { readonly wMaxPacketSize: number };
}

export interface UsbInEndpoint extends UsbEndpoint {
  on(event: 'data', listener: (data: Buffer) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
  removeAllListeners(event?: string): unknown;
  startPoll(nTransfers?: number, transferSize?: number): unknown;
  stopPoll(callback?: () => void): void;
}

/** A bulk IN endpoint read one transfer at a time (a printer's answers to status questions). */
export interface UsbBulkInEndpoint extends UsbEndpoint {
  timeout: number;
  transfer(length: number, callback: (error: Error | undefined, data?: Buffer) => void): unknown;
}

export interface UsbOutEndpoint extends UsbEndpoint {
  timeout: number;
  transfer(buffer: Buffer, callback?: (error: Error | undefined, actual: number) => void): unknown;
}

export interface UsbInterface {
  readonly interfaceNumber: number;
  readonly descriptor: UsbInterfaceDescriptor;
  readonly endpoints: readonly UsbEndpoint[];
  endpoint(address: number): UsbEndpoint | undefined;
  claim(): void;
  release(closeEndpoints: boolean, callback?: (error?: Error) => void): void;
  isKernelDriverActive(): boolean;
  detachKernelDriver(): void;
  attachKernelDriver(): void;
}

export interface UsbDevice {
  readonly busNumber: number;
  readonly deviceAddress: number;
  readonly portNumbers: readonly number[];
  readonly deviceDescriptor: {
    readonly idVendor: number;
    readonly idProduct: number;
    readonly iManufacturer: number;
    readonly iProduct: number;
    readonly iSerialNumber: number;
  };
  readonly configDescriptor?: { readonly interfaces: ReadonlyArray<readonly UsbInterfaceDescriptor[]> } | undefined;
  /** Filled once the device is open. */
  readonly interfaces?: readonly UsbInterface[] | undefined;
  open(defaultConfig?: boolean): void;
  close(): void;
  interface(address: number): UsbInterface;
  controlTransfer(
    bmRequestType: number,
    bRequest: number,
    wValue: number,
    wIndex: number,
    dataOrLength: number | Buffer,
    callback?: (error: Error | undefined, buffer: Buffer | number | undefined) => void,
  ): unknown;
  getStringDescriptor(index: number, callback: (error?: Error, value?: string) => void): void;
}

export type UsbHotplugEvent = 'attach' | 'detach';

/** The bus: the device list plus hotplug. */
export interface UsbBus {
  getDeviceList(): readonly UsbDevice[];
  on(event: UsbHotplugEvent, listener: (device: UsbDevice) => void): void;
  off(event: UsbHotplugEvent, listener: (device: UsbDevice) => void): void;
}

export const LIBUSB_TRANSFER_TYPE_INTERRUPT = 3;
export const USB_CLASS_HID = 3;

export function isInEndpoint(endpoint: UsbEndpoint | undefined): endpoint is UsbInEndpoint {
  return endpoint?.direction === 'in' && typeof (endpoint as Partial<UsbInEndpoint>).startPoll === 'function';
}

export function isBulkInEndpoint(endpoint: UsbEndpoint | undefined): endpoint is UsbBulkInEndpoint {
  return endpoint?.direction === 'in' && typeof (endpoint as Partial<UsbBulkInEndpoint>).transfer === 'function';
}

export function isOutEndpoint(endpoint: UsbEndpoint | undefined): endpoint is UsbOutEndpoint {
  return endpoint?.direction === 'out' && typeof (endpoint as Partial<UsbOutEndpoint>).transfer === 'function';
}

/** libusb's error name, e.g. LIBUSB_ERROR_ACCESS; the usb package puts it in `errno` (number) and the message. */
export function libusbErrorName(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const match = /LIBUSB_(ERROR|TRANSFER)_[A-Z_]+/.exec(error.message);
  if (match) return match[0];
  const errno = (error as { errno?: unknown }).errno;
  const names: Record<number, string> = {
    [-1]: 'LIBUSB_ERROR_IO',
    [-3]: 'LIBUSB_ERROR_ACCESS',
    [-4]: 'LIBUSB_ERROR_NO_DEVICE',
    [-5]: 'LIBUSB_ERROR_NOT_FOUND',
    [-6]: 'LIBUSB_ERROR_BUSY',
    [-7]: 'LIBUSB_ERROR_TIMEOUT',
    [-9]: 'LIBUSB_ERROR_PIPE',
    [-12]: 'LIBUSB_ERROR_NOT_SUPPORTED',
  };
  return typeof errno === 'number' ? (names[errno] ?? null) : null;
}
