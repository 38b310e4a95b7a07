import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DevicesModuleOptions } from '../../../electron/devices/module';
import { loadHid } from '../../../electron/devices/scales/hidApi';
import { isHidScale } from '../../../electron/devices/scales/hidScales';
import { devicesModule } from './devicesModule';
import { RecordedHid, recordedScales } from './recordedHid';
import { StandInDevice, StandInUsb } from './standInUsb';

function setup(options: DevicesModuleOptions) {
  const t = devicesModule({ hidScanMs: 0, ...options });
  const weights = (scaleId: string) => t.weights().filter((w) => w.scaleId === scaleId);
  return { module: t.module, h: t.h, weights, close: async () => (await t.module.close?.(), t.db.close()) };
}

/** Feeds a recorded stream at the 100 ms pace real scales report at. */
async function play(hid: RecordedHid, path: string, reports: readonly string[]): Promise<void> {
  for (const report of reports) {
    hid.handle(path).report(report);
    await vi.advanceTimersByTimeAsync(100);
  }
}

describe('HID scales through the OS HID API (Windows, macOS, Linux hidraw)', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-03-02T15:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it.each(Object.entries(recordedScales))('reads a recorded %s to its stable weight through the report parser and the settle window', async (_name, scale) => {
    const hid = new RecordedHid();
    hid.plug(scale.device, scale.path);
    const t = setup({ hid, libusbScales: false });
    await t.module.start?.();
    const state = await t.h['scales.list']({});
    expect(state.scales).toHaveLength(1);
    const listed = state.scales[0]!;
    expect(listed).toMatchObject({ kind: 'hid', state: 'connected', active: true, canZero: false, usbId: `${scale.device.vendorId.toString(16).padStart(4, '0')}:${scale.device.productId.toString(16).padStart(4, '0')}` });
    await play(hid, scale.path, scale.reports);
    const seen = t.weights(listed.id);
    // Nothing was called stable before the value held, and the last word is the scale's weight, stable.
    expect(seen.filter((w) => w.stable).every((w) => w.weightOz === scale.weightOz)).toBe(true);
    expect(seen.at(-1)).toMatchObject({ weightOz: scale.weightOz, stable: true });
    expect(await t.h['scales.reading']({})).toMatchObject({ weightOz: scale.weightOz, stable: true });
    await t.close();
    expect(hid.opened.every((h) => h.closed)).toBe(true);
  });

  it('no scale plugged in is a calm state', async () => {
    const t = setup({ hid: new RecordedHid(), libusbScales: false });
    await t.module.start?.();
    expect(await t.h['scales.list']({})).toMatchObject({ scales: [], activeId: null, reading: null, message: 'No scale connected', usbAvailable: true });
    await t.close();
  });

  it('a scale the OS holds is tried a few times, then reported in words and left alone until it is plugged in again', async () => {
    const hid = new RecordedHid();
    const { device, path, reports, weightOz } = recordedScales.dymoM10;
    hid.plug(device, path);
    hid.holdBy = new Error('could not open device');
    const t = setup({ hid, libusbScales: false, hidScanMs: 1000 });
    await t.module.start?.();
    await vi.advanceTimersByTimeAsync(60_000);
    const attempts = hid.openAttempts.length;
    expect(attempts).toBe(4);
    const state = await t.h['scales.list']({});
    expect(state.scales[0]).toMatchObject({ kind: 'hid', state: 'unavailable', message: expect.stringMatching(/held by another program or by the system.*unplug the scale and plug it back in/) });
    expect(state.message).toMatch(/^DYMO M10 postal scale: The scale is held by another program/);
    // Minutes later it is still not hammered.
    await vi.advanceTimersByTimeAsync(300_000);
    expect(hid.openAttempts.length).toBe(attempts);

    // Unplugged and plugged back in (the other program closed): read at once.
    hid.unplug(path);
    await vi.advanceTimersByTimeAsync(1000);
    expect((await t.h['scales.list']({})).scales).toEqual([]);
    hid.holdBy = null;
    hid.plug(device, path);
    await vi.advanceTimersByTimeAsync(1000);
    expect((await t.h['scales.list']({})).scales[0]).toMatchObject({ state: 'connected' });
    await play(hid, path, reports);
    expect(await t.h['scales.reading']({})).toMatchObject({ weightOz, stable: true });
    await t.close();
  });

  it('a pulled cable reconnects, and the first report after it counts as stale again', async () => {
    const hid = new RecordedHid();
    const { device, path, reports, weightOz } = recordedScales.mettlerPs60;
    hid.plug(device, path);
    const t = setup({ hid, libusbScales: false });
    await t.module.start?.();
    await play(hid, path, reports);
    hid.handle(path).emit('error', new Error('could not read from HID device'));
    await vi.advanceTimersByTimeAsync(0);
    expect((await t.h['scales.list']({})).scales[0]).toMatchObject({ state: 'retrying' });
    await vi.advanceTimersByTimeAsync(500);
    expect((await t.h['scales.list']({})).scales[0]).toMatchObject({ state: 'connected' });
    expect(hid.opened).toHaveLength(2);
    await play(hid, path, reports);
    expect(await t.h['scales.reading']({})).toMatchObject({ weightOz, stable: true });
    await t.close();
  });

  it('on Linux, a scale libusb cannot claim is read through hidraw, and listed once', async () => {
    const usb = new StandInUsb();
    const dymo = new StandInDevice({ vendorId: 0x0922, productId: 0x8003 });
    dymo.iface.claimError = Object.assign(new Error('LIBUSB_ERROR_BUSY'), { errno: -6 });
    usb.devices.push(dymo);
    const hid = new RecordedHid();
    const { device, reports, weightOz } = recordedScales.dymoM10;
    hid.plug(device, '/dev/hidraw0');
    const t = setup({ usb, hid, libusbScales: true, hidScanMs: 1000 });
    await t.module.start?.();
    // While libusb still tries, hidraw leaves the scale to it.
    expect(hid.openAttempts).toEqual([]);
    await vi.advanceTimersByTimeAsync(30_000);
    const state = await t.h['scales.list']({});
    expect(state.scales.map((s) => [s.kind, s.state])).toEqual([['hid', 'connected']]);
    await play(hid, '/dev/hidraw0', reports);
    expect(await t.h['scales.reading']({})).toMatchObject({ weightOz, stable: true });
    await t.close();
  });
});

describe('node-hid', () => {
  it('loads from the prebuilt binary inside the npm package and lists this computer\'s HID devices (none is an answer)', async () => {
    const loaded = loadHid();
    expect(loaded.hid, loaded.hid ? '' : loaded.reason).toBeDefined();
    const devices = await loaded.hid!.devices();
    expect(Array.isArray(devices)).toBe(true);
    expect(devices.every((d) => typeof d.vendorId === 'number' && typeof isHidScale(d) === 'boolean')).toBe(true);
  });
});
