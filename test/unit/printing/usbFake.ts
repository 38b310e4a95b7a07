import type { UsbBulkInEndpoint, UsbBus, UsbDevice, UsbHotplugEvent, UsbInterface, UsbInterfaceDescriptor, UsbOutEndpoint } from '../../../electron/usb/usbTypes';

/** A stand-in shaped like usb 2.18's Device: records what the station does to it. */
export interface FakePrinter extends UsbDevice {
  readonly log: string[];
  readonly received: Buffer[];
  /** Fail the transfer with this libusb error after so many successful chunks, having moved `actual` bytes of the failing one. */
  failAfterChunks: { chunks: number; error: string; actual?: number } | null;
  openError: string | null;
  kernelDriverActive: boolean;
  /** GET_PORT_STATUS byte: 0x18 selected, no error; 0x20 paper empty. */
  portStatus: number;
  /**
   * A bidirectional Zebra: what it answers to `~HS` on its IN endpoint (null:
   * nothing, so the read times out). Unset, the printer has no IN endpoint.
   * A `~HS` is counted here, never among the label bytes received.
   */
  hostStatus: (() => Buffer | null) | null;
  hostStatusQueries: number;
}

export function libusbError(name: string, errno: number): Error {
  return Object.assign(new Error(name), { errno });
}

const ERRNO: Record<string, number> = { LIBUSB_ERROR_ACCESS: -3, LIBUSB_ERROR_NO_DEVICE: -4, LIBUSB_ERROR_BUSY: -6, LIBUSB_ERROR_TIMEOUT: -7 };

export function fakePrinter(options: { vendorId?: number; productId?: number; deviceId?: string; serial?: string; product?: string; printerClass?: boolean } = {}): FakePrinter {
  const log: string[] = [];
  const received: Buffer[] = [];
  const strings: Record<number, string> = { 2: options.product ?? 'ZTC ZD420-203dpi ZPL', 3: options.serial ?? 'D2J123456' };
  const endpoint: UsbOutEndpoint = {
    direction: 'out',
    transferType: 2,
    address: 0x01,
    descriptor: { wMaxPacketSize: 64 },
    timeout: 0,
    transfer(buffer, callback) {
      if (device.hostStatus && buffer.toString('latin1') === '~HS') {
        device.hostStatusQueries += 1;
        const answer = device.hostStatus();
        // A real printer hands a longer answer over in packets: the station must put them back together.
        if (answer) pending.push(answer.subarray(0, 40), answer.subarray(40));
        setImmediate(() => callback?.(undefined, buffer.length));
        return;
      }
      const failure = device.failAfterChunks;
      if (failure && received.length >= failure.chunks) {
        setImmediate(() => callback?.(libusbError(failure.error, ERRNO[failure.error] ?? -99), failure.actual ?? 0));
        return;
      }
      received.push(Buffer.from(buffer));
      setImmediate(() => callback?.(undefined, buffer.length));
    },
  };
  const pending: Buffer[] = [];
  const input: UsbBulkInEndpoint = {
    direction: 'in',
    transferType: 2,
    address: 0x81,
    descriptor: { wMaxPacketSize: 64 },
    timeout: 0,
    transfer(length, callback) {
      const next = pending.shift();
      if (next) setImmediate(() => callback(undefined, next.subarray(0, length)));
      else setTimeout(() => callback(libusbError('LIBUSB_ERROR_TIMEOUT', -7)), input.timeout);
    },
  };
  const descriptor: UsbInterfaceDescriptor = {
    bInterfaceNumber: 0,
    bAlternateSetting: 0,
    bInterfaceClass: options.printerClass === false ? 3 : 7,
    bInterfaceSubClass: 1,
    bInterfaceProtocol: 2,
    endpoints: [
      { bEndpointAddress: 0x01, bmAttributes: 2, wMaxPacketSize: 64 },
      { bEndpointAddress: 0x81, bmAttributes: 2, wMaxPacketSize: 64 },
    ],
  };
  const iface: UsbInterface = {
    interfaceNumber: 0,
    descriptor,
    endpoints: [endpoint],
    claim: () => log.push('claim'),
    release: (_close, callback) => {
      log.push('release');
      callback?.();
    },
    isKernelDriverActive: () => device.kernelDriverActive,
    detachKernelDriver: () => {
      log.push('detachKernelDriver');
      device.kernelDriverActive = false;
    },
    attachKernelDriver: () => {
      device.kernelDriverActive = true;
    },
    endpoint: (address) => (address === 0x01 ? endpoint : address === 0x81 && device.hostStatus ? input : undefined),
  };
  const device: FakePrinter = {
    log,
    received,
    failAfterChunks: null,
    openError: null,
    kernelDriverActive: true,
    portStatus: 0x18,
    hostStatus: null,
    hostStatusQueries: 0,
    busNumber: 1,
    deviceAddress: 4,
    deviceDescriptor: { idVendor: options.vendorId ?? 0x0a5f, idProduct: options.productId ?? 0x0120, iManufacturer: 1, iProduct: 2, iSerialNumber: 3 },
    portNumbers: [1],
    configDescriptor: { interfaces: [[descriptor]] },
    open: () => {
      if (device.openError) throw libusbError(device.openError, ERRNO[device.openError] ?? -99);
      log.push('open');
    },
    close: () => log.push('close'),
    interface: () => iface,
    controlTransfer(bmRequestType, bRequest, _value, wIndex, length, callback) {
      log.push(`control ${bmRequestType.toString(16)} ${bRequest} ${wIndex}`);
      if (bRequest === 0) {
        const text = Buffer.from(options.deviceId ?? 'MFG:Zebra Technologies;CMD:ZPL;MDL:ZD420;', 'latin1');
        const reply = Buffer.alloc(text.length + 2);
        reply.writeUInt16BE(text.length + 2, 0);
        text.copy(reply, 2);
        setImmediate(() => callback?.(undefined, reply.subarray(0, Number(length))));
      } else setImmediate(() => callback?.(undefined, Buffer.from([device.portStatus])));
      return device;
    },
    getStringDescriptor(index, callback) {
      setImmediate(() => callback(undefined, strings[index]));
    },
  };
  return device;
}

/** A bus holding fake devices, with attach/detach that fire like usb.on('attach'). */
export function fakeBus(devices: UsbDevice[] = []): UsbBus & { attach(d: UsbDevice): void; detach(d: UsbDevice): void; devices: UsbDevice[] } {
  const listeners: Record<UsbHotplugEvent, Array<(d: UsbDevice) => void>> = { attach: [], detach: [] };
  const bus = {
    devices,
    getDeviceList: () => bus.devices,
    on: (event: UsbHotplugEvent, listener: (d: UsbDevice) => void) => void listeners[event].push(listener),
    off: (event: UsbHotplugEvent, listener: (d: UsbDevice) => void) => void (listeners[event] = listeners[event].filter((l) => l !== listener)),
    attach(d: UsbDevice) {
      bus.devices = [...bus.devices, d];
      for (const l of listeners.attach) l(d);
    },
    detach(d: UsbDevice) {
      bus.devices = bus.devices.filter((x) => x !== d);
      for (const l of listeners.detach) l(d);
    },
  };
  return bus;
}
