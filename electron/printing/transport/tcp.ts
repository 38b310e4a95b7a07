import net from 'node:net';
import { PrinterSendError } from '../usb/usbPrinter';
import type { Delivery, PrinterTransport, SendJob } from './transport';
import { confirmZebraPrint, zebraReadiness, type ZebraConfirmOptions } from './zebraQuery';

export interface TcpPrinterOptions {
  readonly host: string;
  readonly port?: number;
  readonly connectTimeoutMs?: number;
  /** How long the printer may take to swallow the whole job. */
  readonly sendTimeoutMs?: number;
  /** Given, a ZPL label is followed by Zebra host status questions until the printer says it printed. */
  readonly zebraStatus?: ZebraConfirmOptions;
}

const UNCONFIRMED: Delivery = { printed: false, unconfirmed: 'a raw network printer does not report whether the label printed, so check that it came out' };

/**
 * Raw TCP (JetDirect, port 9100): connect, write, half-close, wait for the
 * printer to close. A failure to connect sent nothing, so the job can safely
 * wait and go again; a failure after connecting reports the bytes written.
 * A port only takes bytes, so what printed is asked afterwards, of Zebra
 * printers only (`~HS`).
 */
export function createTcpPrinter(options: TcpPrinterOptions): PrinterTransport {
  const port = options.port ?? 9100;
  const where = `${options.host}:${port}`;
  return {
    kind: 'tcp',
    description: `Network printer at ${where}`,
    isPresent: () => true,
    async send(bytes: Uint8Array, job: SendJob, onProgress?: (sent: number) => void) {
      await deliver(bytes, onProgress);
      if (job.language !== 'zpl' || !options.zebraStatus) return UNCONFIRMED;
      return confirmZebraPrint(options.host, port, options.zebraStatus);
    },
    async readiness(language) {
      // Only Zebra's ZPL has a status question; other raw printers just take bytes.
      if (language !== 'zpl' || !options.zebraStatus) return { state: 'unknown', words: 'does not report its status over the network' };
      return zebraReadiness(options.host, port, options.zebraStatus);
    },
  };

  function deliver(bytes: Uint8Array, onProgress?: (sent: number) => void): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let connected = false;
      /** Every byte was handed to the OS ('finish'): from then on a reset or close cannot mean the job was cut short. */
      let flushed = false;
      let settled = false;
      const socket = net.createConnection({ host: options.host, port });
      const finish = (error?: PrinterSendError): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        socket.destroy();
        if (error) reject(error);
        else resolve();
      };
      // bytesWritten also counts what still waits in our own buffer; only what left it can have reached the printer.
      const sent = (): number => (connected ? Math.max(0, Math.min(bytes.length, socket.bytesWritten - socket.writableLength)) : 0);
      let timer = setTimeout(
        () => finish(new PrinterSendError(`The printer at ${where} did not answer. Check that it is on and on the network.`, 0)),
        options.connectTimeoutMs ?? 5000,
      );
      socket.once('connect', () => {
        connected = true;
        clearTimeout(timer);
        timer = setTimeout(
          () => finish(new PrinterSendError(`The printer at ${where} stopped taking data (out of labels or paused?).`, sent())),
          options.sendTimeoutMs ?? 30_000,
        );
        socket.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), () => onProgress?.(bytes.length));
      });
      // Printers often keep the connection open after a job; our half-close flushed everything, which is all we can know.
      socket.once('finish', () => {
        flushed = true;
        setTimeout(() => finish(), 50);
      });
      socket.once('close', () => (flushed ? finish() : finish(new PrinterSendError(`The printer at ${where} closed the connection early.`, sent()))));
      socket.on('data', () => undefined);
      // on, not once: finish() settles once, and a second error event with no listener would be thrown.
      socket.on('error', (error: NodeJS.ErrnoException) => {
        // Many printers reset the connection once they have the job.
        if (flushed) return finish();
        const words =
          error.code === 'ECONNREFUSED'
            ? `The printer at ${where} refused the connection. Check the address and that raw printing on port ${port} is on.`
            : error.code === 'EHOSTUNREACH' || error.code === 'ENETUNREACH' || error.code === 'ENOTFOUND'
              ? `The printer at ${where} cannot be reached from this computer. Check the address and the network.`
              : `Printing to ${where} failed (${error.code ?? error.message}).`;
        finish(new PrinterSendError(words, sent()));
      });
    });
  }
}
