import type { Logger } from '../../log/logger';
import { matchScale, usbIdText, usbScaleId } from './knownScales';
import { parseScaleReport, type ScaleReading } from './report';
import { NotAScaleError, openUsbScale, type OpenUsbScale, type UnclaimedDescriptorReader } from './usbScale';
import type { UsbDevice, UsbBus } from '../../usb/usbTypes';
import { backOff, type BackOffPolicy } from './backOff';

export type UsbScaleState = 'connecting' | 'connected' | 'retrying' | 'unavailable';

export interface UsbScaleInfo {
  readonly id: string;
  readonly name: string;
  readonly usbId: string;
  readonly state: UsbScaleState;
  readonly canZero: boolean;
  /** Why the last attempt failed, in words for the operator. */
  readonly message?: string;
}

export interface UsbScalesOptions {
  readonly usb: UsbBus;
  readonly log: Logger;
  readonly onReading: (scaleId: string, reading: ScaleReading) => void;
  /** A scale appeared, disappeared, connected or failed: the list changed. */
  readonly onChange: (scaleId: string) => void;
  readonly readUnclaimedDescriptor?: UnclaimedDescriptorReader;
  /** First retry delay; each failure doubles it up to maxRetryMs. */
  readonly retryMs?: number;
  readonly maxRetryMs?: number;
  /**
   * Failures to claim a scale the OS or another program holds (access
   * denied, busy) before it is reported unavailable and no longer retried
   * until it is plugged in again; on Linux the hidraw path then reads it.
   */
  readonly maxHeldFailures?: number;
}

export interface UsbScales {
  start(): void;
  list(): UsbScaleInfo[];
  zero(scaleId: string): Promise<void>;
  close(): Promise<void>;
}

interface Entry {
  readonly id: string;
  device: UsbDevice;
  name: string;
  readonly byClass: boolean;
  /** Opened as a scale at least once: from then on a failure is retried, even for a class match. */
  confirmed: boolean;
  state: UsbScaleState;
  message?: string;
  open?: OpenUsbScale;
  failures: number;
  timer?: ReturnType<typeof setTimeout>;
  /** Bumped on every (re)connect and removal, so a late callback of an old attempt is ignored. */
  generation: number;
}

function operatorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  if (/ACCESS/i.test(text)) return 'The computer did not allow access to the scale (on Linux, install the rule printed by `parcel-station scales --udev-rules`)';
  if (/BUSY/i.test(text)) return 'Another program is using the scale; close it and the station will connect';
  if (/NO_DEVICE|NOT_FOUND/i.test(text)) return 'The scale was unplugged';
  return `The scale could not be opened (${text})`;
}

/** libusb's words for "someone else has this interface": the claim will not work by waiting. */
function isHeld(error: unknown): boolean {
  return /ACCESS|BUSY|NOT_SUPPORTED/i.test(error instanceof Error ? error.message : String(error));
}

/**
 * Every USB scale on this computer: found at start and by hotplug, opened,
 * read, and re-opened after a failure with a growing back-off (the way
 * ShipWorks retries), so a scale that was busy or just plugged in connects
 * without a restart.
 */
export function createUsbScales(options: UsbScalesOptions): UsbScales {
  const { usb, log } = options;
  const policy: BackOffPolicy = { retryMs: options.retryMs ?? 250, maxRetryMs: options.maxRetryMs ?? 30_000, maxHeldFailures: options.maxHeldFailures ?? 4 };
  const entries = new Map<string, Entry>();
  let closed = false;

  const teardown = async (entry: Entry): Promise<void> => {
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = undefined;
    const open = entry.open;
    entry.open = undefined;
    await open?.close();
  };

  const scheduleRetry = (entry: Entry, error: unknown): void => {
    if (closed || entries.get(entry.id) !== entry) return;
    entry.message = operatorMessage(error);
    const step = backOff(entry, policy, isHeld(error), () => void connect(entry));
    if (step.kind === 'unavailable') log.warn('scale held by the OS or another program; waiting for it to be plugged in again', { scale: entry.id, failures: entry.failures });
    else log.warn('scale connect failed; retrying', { scale: entry.id, delayMs: step.delayMs, error: error instanceof Error ? error.message : String(error) });
    options.onChange(entry.id);
  };

  const connect = async (entry: Entry): Promise<void> => {
    if (closed || entries.get(entry.id) !== entry) return;
    const generation = ++entry.generation;
    entry.state = 'connecting';
    let dataReportId = 3;
    try {
      const open = await openUsbScale(entry.device, {
        requireScaleDescriptor: entry.byClass,
        readUnclaimedDescriptor: options.readUnclaimedDescriptor,
        onReport: (bytes) => {
          if (entry.generation !== generation) return;
          const parsed = parseScaleReport(bytes, dataReportId);
          if (parsed.kind === 'reading') options.onReading(entry.id, parsed.reading);
          else if (parsed.kind === 'invalid') log.debug('scale report ignored', { scale: entry.id, reason: parsed.reason });
        },
        onError: (error) => {
          if (entry.generation !== generation) return;
          entry.generation += 1;
          void teardown(entry).then(() => scheduleRetry(entry, error));
        },
      });
      if (closed || entry.generation !== generation) {
        await open.close();
        return;
      }
      dataReportId = open.dataReportId;
      entry.open = open;
      entry.confirmed = true;
      entry.state = 'connected';
      entry.failures = 0;
      entry.message = undefined;
      log.info('scale connected', { scale: entry.id, model: entry.name, canZero: open.canZero });
      options.onChange(entry.id);
    } catch (error) {
      if (entry.generation !== generation) return;
      if (error instanceof NotAScaleError || (entry.byClass && !entry.confirmed)) {
        // A HID device that is not (or cannot be shown to be) a scale: a keyboard, a mouse. Forget it quietly.
        entries.delete(entry.id);
        log.debug('HID device is not a scale', { device: entry.id, error: error instanceof Error ? error.message : String(error) });
        return;
      }
      scheduleRetry(entry, error);
    }
  };

  const add = (device: UsbDevice): void => {
    const match = matchScale(device);
    if (!match) return;
    const id = usbScaleId(device);
    const existing = entries.get(id);
    if (existing) {
      // The same port reports a new device object after a replug: start over with it.
      existing.device = device;
      existing.failures = 0;
      existing.generation += 1;
      void teardown(existing).then(() => connect(existing));
      return;
    }
    const entry: Entry = {
      id,
      device,
      name: match.by === 'known' ? match.known.name : `USB scale ${usbIdText(device)}`,
      byClass: match.by === 'class',
      confirmed: false,
      state: 'connecting',
      failures: 0,
      generation: 0,
    };
    entries.set(id, entry);
    if (!entry.byClass) options.onChange(id);
    void connect(entry);
  };

  const onAttach = (device: UsbDevice): void => {
    if (!closed) add(device);
  };
  const onDetach = (device: UsbDevice): void => {
    const entry = entries.get(usbScaleId(device));
    if (!entry) return;
    entries.delete(entry.id);
    entry.generation += 1;
    log.info('scale unplugged', { scale: entry.id });
    void teardown(entry);
    options.onChange(entry.id);
  };

  return {
    start() {
      usb.on('attach', onAttach);
      usb.on('detach', onDetach);
      let devices: readonly UsbDevice[] = [];
      try {
        devices = usb.getDeviceList();
      } catch (error) {
        log.info('no USB bus to scan', { error: error instanceof Error ? error.message : String(error) });
      }
      for (const device of devices) add(device);
    },
    list() {
      return [...entries.values()]
        .filter((e) => !e.byClass || e.confirmed)
        .map((e) => ({
          id: e.id,
          name: e.name,
          usbId: usbIdText(e.device),
          state: e.state,
          canZero: e.open?.canZero ?? false,
          ...(e.message ? { message: e.message } : {}),
        }));
    },
    async zero(scaleId) {
      const open = entries.get(scaleId)?.open;
      if (!open) throw new Error('The scale is not connected');
      await open.zero();
    },
    async close() {
      closed = true;
      usb.off('attach', onAttach);
      usb.off('detach', onDetach);
      const all = [...entries.values()];
      entries.clear();
      await Promise.all(all.map((e) => teardown(e)));
    },
  };
}
