import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deviceCommands } from '../../../shared/contract/devices';
import type { DevicesModuleOptions } from '../../../electron/devices/module';
import { devicesModule } from './devicesModule';
import { scaleReportDescriptor, StandInDevice, StandInUsb } from './standInUsb';
import { failure } from '../../support/failure';

const setup = (options: DevicesModuleOptions = {}) => devicesModule({ hid: null, ...options });

describe('devices module', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-03-02T15:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('says "No scale connected" calmly when there is no USB scale and no simulator', async () => {
    const t = setup({ usb: new StandInUsb() });
    await t.module.start?.();
    expect(await t.h['scales.list']({})).toEqual({
      scales: [],
      activeId: null,
      selectedId: null,
      reading: null,
      message: 'No scale connected',
      usbAvailable: true,
    });
    expect(await t.h['scales.reading']({})).toBeNull();
    expect(await failure(t.h['scales.tare']({}))).toMatchObject({ code: 'device_unavailable', message: 'No scale connected.' });
    expect(await failure(t.h['scales.simulate']({ weightOz: 3 }))).toMatchObject({ code: 'not_configured' });
    await t.module.close?.();
  });

  it('uses the simulated scale in the sandbox: motion, then a stable weight event', async () => {
    const t = setup({ simulated: true, noUsb: true });
    await t.module.start?.();
    expect(await t.h['scales.list']({})).toMatchObject({ activeId: 'simulated', message: 'Simulated scale', usbAvailable: true });
    await t.h['scales.simulate']({ weightOz: 20.6 });
    await vi.advanceTimersByTimeAsync(2000);
    const seen = t.weights();
    expect(seen.some((w) => w.status === 'in_motion' && !w.stable)).toBe(true);
    expect(seen.at(-1)).toEqual({
      scaleId: 'simulated',
      weightOz: 20.6,
      weightLb: 1.2875,
      postageOz: 20.6,
      value: 20.6,
      unit: 'oz',
      stable: true,
      status: 'stable',
      statusText: 'Stable',
      display: '1 lb 4.6 oz',
      at: expect.stringMatching(/^2026-03-02T15:00:0\d/),
    });
    expect(await t.h['scales.reading']({})).toMatchObject({ weightOz: 20.6, stable: true });
    // Only changes are sent, not every report the scale streams.
    const count = t.weights().length;
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.weights().length).toBe(count);

    await t.h['scales.tare']({});
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.weights().at(-1)).toMatchObject({ status: 'zero', weightOz: 0, postageOz: 0, stable: true, display: '0 oz' });
    await t.module.close?.();
  });

  it('prefers a connected USB scale over the simulator, follows hotplug, and remembers a selection', async () => {
    const usb = new StandInUsb();
    const t = setup({ simulated: true, usb });
    await t.module.start?.();
    const dymo = new StandInDevice({ vendorId: 0x0922, productId: 0x8003, reportDescriptor: scaleReportDescriptor, withOutput: true });
    usb.plug(dymo);
    await vi.advanceTimersByTimeAsync(0);
    let state = await t.h['scales.list']({});
    expect(state.activeId).toBe('usb:0922:8003@1-2');
    expect(state.message).toBe('DYMO M10 postal scale');
    expect(state.scales.map((s) => [s.id, s.kind, s.active, s.canZero])).toEqual([
      ['usb:0922:8003@1-2', 'usb', true, true],
      ['simulated', 'simulated', false, true],
    ]);
    expect(t.events.some((e) => e.name === 'station.changed')).toBe(true);

    // The first report after opening is stale and thrown away; then 300 ms of the same weight.
    dymo.iface.input.report('03 04 0B FF 64 00');
    for (let i = 0; i < 5; i += 1) {
      dymo.iface.input.report('03 04 0B FF 31 00');
      await vi.advanceTimersByTimeAsync(100);
    }
    const usbWeights = t.weights().filter((w) => w.scaleId === 'usb:0922:8003@1-2');
    expect(usbWeights.map((w) => w.weightOz)).not.toContain(10);
    expect(usbWeights.at(-1)).toMatchObject({ weightOz: 4.9, weightLb: 0.30625, postageOz: 4.9, stable: true, display: '4.9 oz' });

    await t.h['scales.tare']({});
    expect(dymo.iface.output?.sent.map((b) => b.toString('hex'))).toEqual(['0202']);

    state = await t.h['scales.select']({ scaleId: 'simulated' });
    expect(state).toMatchObject({ activeId: 'simulated', selectedId: 'simulated' });
    state = await t.h['scales.select']({ scaleId: null });
    expect(state.activeId).toBe('usb:0922:8003@1-2');
    expect(await failure(t.h['scales.select']({ scaleId: 'usb:nope' }))).toMatchObject({ code: 'not_found', field: 'scaleId' });

    usb.unplug(dymo);
    await vi.advanceTimersByTimeAsync(0);
    state = await t.h['scales.list']({});
    expect(state.activeId).toBe('simulated');
    await t.module.close?.();
  });

  it('marks a reading stale when the scale stops talking', async () => {
    const usb = new StandInUsb();
    const dymo = new StandInDevice({ vendorId: 0x0922, productId: 0x8003 });
    usb.devices.push(dymo);
    const t = setup({ usb });
    await t.module.start?.();
    await vi.advanceTimersByTimeAsync(0);
    for (let i = 0; i < 6; i += 1) {
      dymo.iface.input.report('03 04 0B FF 31 00');
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(await t.h['scales.reading']({})).toMatchObject({ stable: true });
    const before = t.weights().length;
    await vi.advanceTimersByTimeAsync(5000);
    expect(await t.h['scales.reading']({})).toMatchObject({ stable: false, statusText: expect.stringMatching(/No reading/) });
    // The screen hears about the silence once, and about the scale coming back.
    expect(t.weights().slice(before)).toEqual([expect.objectContaining({ stable: false, statusText: expect.stringMatching(/No reading/) })]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.weights().length).toBe(before + 1);
    dymo.iface.input.report('03 04 0B FF 31 00');
    expect(t.weights().at(-1)).toMatchObject({ weightOz: 4.9, statusText: 'Stable' });
    expect(await failure(t.h['scales.tare']({}))).toMatchObject({ code: 'device_unavailable', message: expect.stringMatching(/press ZERO/) });
    await t.module.close?.();
  });

  it('parses scans and draws the command sheet', async () => {
    const t = setup({ noUsb: true });
    await t.module.start?.();
    expect(await t.h['scan.parse']({ text: 'DEMO-1001' })).toEqual({ kind: 'order', order_number: 'DEMO-1001' });
    const svg = await t.h['scan.commandSheet']({ format: 'svg' });
    expect(svg.barcodes.map((b) => b.command)).toEqual(['BUY', 'REPRINT_LAST', 'VOID_LAST', 'NEXT', 'CANCEL', 'ZERO_SCALE', 'ANOTHER_BOX']);
    expect(svg.barcodes[0]?.image).toMatch(/^<svg /);
    const png = await t.h['scan.commandSheet']({ format: 'png' });
    expect(png.barcodes[0]?.image).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    await t.module.close?.();
  });

  it('validates inputs with messages a packer understands', () => {
    const simulate = deviceCommands['scales.simulate'].input;
    expect(simulate.safeParse({ weightOz: -1 }).error?.issues[0]?.message).toBe('A weight cannot be below zero');
    expect(simulate.safeParse({ weightOz: 'abc' }).error?.issues[0]?.message).toBe('Enter the weight in ounces');
    expect(deviceCommands['scan.parse'].input.safeParse({ text: 'x'.repeat(501) }).error?.issues[0]?.message).toMatch(/too long/);
    expect(deviceCommands['scan.commandSheet'].input.parse({})).toEqual({ format: 'svg' });
    expect(deviceCommands['scales.select'].input.safeParse({ scaleId: '' }).error?.issues[0]?.message).toBe('Choose a scale');
  });
});
