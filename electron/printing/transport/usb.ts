import { PrinterSendError, describeUsbError, openPrinter, readPortStatus, writeChunks } from '../usb/usbPrinter';
import { findUsbDevice, holdDevice } from '../usb/usbDiscovery';
import type { UsbBus } from '../../usb/usbTypes';
import type { Delivery, PrinterTransport, SendJob } from './transport';

export interface UsbPrinterConfig {
  readonly vendorId: number;
  readonly productId: number;
  readonly serialNumber: string | null;
}

export interface UsbTransportOptions {
  /** Per bulk transfer; a printer that takes nothing for this long is out of labels or paused. */
  readonly timeoutMs?: number;
  readonly chunkSize?: number;
}

/** A USB printer found by vendor/product id (and serial) each time it prints, so a replug just works. */
export function createUsbPrinter(bus: UsbBus | null, config: UsbPrinterConfig, options: UsbTransportOptions = {}): PrinterTransport {
  const matches = (): boolean =>
    bus !== null && bus.getDeviceList().some((d) => d.deviceDescriptor.idVendor === config.vendorId && d.deviceDescriptor.idProduct === config.productId);
  return {
    kind: 'usb',
    description: `USB printer ${config.vendorId.toString(16).padStart(4, '0')}:${config.productId.toString(16).padStart(4, '0')}`,
    isPresent: matches,
    async send(bytes: Uint8Array, _job: SendJob, onProgress?: (sent: number) => void): Promise<Delivery> {
      if (!bus) throw new PrinterSendError('USB printing is not available on this computer.', 0, false);
      const device = await findUsbDevice(bus, config.vendorId, config.productId, config.serialNumber);
      if (!device) throw new PrinterSendError('The USB printer is not connected. Plug it in and switch it on; the label will print then.', 0);
      const letGo = holdDevice(device);
      try {
        const printer = openPrinter(device, options.timeoutMs ?? 15_000);
        try {
          // Printers that answer GET_PORT_STATUS say "paper empty" before we send a byte; others just take the data.
          const status = await readPortStatus(device, printer.iface).catch(() => null);
          if (status?.paperEmpty) throw new PrinterSendError('The printer is out of labels. Load a new roll; the label prints then.', 0);
          await writeChunks(printer.endpoint, bytes, {
            chunkSize: options.chunkSize ?? 16 * 1024,
            describe: (error, sent) => describeUsbError(error, device, sent),
            ...(onProgress ? { onProgress } : {}),
          });
        } finally {
          await printer.close();
        }
      } finally {
        letGo();
      }
      return { printed: false, unconfirmed: 'a USB printer takes the bytes without saying whether the label printed, so check that it came out' };
    },
  };
}
