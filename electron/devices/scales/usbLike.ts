/**
 * The part of the `usb` 2.x legacy API the scale driver uses, as structural
 * types: the real module (loaded by electron/usb/loadUsb.ts) satisfies them,
 * and tests pass a stand-in built from EventEmitters with recorded reports.
 *
 * 2.18 is chosen over 3.x on purpose: 3.x keeps only the WebUSB API, whose
 * hotplug and kernel-driver handling are poorer for HID devices on Linux, and
 * 2.18 is an N-API build that loads in Node 22 and Electron without a rebuild.
 */

export type UsbCallback = (error?: Error | null) => void;

export interface InterfaceDescriptorLike {
  readonly bInterfaceNumber: number;
  readonly bInterfaceClass: number;
  readonly bInterfaceSubClass: number;
  readonly bInterfaceProtocol: number;
  readonly endpoints: ReadonlyArray<{ readonly bEndpointAddress: number; readonly bmAttributes: number; readonly wMaxPacketSize: number }>;
}

export interface EndpointLike {
  readonly direction: 'in' | 'out';
  readonly transferType: number;
  readonly address: number;
  readonly descriptor: { readonly wMaxPacketSize: number };
}

export interface InEndpointLike extends EndpointLike {
  on(event: 'data', listener: (data: Buffer) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
  removeAllListeners(event?: string): unknown;
  startPoll(nTransfers?: number, transferSize?: number): unknown;
  stopPoll(callback?: () => void): void;
}

export interface OutEndpointLike extends EndpointLike {
  transfer(buffer: Buffer, callback?: (error: Error | undefined, actual: number) => void): unknown;
}

export interface InterfaceLike {
  readonly interfaceNumber: number;
  readonly descriptor: InterfaceDescriptorLike;
  readonly endpoints: readonly EndpointLike[];
  claim(): void;
  release(closeEndpoints: boolean, callback?: (error?: Error) => void): void;
  isKernelDriverActive(): boolean;
  detachKernelDriver(): void;
  attachKernelDriver(): void;
}

export interface DeviceLike {
  readonly busNumber: number;
  readonly deviceAddress: number;
  readonly portNumbers: readonly number[];
  readonly deviceDescriptor: { readonly idVendor: number; readonly idProduct: number; readonly iProduct: number; readonly iSerialNumber: number };
  readonly configDescriptor?: { readonly interfaces: ReadonlyArray<readonly InterfaceDescriptorLike[]> } | undefined;
  readonly interfaces?: readonly InterfaceLike[] | undefined;
  open(defaultConfig?: boolean): void;
  close(): void;
  interface(addr: number): InterfaceLike;
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

export type HotplugEvent = 'attach' | 'detach';

export interface UsbLike {
  getDeviceList(): readonly DeviceLike[];
  on(event: HotplugEvent, listener: (device: DeviceLike) => void): void;
  off(event: HotplugEvent, listener: (device: DeviceLike) => void): void;
}

export const LIBUSB_TRANSFER_TYPE_INTERRUPT = 3;
export const USB_CLASS_HID = 3;

export function isInEndpoint(endpoint: EndpointLike): endpoint is InEndpointLike {
  return endpoint.direction === 'in' && typeof (endpoint as Partial<InEndpointLike>).startPoll === 'function';
}

export function isOutEndpoint(endpoint: EndpointLike): endpoint is OutEndpointLike {
  return endpoint.direction === 'out' && typeof (endpoint as Partial<OutEndpointLike>).transfer === 'function';
}
