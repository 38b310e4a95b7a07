import { z } from 'zod';
import { fail } from '../../shared/contract/errors';
import type { DeviceCommandNames, ScaleInfo, ScalesState, ScaleWeight } from '../../shared/contract/devices';
import { parseScan } from '../../shared/domain/scan';
import { formatOunces, roundUpOunces } from '../../shared/domain/units';
import type { StationContext, StationModule } from '../core/module';
import { createSettingsStore } from '../store/settings';
import type { ScaleReading } from './scales/report';
import { createSimulatedScale, SIMULATED_SCALE_ID, type SimulatedScale } from './scales/simulatedScale';
import { createWeightTracker, type WeightState, type WeightTracker } from './scales/stability';
import { readSysfsReportDescriptor } from './scales/sysfsDescriptor';
import { createUsbScales, type UsbScales } from './scales/usbScales';
import { loadHid, type HidApi } from './scales/hidApi';
import { createHidScales, type HidScales } from './scales/hidScales';
import type { UsbBus } from '../usb/usbTypes';
import type { UnclaimedDescriptorReader } from './scales/usbScale';
import { loadUsb } from '../usb/loadUsb';

export interface DevicesModuleOptions {
  /** Offer the simulated scale (sandbox and training); it is read when no USB scale is connected. */
  readonly simulated?: boolean;
  /** The USB stack; defaults to the `usb` package. Tests pass a stand-in. */
  readonly usb?: UsbBus;
  /** Leave USB alone entirely (tools that only parse scans). */
  readonly noUsb?: boolean;
  readonly readUnclaimedDescriptor?: UnclaimedDescriptorReader;
  /** The OS HID API; defaults to node-hid. null turns it off. */
  readonly hid?: HidApi | null;
  /**
   * Claim scales through libusb too. By default only on Linux (or when a USB
   * stand-in is given): on Windows and macOS the OS's HID driver owns a
   * scale, so a libusb claim cannot succeed there.
   */
  readonly libusbScales?: boolean;
  /** How often the OS HID device list is read (it has no hotplug event); 0: only at start. */
  readonly hidScanMs?: number;
  /** Settle window for a stable weight. */
  readonly settleMs?: number;
}

/** What other modules of the station use of the scales, given to them at composition (createStation). */
export interface ScaleService {
  /** Zeroes the active (or named) scale, where the scale allows it; refuses in words where it does not. */
  readonly tare: (scaleId?: string) => Promise<{ readonly scaleId: string }>;
}

const SELECTED_KEY = 'devices.scale.selected';
/** A reading older than this means the scale stopped talking (powered off, cable pulled). */
const STALE_MS = 3000;
const SILENT_TEXT = 'No reading from the scale: is it switched on?';

/**
 * Bench input: USB scales (plus the simulated one), their stable weights as
 * `scale.weight` events, and scan parsing for the UI and the CLI.
 */
export function createDevicesModule(ctx: StationContext, options: DevicesModuleOptions = {}): StationModule<DeviceCommandNames> & { readonly scales: ScaleService } {
  const log = ctx.log.child('devices');
  const settings = createSettingsStore(ctx.db, ctx.now);
  const trackers = new Map<string, WeightTracker>();
  let usbScales: UsbScales | undefined;
  let usbMessage: string | undefined;
  let hidScales: HidScales | undefined;
  let hidMessage: string | undefined;
  let simulated: SimulatedScale | undefined;
  let watchdog: ReturnType<typeof setInterval> | undefined;
  /** Scales whose silence has been announced, so it is announced once. */
  const silent = new Set<string>();

  const toWeight = (scaleId: string, state: WeightState): ScaleWeight => ({
    scaleId,
    weightOz: state.weightOz,
    weightLb: Number((state.weightOz / 16).toFixed(6)),
    postageOz: roundUpOunces(state.weightOz),
    value: state.value,
    unit: state.unit,
    stable: state.stable,
    status: state.status,
    statusText: state.statusText,
    display: formatOunces(state.weightOz),
    at: new Date(state.at).toISOString(),
  });

  const tracker = (scaleId: string): WeightTracker => {
    let found = trackers.get(scaleId);
    if (!found) {
      // The simulated scale has no stale first report to throw away.
      found = createWeightTracker({ settleMs: options.settleMs, discardFirst: scaleId === SIMULATED_SCALE_ID ? 0 : 1 });
      trackers.set(scaleId, found);
    }
    return found;
  };

  const onReading = (scaleId: string, reading: ScaleReading): void => {
    const { state, changed } = tracker(scaleId).push(reading, ctx.now().getTime());
    const wasSilent = silent.delete(scaleId);
    if (state && (changed || wasSilent)) ctx.emit('scale.weight', toWeight(scaleId, state));
  };

  const onScaleChange = (scaleId: string): void => {
    const scale = usbScales?.list().find((s) => s.id === scaleId) ?? hidScales?.list().find((s) => s.id === scaleId);
    // A scale that reconnects starts over: its first report may be stale again.
    if (scale?.state !== 'connected') trackers.get(scaleId)?.reset();
    ctx.emit('station.changed', { topics: ['scales'] });
  };

  const selectedId = (): string | null => settings.get(SELECTED_KEY, z.string().nullable(), null);

  const scaleList = (): Omit<ScaleInfo, 'active'>[] => {
    const hid = hidScales?.list() ?? [];
    return [
      // A scale libusb gave up on and the OS HID API reads is listed once, as the HID scale.
      ...(usbScales?.list() ?? []).filter((s) => !(s.state === 'unavailable' && hid.some((h) => h.usbId === s.usbId))).map((s) => ({
        id: s.id,
        name: s.name,
        kind: 'usb' as const,
        usbId: s.usbId,
        state: s.state,
        canZero: s.canZero,
        ...(s.message ? { message: s.message } : {}),
      })),
      ...hid.map((s) => ({
        id: s.id,
        name: s.name,
        kind: 'hid' as const,
        usbId: s.usbId,
        state: s.state,
        // Zeroing goes through the libusb path's report descriptor; through the OS HID API the ZERO button does it.
        canZero: false,
        ...(s.message ? { message: s.message } : {}),
      })),
      ...(simulated ? [{ id: simulated.id, name: simulated.name, kind: 'simulated' as const, state: 'connected' as const, canZero: true }] : []),
    ];
  };

  const activeId = (list: readonly Omit<ScaleInfo, 'active'>[]): string | null => {
    const chosen = selectedId();
    if (chosen && list.some((s) => s.id === chosen)) return chosen;
    return (
      list.find((s) => s.kind !== 'simulated' && s.state === 'connected')?.id ??
      list.find((s) => s.kind !== 'simulated')?.id ??
      list.find((s) => s.kind === 'simulated')?.id ??
      null
    );
  };

  const lastWeight = (scaleId: string | null): ScaleWeight | null => {
    if (!scaleId) return null;
    const state = trackers.get(scaleId)?.current();
    if (!state) return null;
    const weight = toWeight(scaleId, state);
    if (ctx.now().getTime() - state.at <= STALE_MS) return weight;
    return { ...weight, stable: false, statusText: SILENT_TEXT };
  };

  // Scales stream several reports a second, so silence means a frozen or switched-off scale:
  // tell the screen once, rather than leaving an old "stable" weight up.
  const checkSilence = (): void => {
    for (const scaleId of trackers.keys()) {
      const weight = lastWeight(scaleId);
      if (!weight || weight.statusText !== SILENT_TEXT || silent.has(scaleId)) continue;
      silent.add(scaleId);
      ctx.emit('scale.weight', weight);
    }
  };

  const snapshot = (): ScalesState => {
    const list = scaleList();
    const active = activeId(list);
    const activeScale = list.find((s) => s.id === active);
    const message = activeScale
      ? activeScale.state === 'connected'
        ? activeScale.name
        : `${activeScale.name}: ${activeScale.message ?? 'connecting…'}`
      : !usbScales && !hidScales && (hidMessage ?? usbMessage)
        ? `No scale connected (${hidMessage ?? usbMessage})`
        : 'No scale connected';
    return {
      scales: list.map((s) => ({ ...s, active: s.id === active })),
      activeId: active,
      selectedId: selectedId(),
      reading: lastWeight(active),
      message,
      usbAvailable: usbMessage === undefined || hidMessage === undefined,
    };
  };

  const resolveScale = (requested: string | undefined): Omit<ScaleInfo, 'active'> => {
    const list = scaleList();
    const id = requested ?? activeId(list);
    const scale = list.find((s) => s.id === id);
    if (!scale) fail(requested ? 'not_found' : 'device_unavailable', requested ? 'That scale is not connected.' : 'No scale connected.', { field: requested ? 'scaleId' : undefined, retryable: true });
    return scale;
  };

  async function tare(scaleId?: string): Promise<{ readonly scaleId: string }> {
    const scale = resolveScale(scaleId);
    if (scale.kind === 'simulated' && simulated) {
      simulated.zero();
      return { scaleId: scale.id };
    }
    if (!scale.canZero || !usbScales) {
      fail('device_unavailable', 'This scale cannot be zeroed from the computer: press ZERO on the scale.', { retryable: false });
    }
    try {
      await usbScales.zero(scale.id);
    } catch (error) {
      log.warn('scale zero failed', { scale: scale.id, error: error instanceof Error ? error.message : String(error) });
      fail('device_unavailable', 'The scale did not take the zero command: press ZERO on the scale.', { retryable: true });
    }
    return { scaleId: scale.id };
  }

  function startLibusb(): void {
    if (!(options.libusbScales ?? (options.usb !== undefined || process.platform === 'linux'))) {
      usbMessage = 'scales are read through the OS HID driver here';
      return;
    }
    const loaded = options.usb ? { bus: options.usb } : loadUsb();
    if (!loaded.bus) {
      usbMessage = 'USB is not available on this computer';
      log.info('USB scales unavailable', { reason: loaded.reason });
      return;
    }
    usbScales = createUsbScales({
      usb: loaded.bus,
      log,
      onReading,
      onChange: onScaleChange,
      readUnclaimedDescriptor: options.readUnclaimedDescriptor ?? (process.platform === 'linux' ? readSysfsReportDescriptor : undefined),
    });
    usbScales.start();
  }

  async function startHid(): Promise<void> {
    const loaded = options.hid === null ? { reason: 'off' } : options.hid ? { hid: options.hid } : loadHid();
    if (!loaded.hid) {
      hidMessage = loaded.reason;
      log.info('OS HID scales unavailable', { reason: loaded.reason });
      return;
    }
    const hex4 = (n: number): string => n.toString(16).padStart(4, '0');
    hidScales = createHidScales({
      hid: loaded.hid,
      log,
      onReading,
      onChange: onScaleChange,
      ...(options.hidScanMs !== undefined ? { scanMs: options.hidScanMs } : {}),
      // Where libusb reads (or still tries) a scale, it keeps it; one it gave up on comes here.
      skip: (device) => (usbScales?.list() ?? []).some((s) => s.usbId === `${hex4(device.vendorId)}:${hex4(device.productId)}` && s.state !== 'unavailable'),
    });
    await hidScales.start();
  }

  return {
    scales: { tare },
    handlers: {
      'scales.list': async () => snapshot(),
      'scales.select': async ({ scaleId }) => {
        if (scaleId !== null && !scaleList().some((s) => s.id === scaleId)) {
          fail('not_found', 'That scale is not connected.', { field: 'scaleId' });
        }
        settings.set(SELECTED_KEY, scaleId);
        ctx.emit('station.changed', { topics: ['scales', 'settings'] });
        return snapshot();
      },
      'scales.reading': async ({ scaleId }) => {
        if (scaleId !== undefined) resolveScale(scaleId);
        return lastWeight(scaleId ?? activeId(scaleList()));
      },
      'scales.tare': ({ scaleId }) => tare(scaleId),
      'scales.simulate': async ({ weightOz }) => {
        if (!simulated) fail('not_configured', 'The simulated scale is available in the sandbox and in training only.');
        simulated.set(weightOz);
        return { scaleId: simulated.id, weightOz };
      },
      'scan.parse': async ({ text }) => parseScan(text),
      // bwip-js and pdfkit load with the first command sheet, not with every start.
      'scan.commandSheet': async ({ format }) => (await import('./commandSheet')).drawCommandSheet(format),
    },

    async start() {
      watchdog = setInterval(checkSilence, 1000);
      watchdog.unref?.();
      if (options.simulated) {
        simulated = createSimulatedScale({ onReading: (reading) => onReading(SIMULATED_SCALE_ID, reading) });
        simulated.start();
      }
      if (options.noUsb) return;
      startLibusb();
      await startHid();
    },

    async close() {
      if (watchdog) clearInterval(watchdog);
      simulated?.close();
      await usbScales?.close();
      usbScales = undefined;
      await hidScales?.close();
      hidScales = undefined;
    },
  };
}
