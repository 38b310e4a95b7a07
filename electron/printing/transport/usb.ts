import { StationFailure } from '../../../shared/contract/errors';
import type { PrinterLanguage } from '../../../shared/domain/printing';
import { PrinterSendError, describeUsbError, openPrinter, readOnce, readPortStatus, writeChunks, type OpenPrinter } from '../usb/usbPrinter';
import { findUsbDevice, holdDevice } from '../usb/usbDiscovery';
import type { UsbBus, UsbDevice } from '../../usb/usbTypes';
import type { Delivery, PrinterTransport, Readiness, SendJob } from './transport';
import { hostStatusStops, readHostStatus, type ZebraHostStatus } from './zebraStatus';

export interface UsbPrinterConfig {
  readonly vendorId: number;
  readonly productId: number;
  readonly serialNumber: string | null;
}

export interface UsbTransportOptions {
  /** Per bulk transfer; a printer that takes nothing for this long is out of labels or paused. */
  readonly timeoutMs?: number;
  readonly chunkSize?: number;
  /** How long a bidirectional Zebra may take to answer `~HS`. */
  readonly answerMs?: number;
}

/**
 * One conversation with a USB printer at a time, across the transports made
 * per job: a status question from the idle watch never crosses a label. The
 * usb package hands out one Device object per attached device, so it keys both maps.
 */
const turns = new WeakMap<UsbDevice, Promise<unknown>>();
function inTurn<T>(device: UsbDevice, run: () => Promise<T>): Promise<T> {
  const mine = (turns.get(device) ?? Promise.resolve()).then(run, run);
  turns.set(
    device,
    mine.then(
      () => undefined,
      () => undefined,
    ),
  );
  return mine;
}

/** Printers with an IN endpoint that never answered `~HS`, so a label does not wait on them again. */
const silent = new WeakSet<UsbDevice>();

/** `~HS` over a bidirectional printer's IN endpoint (the same three framed lines a network Zebra answers). */
async function usbHostStatus(device: UsbDevice, printer: OpenPrinter, answerMs: number): Promise<ZebraHostStatus | null> {
  if (!printer.input || silent.has(device)) return null;
  await writeChunks(printer.endpoint, Buffer.from('~HS', 'latin1'), { chunkSize: 64, describe: (error, sent) => describeUsbError(error, device, sent) });
  printer.input.timeout = answerMs;
  const chunks: Buffer[] = [];
  for (const deadline = Date.now() + answerMs; Date.now() < deadline; ) {
    const data = await readOnce(printer.input, 512);
    if (data === null) break;
    chunks.push(data);
    const read = readHostStatus(Buffer.concat(chunks));
    if (read.kind === 'status' && read.whole) return read.status;
    if (read.kind === 'unreadable') break;
  }
  const read = readHostStatus(Buffer.concat(chunks));
  if (read.kind === 'status') return read.status;
  silent.add(device);
  return null;
}

/** A USB printer found by vendor/product id (and serial) each time it prints, so a replug just works. */
export function createUsbPrinter(bus: UsbBus | null, config: UsbPrinterConfig, options: UsbTransportOptions = {}): PrinterTransport {
  const matches = (): boolean =>
    bus !== null && bus.getDeviceList().some((d) => d.deviceDescriptor.idVendor === config.vendorId && d.deviceDescriptor.idProduct === config.productId);
  const find = (): Promise<UsbDevice | null> => (bus ? findUsbDevice(bus, config.vendorId, config.productId, config.serialNumber) : Promise.resolve(null));

  /** Opens the printer for one conversation and lets go of it after, whatever happens. */
  async function withPrinter<T>(device: UsbDevice, use: (printer: OpenPrinter) => Promise<T>): Promise<T> {
    return inTurn(device, async () => {
      const letGo = holdDevice(device);
      try {
        const printer = openPrinter(device, options.timeoutMs ?? 15_000);
        try {
          return await use(printer);
        } finally {
          await printer.close();
        }
      } finally {
        letGo();
      }
    });
  }

  return {
    kind: 'usb',
    description: `USB printer ${config.vendorId.toString(16).padStart(4, '0')}:${config.productId.toString(16).padStart(4, '0')}`,
    isPresent: matches,
    async send(bytes: Uint8Array, _job: SendJob, onProgress?: (sent: number) => void): Promise<Delivery> {
      if (!bus) throw new PrinterSendError('USB printing is not available on this computer.', 0, false);
      const device = await find();
      if (!device) throw new PrinterSendError('The USB printer is not connected. Plug it in and switch it on; the label will print then.', 0);
      await withPrinter(device, async (printer) => {
        // Printers that answer GET_PORT_STATUS say "paper empty" before we send a byte; others just take the data.
        const status = await readPortStatus(device, printer.iface).catch(() => null);
        if (status?.paperEmpty) throw new PrinterSendError('The printer is out of labels. Load a new roll; the label prints then.', 0);
        await writeChunks(printer.endpoint, bytes, {
          chunkSize: options.chunkSize ?? 16 * 1024,
          describe: (error, sent) => describeUsbError(error, device, sent),
          ...(onProgress ? { onProgress } : {}),
        });
      });
      return { printed: false, unconfirmed: 'a USB printer takes the bytes without saying whether the label printed, so check that it came out' };
    },
    /** GET_PORT_STATUS (paper empty) for any printer-class device; a bidirectional Zebra also answers `~HS` (paused, head open, ribbon out). */
    async readiness(language: PrinterLanguage): Promise<Readiness> {
      const device = await find();
      if (!device) return { state: 'unknown', words: 'is not connected' };
      try {
        return await withPrinter(device, async (printer): Promise<Readiness> => {
          const port = await readPortStatus(device, printer.iface).catch(() => null);
          if (port?.paperEmpty) return { state: 'stopped', words: 'reports it is out of labels' };
          const status = language === 'zpl' ? await usbHostStatus(device, printer, options.answerMs ?? 1000).catch(() => null) : null;
          const stops = status ? hostStatusStops(status) : null;
          if (stops) return { state: 'stopped', words: `reports it is ${stops}` };
          return status || port ? { state: 'ready' } : { state: 'unknown', words: 'does not report its status over USB' };
        });
      } catch (error) {
        return { state: 'unknown', words: `could not be asked for its status (${error instanceof StationFailure ? error.error.message : String(error)})` };
      }
    },
  };
}
