import { settle, tryQuietly } from '../../usb/cleanup';
import { parseHidDescriptor, type ScaleDescriptor } from './hidDescriptor';
import { hidCandidateInterface } from './knownScales';
import { SCALE_DATA_REPORT_ID } from './report';
import {
  isInEndpoint,
  isOutEndpoint,
  LIBUSB_TRANSFER_TYPE_INTERRUPT,
  USB_CLASS_HID,
  type UsbDevice,
  type UsbInEndpoint,
  type UsbInterface,
  type UsbOutEndpoint,
} from '../../usb/usbTypes';

/** Reads an interface's HID report descriptor without claiming it (Linux: sysfs), or undefined. */
export type UnclaimedDescriptorReader = (device: UsbDevice, interfaceNumber: number) => Uint8Array | undefined;

export interface OpenUsbScaleOptions {
  /** A class-match candidate: open it only if its report descriptor says it is a scale. */
  readonly requireScaleDescriptor: boolean;
  readonly readUnclaimedDescriptor?: UnclaimedDescriptorReader;
  readonly onReport: (bytes: Buffer) => void;
  readonly onError: (error: Error) => void;
}

export interface OpenUsbScale {
  readonly dataReportId: number;
  readonly canZero: boolean;
  zero(): Promise<void>;
  close(): Promise<void>;
}

export class NotAScaleError extends Error {
  override readonly name = 'NotAScaleError';
}

const GET_DESCRIPTOR = 0x06;
const HID_REPORT_DESCRIPTOR = 0x22;
const SET_REPORT = 0x09;
const REPORT_TYPE = { output: 2, feature: 3 } as const;

function controlTransfer(device: UsbDevice, type: number, request: number, value: number, index: number, data: number | Buffer): Promise<Buffer | number | undefined> {
  return new Promise((resolve, reject) => {
    device.controlTransfer(type, request, value, index, data, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function readClaimedDescriptor(device: UsbDevice, interfaceNumber: number): Promise<Uint8Array | undefined> {
  try {
    const result = await controlTransfer(device, 0x81, GET_DESCRIPTOR, HID_REPORT_DESCRIPTOR << 8, interfaceNumber, 1024);
    return Buffer.isBuffer(result) && result.length > 0 ? result : undefined;
  } catch {
    return undefined;
  }
}

function hidInterface(device: UsbDevice): { iface: UsbInterface; input: UsbInEndpoint; output: UsbOutEndpoint | undefined } | undefined {
  for (const iface of device.interfaces ?? []) {
    if (iface.descriptor.bInterfaceClass !== USB_CLASS_HID) continue;
    const input = iface.endpoints.find((e): e is UsbInEndpoint => isInEndpoint(e) && e.transferType === LIBUSB_TRANSFER_TYPE_INTERRUPT);
    if (!input) continue;
    return { iface, input, output: iface.endpoints.find(isOutEndpoint) };
  }
  return undefined;
}

/**
 * Opens one scale: claims its HID interface (detaching the kernel's HID
 * driver on Linux, re-attached on close), starts polling the interrupt IN
 * endpoint and, when the report descriptor declares a Zero Scale control,
 * offers `zero()`.
 */
export async function openUsbScale(device: UsbDevice, options: OpenUsbScaleOptions): Promise<OpenUsbScale> {
  // Read the descriptor where the OS offers it without opening the device (Linux sysfs), so a
  // keyboard that only looks like a candidate is never even opened.
  const candidate = hidCandidateInterface(device)?.bInterfaceNumber ?? 0;
  const early = options.readUnclaimedDescriptor?.(device, candidate);
  let descriptor: ScaleDescriptor | undefined = early ? parseHidDescriptor(early) : undefined;
  if (options.requireScaleDescriptor && descriptor && !descriptor.isScale) {
    throw new NotAScaleError('The HID device does not describe itself as a scale');
  }

  device.open();
  const found = hidInterface(device);
  if (!found) {
    device.close();
    throw new NotAScaleError('The device has no HID interface with an interrupt input');
  }
  const { iface, input, output } = found;
  const number = iface.interfaceNumber;

  if (options.requireScaleDescriptor && !descriptor) {
    // Never detach a driver from a HID device that has not shown itself a scale: it may be a keyboard.
    const direct = await readClaimedDescriptor(device, number);
    if (direct) descriptor = parseHidDescriptor(direct);
    if (!descriptor?.isScale) {
      device.close();
      throw new NotAScaleError('The HID device does not describe itself as a scale');
    }
  }

  let detached = false;
  try {
    if (iface.isKernelDriverActive()) {
      iface.detachKernelDriver();
      detached = true;
    }
  } catch {
    // Only Linux (and recent macOS) have a kernel driver to detach; elsewhere this throws NOT_SUPPORTED.
  }
  try {
    iface.claim();
  } catch (error) {
    if (detached) tryQuietly(() => iface.attachKernelDriver());
    tryQuietly(() => device.close());
    throw error;
  }

  if (!descriptor) {
    const bytes = await readClaimedDescriptor(device, number);
    if (bytes) descriptor = parseHidDescriptor(bytes);
  }
  const dataReportId = descriptor?.dataReportId ?? SCALE_DATA_REPORT_ID;
  const zeroCommand = descriptor?.zero;

  input.on('data', (data) => options.onReport(data));
  input.on('error', (error) => options.onError(error));
  input.startPoll(2, Math.max(8, input.descriptor.wMaxPacketSize));

  let closed = false;
  return {
    dataReportId,
    canZero: zeroCommand !== undefined,
    async zero() {
      if (!zeroCommand) throw new Error('This scale does not accept a zero command');
      const report = Buffer.from([zeroCommand.reportId, ...zeroCommand.payload]);
      if (zeroCommand.reportType === 'output' && output) {
        await new Promise<void>((resolve, reject) => output.transfer(report, (error) => (error ? reject(error) : resolve())));
        return;
      }
      const value = (REPORT_TYPE[zeroCommand.reportType] << 8) | zeroCommand.reportId;
      await controlTransfer(device, 0x21, SET_REPORT, value, number, report);
    },
    async close() {
      if (closed) return;
      closed = true;
      await settle((done) => input.stopPoll(done));
      input.removeAllListeners('data');
      input.removeAllListeners('error');
      // A late transfer error after close must not become an unhandled 'error' event.
      input.on('error', () => undefined);
      await settle((done) => iface.release(true, () => done()));
      if (detached) tryQuietly(() => iface.attachKernelDriver());
      tryQuietly(() => device.close());
    },
  };
}
