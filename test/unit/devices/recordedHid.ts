import { EventEmitter } from 'node:events';
import type { HidApi, HidDeviceInfo, HidHandle } from '../../../electron/devices/scales/hidApi';

/**
 * Reports of real scales, as the OS HID API hands them over (report id
 * first). Reconstructed from public captures, byte for byte where one was
 * published: the DYMO M10 example and the M25's 20 g and 40 lb 5.2 oz
 * readings (hardware notes; antradar's DYMO interface notes), the Stamps.com
 * Model 510's 28.3 oz and 55.9 oz (usbscale issue 4, which shows its Data
 * Scaling -1 and Data Weight 283 / 559 usages) with the leading 00 it sends
 * on hidraw (the 7-byte reads of usbscale's hidraw reader), and a Mettler
 * Toledo PS60 in pounds at exponent -2 (the layout of the Fairbanks
 * example in the notes; the PS60 reports in lb at 0.01 lb).
 */
export const recordedScales = {
  dymoM10: {
    device: { vendorId: 0x0922, productId: 0x8003, manufacturer: 'DYMO', product: 'M10 10 Kg Digital Postal Scale', usagePage: 0x8d, usage: 0x20, interface: 0, serialNumber: '0072031241031' },
    // Windows: the interface path the HID class driver publishes.
    path: '\\\\?\\hid#vid_0922&pid_8003#7&1d4c3a9b&0&0000#{4d1e55b2-f16f-11cf-88cb-001111000030}',
    // Empty, a box settling, then 4.9 oz held.
    reports: ['03 02 0B FF 00 00', '03 03 0B FF 12 00', '03 03 0B FF 2E 00', ...Array<string>(6).fill('03 04 0B FF 31 00')],
    weightOz: 4.9,
  },
  dymoM25Heavy: {
    device: { vendorId: 0x0922, productId: 0x8004, manufacturer: 'DYMO', product: 'M25 25 Lb Digital Postal Scale', usagePage: 0x8d, usage: 0x20, interface: 0 },
    path: 'DevSrvsID:4294971417',
    // 40 lb 5.2 oz = 645.2 oz, sent as 6452 tenths.
    reports: ['03 04 02 00 14 00', '03 03 0B FF 00 19', ...Array<string>(6).fill('03 04 0B FF 34 19')],
    weightOz: 645.2,
  },
  mettlerPs60: {
    device: { vendorId: 0x0eb8, productId: 0xf000, manufacturer: 'Mettler Toledo', product: 'PS60', usagePage: 0x8d, usage: 0x20, interface: 0 },
    path: 'DevSrvsID:4294972105',
    // 7.85 lb.
    reports: ['03 03 0C FE 10 00', ...Array<string>(6).fill('03 04 0C FE 11 03')],
    weightOz: 125.6,
  },
  stampsCom510: {
    device: { vendorId: 0x1446, productId: 0x6a73, manufacturer: 'X.J.GROUP', product: 'Stamps.com Model 510 5LB Scale', interface: 0 },
    path: '/dev/hidraw3',
    reports: ['00 03 02 0B FF 00 00', '00 03 04 0B FF 2F 02', ...Array<string>(6).fill('00 03 04 0B FF 1B 01')],
    weightOz: 28.3,
  },
} as const;

export class RecordedHidHandle extends EventEmitter implements HidHandle {
  closed = false;
  constructor(readonly path: string) {
    super();
  }
  report(hex: string): void {
    this.emit('data', Buffer.from(hex.replace(/ /g, ''), 'hex'));
  }
  async close(): Promise<void> {
    this.closed = true;
  }
}

/** The OS HID API with recorded devices plugged in; `holdBy` makes open fail the way it does when the OS or another program holds the scale. */
export class RecordedHid implements HidApi {
  readonly plugged: Array<HidDeviceInfo & { path: string }> = [];
  readonly opened: RecordedHidHandle[] = [];
  readonly openAttempts: string[] = [];
  holdBy: Error | null = null;

  plug(device: Omit<HidDeviceInfo, 'path'>, path: string): void {
    this.plugged.push({ ...device, path });
  }
  unplug(path: string): void {
    const at = this.plugged.findIndex((d) => d.path === path);
    if (at >= 0) this.plugged.splice(at, 1);
  }
  async devices(): Promise<HidDeviceInfo[]> {
    return this.plugged.map((d) => ({ ...d }));
  }
  async open(path: string): Promise<RecordedHidHandle> {
    this.openAttempts.push(path);
    if (this.holdBy) throw this.holdBy;
    if (!this.plugged.some((d) => d.path === path)) throw new Error('could not open device');
    const handle = new RecordedHidHandle(path);
    this.opened.push(handle);
    return handle;
  }
  handle(path: string): RecordedHidHandle {
    const found = this.opened.filter((h) => h.path === path && !h.closed).at(-1);
    if (!found) throw new Error(`no open handle for ${path}`);
    return found;
  }
}
