import fs from 'node:fs';
import path from 'node:path';
import type { UsbDevice } from '../../usb/usbTypes';

const SYSFS_USB = '/sys/bus/usb/devices';
const HID_NODE = /^[0-9A-F]{4}:[0-9A-F]{4}:[0-9A-F]{4}\.[0-9A-F]{4}$/i;

/**
 * Linux keeps every HID device's report descriptor in sysfs, readable while
 * the kernel's HID driver still owns the device. Reading it there lets the
 * class match confirm a scale without detaching anything from a keyboard.
 */
export function readSysfsReportDescriptor(device: UsbDevice, interfaceNumber: number, root = SYSFS_USB): Uint8Array | undefined {
  try {
    const port = `${device.busNumber}-${device.portNumbers.join('.')}:`;
    const iface = fs.readdirSync(root).find((name) => name.startsWith(port) && name.endsWith(`.${interfaceNumber}`));
    if (!iface) return undefined;
    const hid = fs.readdirSync(path.join(root, iface)).find((name) => HID_NODE.test(name));
    if (!hid) return undefined;
    const bytes = fs.readFileSync(path.join(root, iface, hid, 'report_descriptor'));
    return bytes.length > 0 ? bytes : undefined;
  } catch {
    return undefined;
  }
}
