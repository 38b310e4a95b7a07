import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryLogger } from '../../../electron/log/logger';
import type { ScaleReading } from '../../../electron/devices/scales/report';
import { createUsbScales, type UsbScales } from '../../../electron/devices/scales/usbScales';
import { keyboardReportDescriptor, scaleReportDescriptor, StandInDevice, StandInUsb } from './standInUsb';

const DYMO_M10 = { vendorId: 0x0922, productId: 0x8003 };

function setup(extra: { readUnclaimedDescriptor?: (d: unknown, i: number) => Uint8Array | undefined } = {}) {
  const usb = new StandInUsb();
  const readings: Array<[string, ScaleReading]> = [];
  const changes: string[] = [];
  let scales: UsbScales | undefined;
  const start = (): UsbScales => {
    scales = createUsbScales({
      usb,
      log: createMemoryLogger(),
      onReading: (id, reading) => readings.push([id, reading]),
      onChange: (id) => changes.push(id),
      ...(extra.readUnclaimedDescriptor ? { readUnclaimedDescriptor: extra.readUnclaimedDescriptor } : {}),
    });
    scales.start();
    return scales;
  };
  return { usb, readings, changes, start, close: () => scales?.close() };
}

/** Lets the promise chains of open/close run. */
const flush = async (): Promise<void> => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

describe('USB scales', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is calm with no scale and no devices, and lets go of hotplug on close', async () => {
    const t = setup();
    const scales = t.start();
    expect(scales.list()).toEqual([]);
    expect(t.usb.listenerCount()).toBe(2);
    await scales.close();
    expect(t.usb.listenerCount()).toBe(0);
  });

  it('opens a known scale found at start: detaches the kernel driver, claims, polls, reads', async () => {
    const t = setup();
    const dymo = new StandInDevice({ ...DYMO_M10, reportDescriptor: scaleReportDescriptor, withOutput: true });
    t.usb.devices.push(dymo);
    const scales = t.start();
    await flush();
    expect(scales.list()).toEqual([
      { id: 'usb:0922:8003@1-2', name: 'DYMO M10 postal scale', usbId: '0922:8003', state: 'connected', canZero: true },
    ]);
    expect(dymo.iface.kernelDriver).toBe(false);
    expect(dymo.iface.claimed).toBe(true);
    expect(dymo.iface.input.polling).toBe(true);

    dymo.iface.input.report('03 04 0B FF 31 00');
    dymo.iface.input.report('03 04 0B FF 31 00 00 00'); // padded to the endpoint's 8 bytes
    expect(t.readings.map(([id, r]) => [id, r.weightOz])).toEqual([
      ['usb:0922:8003@1-2', 4.9],
      ['usb:0922:8003@1-2', 4.9],
    ]);

    await scales.close();
    expect(dymo.iface.claimed).toBe(false);
    expect(dymo.iface.kernelDriver).toBe(true);
    expect(dymo.isOpen).toBe(false);
  });

  it('follows hotplug: a scale plugged in connects, unplugged disappears, plugged again reconnects', async () => {
    const t = setup();
    const scales = t.start();
    const fairbanks = new StandInDevice({ vendorId: 0x0b67, productId: 0x555e, port: 3 });
    t.usb.plug(fairbanks);
    await flush();
    expect(scales.list()).toMatchObject([{ name: 'Fairbanks Ultegra scale', state: 'connected', canZero: false }]);
    fairbanks.iface.input.report('03 04 0C FE 11 03');
    expect(t.readings.at(-1)?.[1].weightOz).toBe(125.6);

    t.usb.unplug(fairbanks);
    await flush();
    expect(scales.list()).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(scales.list()).toEqual([]);

    const again = new StandInDevice({ vendorId: 0x0b67, productId: 0x555e, port: 3 });
    t.usb.plug(again);
    await flush();
    expect(scales.list()).toMatchObject([{ id: 'usb:0b67:555e@1-3', state: 'connected' }]);
    again.iface.input.report('03 04 0C FE 11 03');
    expect(t.readings).toHaveLength(2);
    await scales.close();
  });

  it('retries a busy scale with a growing back-off and connects without a restart', async () => {
    const t = setup();
    const dymo = new StandInDevice(DYMO_M10);
    dymo.openError = new Error('LIBUSB_ERROR_BUSY');
    t.usb.devices.push(dymo);
    const scales = t.start();
    await flush();
    expect(scales.list()).toMatchObject([{ state: 'retrying', message: expect.stringMatching(/Another program/) }]);

    const opens = vi.spyOn(dymo, 'open');
    await vi.advanceTimersByTimeAsync(249);
    expect(opens).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1); // 250 ms
    expect(opens).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(opens).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1); // then 500 ms
    expect(opens).toHaveBeenCalledTimes(2);

    dymo.openError = undefined;
    await vi.advanceTimersByTimeAsync(1000); // then 1 s
    expect(scales.list()).toMatchObject([{ state: 'connected' }]);
    expect(scales.list()[0]).not.toHaveProperty('message');
    await scales.close();
  });

  it('reconnects after a transfer error while the scale stays plugged in', async () => {
    const t = setup();
    const dymo = new StandInDevice(DYMO_M10);
    t.usb.devices.push(dymo);
    const scales = t.start();
    await flush();
    dymo.iface.input.emit('error', new Error('LIBUSB_TRANSFER_ERROR'));
    await flush();
    expect(scales.list()).toMatchObject([{ state: 'retrying' }]);
    await vi.advanceTimersByTimeAsync(250);
    expect(scales.list()).toMatchObject([{ state: 'connected' }]);
    dymo.iface.input.report('03 02 0B FF 00 00');
    expect(t.readings).toHaveLength(1);
    await scales.close();
  });

  it('finds an unlisted scale by its report descriptor, and leaves keyboards alone', async () => {
    const descriptors = new Map<unknown, Uint8Array>();
    const t = setup({ readUnclaimedDescriptor: (device) => descriptors.get(device) });
    const unlisted = new StandInDevice({ vendorId: 0x1234, productId: 0x0001, port: 4, reportDescriptor: scaleReportDescriptor });
    const vendorHid = new StandInDevice({ vendorId: 0x5678, productId: 0x0002, port: 5, reportDescriptor: keyboardReportDescriptor });
    const bootKeyboard = new StandInDevice({ vendorId: 0x05e0, productId: 0x1200, port: 6, subclass: 1 });
    descriptors.set(unlisted, scaleReportDescriptor);
    descriptors.set(vendorHid, keyboardReportDescriptor);
    t.usb.devices.push(unlisted, vendorHid, bootKeyboard);
    const open = vi.spyOn(bootKeyboard, 'open');
    const openVendorHid = vi.spyOn(vendorHid, 'open');
    const scales = t.start();
    await flush();
    expect(scales.list()).toMatchObject([{ name: 'USB scale 1234:0001', state: 'connected', canZero: true }]);
    expect(vendorHid.iface.kernelDriver).toBe(true);
    expect(vendorHid.iface.claimed).toBe(false);
    expect(openVendorHid).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
    await scales.close();
  });

  it('forgets an unlisted HID device it cannot open, instead of retrying it forever', async () => {
    const t = setup();
    const locked = new StandInDevice({ vendorId: 0x1234, productId: 0x0001 });
    locked.openError = new Error('LIBUSB_ERROR_ACCESS');
    t.usb.devices.push(locked);
    const open = vi.spyOn(locked, 'open');
    const scales = t.start();
    await flush();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(open).toHaveBeenCalledTimes(1);
    expect(scales.list()).toEqual([]);
    expect(t.changes).toEqual([]);
    await scales.close();
  });

  it('does not take an unlisted HID device whose descriptor cannot be read before claiming', async () => {
    const t = setup();
    const unknown = new StandInDevice({ vendorId: 0x1234, productId: 0x0001, reportDescriptor: scaleReportDescriptor });
    t.usb.devices.push(unknown);
    const scales = t.start();
    await flush();
    expect(scales.list()).toEqual([]);
    expect(unknown.iface.kernelDriver).toBe(true);
    await scales.close();
  });

  it('zeroes through the output endpoint, or SET_REPORT when there is none, and refuses when the scale has no zero control', async () => {
    const t = setup();
    const withOut = new StandInDevice({ ...DYMO_M10, port: 1, reportDescriptor: scaleReportDescriptor, withOutput: true });
    const noOut = new StandInDevice({ ...DYMO_M10, port: 2, reportDescriptor: scaleReportDescriptor });
    const noDescriptor = new StandInDevice({ ...DYMO_M10, port: 3 });
    t.usb.devices.push(withOut, noOut, noDescriptor);
    const scales = t.start();
    await flush();

    await scales.zero('usb:0922:8003@1-1');
    expect(withOut.iface.output?.sent.map((b) => b.toString('hex'))).toEqual(['0202']);

    await scales.zero('usb:0922:8003@1-2');
    expect(noOut.controlRequests.at(-1)).toMatchObject({ type: 0x21, request: 0x09, value: 0x0202, index: 0 });

    expect(scales.list().find((s) => s.id.endsWith('1-3'))?.canZero).toBe(false);
    await expect(scales.zero('usb:0922:8003@1-3')).rejects.toThrow(/does not accept a zero/);
    await expect(scales.zero('usb:nope')).rejects.toThrow(/not connected/);
    await scales.close();
  });
});
