import type { Logger } from '../../log/logger';
import { findKnownScale } from './knownScales';
import { parseScaleReport, SCALE_DATA_REPORT_ID, type ScaleReading } from './report';
import type { HidApi, HidDeviceInfo, HidHandle } from './hidApi';
import { backOff, type BackOffPolicy } from './backOff';

/** HID usage page of weighing devices (HID Point of Sale usage tables). */
export const SCALE_USAGE_PAGE = 0x8d;

export type HidScaleState = 'connecting' | 'connected' | 'retrying' | 'unavailable';

export interface HidScaleInfo {
  readonly id: string;
  readonly name: string;
  readonly usbId: string;
  readonly state: HidScaleState;
  readonly message?: string;
}

export interface HidScalesOptions {
  readonly hid: HidApi;
  readonly log: Logger;
  readonly onReading: (scaleId: string, reading: ScaleReading) => void;
  readonly onChange: (scaleId: string) => void;
  /** Interfaces another path already reads (libusb on Linux) are left to it. */
  readonly skip?: (device: HidDeviceInfo) => boolean;
  /** How often the device list is read: the OS HID API has no hotplug event. 0 scans only when asked. */
  readonly scanMs?: number;
  readonly retryMs?: number;
  /** Open attempts before a scale the OS will not hand over is reported and left alone until it is plugged in again. */
  readonly maxAttempts?: number;
}

export interface HidScales {
  start(): Promise<void>;
  /** Reads the device list now: new scales are opened, gone ones forgotten. */
  scan(): Promise<void>;
  list(): HidScaleInfo[];
  close(): Promise<void>;
}

interface Entry {
  readonly id: string;
  readonly path: string;
  readonly name: string;
  readonly usbId: string;
  state: HidScaleState;
  message?: string;
  handle?: HidHandle;
  failures: number;
  timer?: ReturnType<typeof setTimeout>;
  generation: number;
}

const hex4 = (n: number): string => n.toString(16).padStart(4, '0');

export function isHidScale(device: HidDeviceInfo): boolean {
  return findKnownScale(device.vendorId, device.productId) !== undefined || device.usagePage === SCALE_USAGE_PAGE;
}

/** The scale's id: its USB ids and serial (or, without one, the OS path of the interface), stable across reconnects. */
function hidScaleId(device: HidDeviceInfo & { path: string }): string {
  const which = device.serialNumber?.trim() || device.path;
  return `hid:${hex4(device.vendorId)}:${hex4(device.productId)}:${which}`.slice(0, 200);
}

/** Words for an open that failed: on Windows and macOS this is almost always another program (or the OS) holding the scale. */
function heldMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  if (/permission|access|denied|EACCES/i.test(text)) {
    return 'The computer did not allow access to the scale. On Linux, install the rule printed by `parcel-station scales --udev-rules`, then unplug the scale and plug it back in.';
  }
  return 'The scale is held by another program or by the system. Close other shipping software, then unplug the scale and plug it back in.';
}

/**
 * Scales read through the OS HID API (node-hid): on Windows and macOS the
 * OS's HID driver owns a scale and this is the only way to read it; on
 * Linux it is hidraw, for scales libusb cannot claim. The device list is
 * read every scanMs; a scale that cannot be opened is tried a few times
 * with a growing pause, then reported as unavailable and left alone until
 * it disappears from the list (unplugged) and comes back.
 */
export function createHidScales(options: HidScalesOptions): HidScales {
  const { hid, log } = options;
  const policy: BackOffPolicy = { retryMs: options.retryMs ?? 500, maxRetryMs: Infinity, maxHeldFailures: options.maxAttempts ?? 4 };
  const entries = new Map<string, Entry>();
  let scanTimer: ReturnType<typeof setInterval> | undefined;
  let closed = false;

  const teardown = async (entry: Entry): Promise<void> => {
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = undefined;
    const handle = entry.handle;
    entry.handle = undefined;
    if (!handle) return;
    handle.removeAllListeners('data');
    handle.removeAllListeners('error');
    // A late read error after close must not become an unhandled 'error' event.
    handle.on('error', () => undefined);
    await handle.close().catch(() => undefined);
  };

  const failed = (entry: Entry, error: unknown): void => {
    if (closed || entries.get(entry.id) !== entry) return;
    entry.message = heldMessage(error);
    const reason = error instanceof Error ? error.message : String(error);
    // Through the OS HID API every failed open is the OS or another program holding the scale.
    const step = backOff(entry, policy, true, () => void connect(entry));
    if (step.kind === 'unavailable') log.warn('HID scale could not be opened; waiting for it to be plugged in again', { scale: entry.id, attempts: entry.failures, error: reason });
    else log.info('HID scale open failed; trying again', { scale: entry.id, delayMs: step.delayMs, error: reason });
    options.onChange(entry.id);
  };

  const connect = async (entry: Entry): Promise<void> => {
    if (closed || entries.get(entry.id) !== entry) return;
    const generation = ++entry.generation;
    entry.state = 'connecting';
    let handle: HidHandle;
    try {
      handle = await hid.open(entry.path);
    } catch (error) {
      if (entry.generation === generation) failed(entry, error);
      return;
    }
    if (closed || entry.generation !== generation || entries.get(entry.id) !== entry) {
      await handle.close().catch(() => undefined);
      return;
    }
    entry.handle = handle;
    handle.on('data', (report) => {
      if (entry.generation !== generation) return;
      const parsed = parseScaleReport(report, SCALE_DATA_REPORT_ID);
      if (parsed.kind === 'reading') options.onReading(entry.id, parsed.reading);
      else if (parsed.kind === 'invalid') log.debug('scale report ignored', { scale: entry.id, reason: parsed.reason });
    });
    handle.on('error', (error) => {
      if (entry.generation !== generation) return;
      entry.generation += 1;
      void teardown(entry).then(() => failed(entry, error));
    });
    entry.state = 'connected';
    entry.failures = 0;
    entry.message = undefined;
    log.info('HID scale connected', { scale: entry.id, model: entry.name });
    options.onChange(entry.id);
  };

  const scan = async (): Promise<void> => {
    if (closed) return;
    let devices: HidDeviceInfo[];
    try {
      devices = await hid.devices();
    } catch (error) {
      log.info('the OS HID device list could not be read', { error: error instanceof Error ? error.message : String(error) });
      return;
    }
    const present = new Map<string, HidDeviceInfo & { path: string }>();
    for (const device of devices) {
      if (!device.path || !isHidScale(device) || options.skip?.(device)) continue;
      // A scale has one HID interface; keep the first path per scale.
      const withPath = { ...device, path: device.path };
      const id = hidScaleId(withPath);
      if (!present.has(id)) present.set(id, withPath);
    }
    for (const entry of [...entries.values()]) {
      if (present.has(entry.id)) continue;
      entries.delete(entry.id);
      entry.generation += 1;
      await teardown(entry);
      log.info('HID scale unplugged', { scale: entry.id });
      options.onChange(entry.id);
    }
    for (const [id, device] of present) {
      if (entries.has(id)) continue;
      const known = findKnownScale(device.vendorId, device.productId);
      const entry: Entry = {
        id,
        path: device.path,
        name: known?.name ?? ([device.manufacturer, device.product].filter(Boolean).join(' ') || `HID scale ${hex4(device.vendorId)}:${hex4(device.productId)}`),
        usbId: `${hex4(device.vendorId)}:${hex4(device.productId)}`,
        state: 'connecting',
        failures: 0,
        generation: 0,
      };
      entries.set(id, entry);
      options.onChange(id);
      await connect(entry);
    }
  };

  return {
    async start() {
      await scan();
      const every = options.scanMs ?? 2000;
      if (every > 0 && !closed) {
        scanTimer = setInterval(() => void scan(), every);
        scanTimer.unref?.();
      }
    },
    scan,
    list() {
      return [...entries.values()].map((e) => ({ id: e.id, name: e.name, usbId: e.usbId, state: e.state, ...(e.message ? { message: e.message } : {}) }));
    },
    async close() {
      closed = true;
      if (scanTimer) clearInterval(scanTimer);
      const all = [...entries.values()];
      entries.clear();
      await Promise.all(all.map((e) => teardown(e)));
    },
  };
}
