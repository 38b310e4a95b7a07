import { EventEmitter } from 'node:events';
import type {
  UsbDevice,
  UsbHotplugEvent,
  UsbInterfaceDescriptor,
  UsbInterface,
  UsbBus,
} from '../../../electron/usb/usbTypes';

/**
 * A stand-in for the `usb` 2.x legacy objects (Device, Interface,
 * InEndpoint, OutEndpoint): the same shapes, driven by the test. No
 * hardware exists on the build machines.
 */

export class StandInInEndpoint extends EventEmitter {
  readonly direction = 'in' as const;
  readonly transferType = 3;
  readonly address = 0x81;
  readonly descriptor = { wMaxPacketSize: 8 };
  polling = false;
  startPoll(): void {
    this.polling = true;
  }
  stopPoll(callback?: () => void): void {
    this.polling = false;
    callback?.();
  }
  /** A report arriving from the scale. */
  report(hex: string): void {
    this.emit('data', Buffer.from(hex.replace(/ /g, ''), 'hex'));
  }
}

export class StandInOutEndpoint {
  readonly direction = 'out' as const;
  timeout = 0;
  readonly transferType = 3;
  readonly address = 0x02;
  readonly descriptor = { wMaxPacketSize: 8 };
  readonly sent: Buffer[] = [];
  transfer(buffer: Buffer, callback?: (error: Error | undefined, actual: number) => void): void {
    this.sent.push(Buffer.from(buffer));
    callback?.(undefined, buffer.length);
  }
}

export class StandInInterface implements UsbInterface {
  readonly interfaceNumber = 0;
  readonly input = new StandInInEndpoint();
  readonly output: StandInOutEndpoint | undefined;
  readonly endpoints: UsbInterface['endpoints'];
  claimed = false;
  kernelDriver = true;
  claimError: Error | undefined;
  constructor(
    readonly descriptor: UsbInterfaceDescriptor,
    withOutput: boolean,
  ) {
    this.output = withOutput ? new StandInOutEndpoint() : undefined;
    this.endpoints = this.output ? [this.input, this.output] : [this.input];
  }
  claim(): void {
    if (this.claimError) throw this.claimError;
    this.claimed = true;
  }
  release(_closeEndpoints: boolean, callback?: (error?: Error) => void): void {
    this.claimed = false;
    callback?.();
  }
  isKernelDriverActive(): boolean {
    return this.kernelDriver;
  }
  detachKernelDriver(): void {
    this.kernelDriver = false;
  }
  attachKernelDriver(): void {
    this.kernelDriver = true;
  }
  endpoint(address: number): UsbInterface['endpoints'][number] | undefined {
    return this.endpoints.find((e) => e.address === address);
  }
}

export interface StandInOptions {
  readonly vendorId: number;
  readonly productId: number;
  readonly port?: number;
  readonly subclass?: number;
  /** The HID report descriptor the device answers GET_DESCRIPTOR with (undefined: it stalls). */
  readonly reportDescriptor?: Uint8Array;
  readonly withOutput?: boolean;
}

export class StandInDevice implements UsbDevice {
  readonly busNumber = 1;
  readonly deviceAddress: number;
  readonly portNumbers: number[];
  readonly deviceDescriptor: UsbDevice['deviceDescriptor'];
  readonly configDescriptor: { interfaces: UsbInterfaceDescriptor[][] };
  readonly iface: StandInInterface;
  interfaces: UsbInterface[] | undefined;
  isOpen = false;
  openError: Error | undefined;
  readonly controlRequests: Array<{ type: number; request: number; value: number; index: number; data: number | Buffer }> = [];

  constructor(readonly options: StandInOptions) {
    const port = options.port ?? 2;
    this.deviceAddress = port + 10;
    this.portNumbers = [port];
    this.deviceDescriptor = { idVendor: options.vendorId, idProduct: options.productId, iManufacturer: 1, iProduct: 2, iSerialNumber: 3 };
    const descriptor: UsbInterfaceDescriptor = {
      bInterfaceNumber: 0,
      bAlternateSetting: 0,
      bInterfaceClass: 3,
      bInterfaceSubClass: options.subclass ?? 0,
      bInterfaceProtocol: options.subclass === 1 ? 1 : 0,
      endpoints: [{ bEndpointAddress: 0x81, bmAttributes: 3, wMaxPacketSize: 8 }],
    };
    this.configDescriptor = { interfaces: [[descriptor]] };
    this.iface = new StandInInterface(descriptor, options.withOutput ?? false);
  }

  open(): void {
    if (this.openError) throw this.openError;
    this.isOpen = true;
    this.interfaces = [this.iface];
  }
  close(): void {
    this.isOpen = false;
    this.interfaces = undefined;
  }
  interface(): UsbInterface {
    return this.iface;
  }
  controlTransfer(
    type: number,
    request: number,
    value: number,
    index: number,
    data: number | Buffer,
    callback?: (error: Error | undefined, buffer: Buffer | number | undefined) => void,
  ): void {
    this.controlRequests.push({ type, request, value, index, data });
    if (type === 0x81 && request === 6) {
      if (this.options.reportDescriptor && this.iface.claimed) callback?.(undefined, Buffer.from(this.options.reportDescriptor));
      else callback?.(new Error('LIBUSB_ERROR_PIPE'), undefined);
      return;
    }
    callback?.(undefined, typeof data === 'number' ? data : data.length);
  }
  getStringDescriptor(_index: number, callback: (error?: Error, value?: string) => void): void {
    callback(undefined, 'Stand-in scale');
  }
}

export class StandInUsb implements UsbBus {
  readonly devices: StandInDevice[] = [];
  private readonly events = new EventEmitter();
  getDeviceList(): readonly UsbDevice[] {
    return [...this.devices];
  }
  on(event: UsbHotplugEvent, listener: (device: UsbDevice) => void): void {
    this.events.on(event, listener);
  }
  off(event: UsbHotplugEvent, listener: (device: UsbDevice) => void): void {
    this.events.off(event, listener);
  }
  listenerCount(): number {
    return this.events.listenerCount('attach') + this.events.listenerCount('detach');
  }
  plug(device: StandInDevice): void {
    this.devices.push(device);
    this.events.emit('attach', device);
  }
  unplug(device: StandInDevice): void {
    this.devices.splice(this.devices.indexOf(device), 1);
    device.iface.input.emit('error', new Error('LIBUSB_TRANSFER_NO_DEVICE'));
    this.events.emit('detach', device);
  }
}

/**
 * A scale's report descriptor as the POS usage tables lay it out (data
 * report 3: status, unit, scaling, weight; control report 2: Enforced Zero
 * Return and Zero Scale bits), written here from the usage tables.
 */
export const scaleReportDescriptor = Uint8Array.from([
  0x05, 0x8d, 0x09, 0x20, 0xa1, 0x01, // Usage Page (Scales), Usage (Scale Device), Collection (Application)
  0x09, 0x31, 0xa1, 0x02, 0x85, 0x02, // Usage (Scale Control Report), Collection (Logical), Report ID 2
  0x75, 0x01, 0x95, 0x02, 0x15, 0x00, 0x25, 0x01, // size 1, count 2, 0..1
  0x09, 0x81, 0x09, 0x80, 0x91, 0x02, // Usage (Enforced Zero Return), Usage (Zero Scale), Output (Data,Var)
  0x75, 0x06, 0x95, 0x01, 0x91, 0x03, 0xc0, // 6 padding bits, End Collection
  0x09, 0x32, 0xa1, 0x02, 0x85, 0x03, // Usage (Scale Data Report), Collection (Logical), Report ID 3
  0x75, 0x08, 0x95, 0x01, 0x09, 0x70, 0xa1, 0x02, 0x19, 0x71, 0x29, 0x78, 0x81, 0x00, 0xc0, // status
  0x09, 0x50, 0xa1, 0x02, 0x19, 0x51, 0x29, 0x5c, 0x81, 0x00, 0xc0, // unit
  0x09, 0x41, 0x81, 0x02, // Data Scaling
  0x75, 0x10, 0x09, 0x40, 0x81, 0x02, // Data Weight (16 bits)
  0xc0, 0xc0,
]);

/** A keyboard's descriptor (Generic Desktop / Keyboard): what a barcode scanner presents. */
export const keyboardReportDescriptor = Uint8Array.from([
  0x05, 0x01, 0x09, 0x06, 0xa1, 0x01, 0x05, 0x07, 0x19, 0xe0, 0x29, 0xe7, 0x15, 0x00, 0x25, 0x01, 0x75, 0x01, 0x95, 0x08,
  0x81, 0x02, 0x95, 0x06, 0x75, 0x08, 0x26, 0xff, 0x00, 0x19, 0x00, 0x2a, 0xff, 0x00, 0x81, 0x00, 0xc0,
]);
