import crypto from 'node:crypto';
import path from 'node:path';
import { fail } from '../../shared/contract/errors';
import type { PrinterProfile, PrintPreview } from '../../shared/contract/printing';
import { mediaDots } from '../../shared/domain/printing';
import type { StationContext, StationModule } from '../core/module';
import { createDocumentPrinter, type DocumentPrinter } from './documents';
import { decodePrinterBytes } from './lang';
import { convertLabel } from './pipeline';
import type { OsPrintQueues } from './osqueue/osQueues';
import { queuePrinterId } from './osqueue/osQueues';
import { platformQueues } from './osqueue/platformQueues';
import { listPrinters, matchesUsb, suggestedProfile, suggestedQueueProfile, type QueueListing } from './printers';
import type { PrintService } from './printService';
import { createProfileStore } from './profiles';
import { createJobStore } from './queue/jobStore';
import { createPrintQueue } from './queue/printQueue';
import { decodeLabelPng } from './raster/decode';
import { rasterToPng } from './raster/preview';
import { watchPrinterStatus } from './statusWatch';
import { createTcpPrinter } from './transport/tcp';
import type { PrinterTransport } from './transport/transport';
import { createOsQueuePrinter } from './transport/osQueue';
import { createUsbPrinter } from './transport/usb';
import { createHostStatusMemory, type ZebraConfirmOptions } from './transport/zebraQuery';
import { createVirtualPrinter } from './transport/virtual';
import { describeDevice, isPrinterDevice, listUsbPrinters } from './usb/usbDiscovery';
import type { UsbBus, UsbDevice } from '../usb/usbTypes';
import { PrinterSendError } from './usb/usbPrinter';
import { loadUsb } from '../usb/loadUsb';

export type PrintingCommandNames =
  | 'printers.list'
  | 'printers.profile.get'
  | 'printers.profile.set'
  | 'printers.testPrint'
  | 'printJobs.list'
  | 'printJobs.get'
  | 'printJobs.retry'
  | 'printJobs.cancel'
  | 'printJobs.reprint'
  | 'printJobs.preview';

export interface PrintingModuleOptions {
  /** The USB bus to use; null turns USB printing off; by default the `usb` package is loaded. */
  readonly usb?: UsbBus | null;
  /** Where the virtual printer writes; defaults to <dataDir>/virtual-printer. */
  readonly virtualFolder?: string;
  /** How long a job waits before trying an absent printer again. */
  readonly retryDelayMs?: number;
  readonly usbTimeoutMs?: number;
  /** How network Zebra printers are asked whether a label printed (the memory of silent printers is the module's own). */
  readonly zebraStatus?: Omit<ZebraConfirmOptions, 'memory'>;
  /** The OS print spooler; null turns installed printers off; by default CUPS, or the spooler on Windows. */
  readonly osQueues?: OsPrintQueues | null;
  /** How often a printer that reported a stop is asked again while a label waits for it. */
  readonly heldRetryMs?: number;
  /** How often the default printer is asked for its state while idle (statusWatch.ts). */
  readonly statusEveryMs?: number;
}

export function createPrintingModule(
  ctx: StationContext,
  options: PrintingModuleOptions = {},
): StationModule<PrintingCommandNames> & { service: PrintService; documents: DocumentPrinter } {
  const log = ctx.log.child('printing');
  const loaded = options.usb === undefined ? loadUsb() : null;
  const bus: UsbBus | null = options.usb !== undefined ? options.usb : (loaded?.bus ?? null);
  const usbUnavailable = bus ? null : loaded && !loaded.bus ? loaded.reason : 'USB printing is off on this station.';
  const virtualFolder = options.virtualFolder ?? path.join(ctx.dataDir, 'virtual-printer');
  const profiles = createProfileStore(ctx.db, ctx.now);
  profiles.ensureDefault();
  const jobs = createJobStore(ctx.db, ctx.now);
  const osQueues = options.osQueues !== undefined ? options.osQueues : platformQueues();
  const queueId = (name: string): string => queuePrinterId(name, (text) => crypto.createHash('sha256').update(text).digest('hex'));
  const listQueues = async (): Promise<QueueListing> => {
    if (!osQueues) return { queues: [], problem: 'Installed printers are off on this station.' };
    try {
      return { queues: await osQueues.list(), problem: null };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log.warn('the OS print spooler did not list its printers', { error: reason });
      return { queues: [], problem: `${reason} Labels for installed printers wait until it answers.` };
    }
  };

  // A transport is made per job, so what is learnt about a printer's answers lives here.
  const zebraStatus: ZebraConfirmOptions = { ...options.zebraStatus, memory: createHostStatusMemory() };
  const transport = (profile: PrinterProfile): PrinterTransport => {
    const t = profile.transport;
    if (t.kind === 'virtual') return createVirtualPrinter(virtualFolder, ctx.now);
    if (t.kind === 'tcp') return createTcpPrinter({ host: t.host, port: t.port, zebraStatus });
    if (t.kind === 'queue') return osQueues ? createOsQueuePrinter(osQueues, t.name) : unavailableQueue(t.name);
    return createUsbPrinter(bus, t, options.usbTimeoutMs !== undefined ? { timeoutMs: options.usbTimeoutMs } : {});
  };

  const queue = createPrintQueue({
    jobs,
    profile: (id) => profiles.get(id),
    defaultPrinterId: () => profiles.defaultId(),
    transport,
    emit: ctx.emit,
    log,
    ...(options.retryDelayMs !== undefined ? { retryDelayMs: options.retryDelayMs } : {}),
    ...(options.heldRetryMs !== undefined ? { heldRetryMs: options.heldRetryMs } : {}),
  });
  const watch = watchPrinterStatus({
    defaultProfile: () => profiles.get(profiles.defaultId()),
    transport,
    busy: queue.busy,
    ready: queue.ready,
    emit: ctx.emit,
    log,
    everyMs: options.statusEveryMs ?? 10_000,
  });

  const profileOrFail = (printerId?: string): PrinterProfile => {
    const id = printerId ?? profiles.defaultId();
    return profiles.get(id) ?? fail('not_found', `There is no printer "${id}" on this station. Choose one in the printer settings.`, { field: 'printerId' });
  };

  const onAttach = (device: UsbDevice): void => {
    if (!isPrinterDevice(device)) return;
    const ids = { vendorId: device.deviceDescriptor.idVendor, productId: device.deviceDescriptor.idProduct, serialNumber: null };
    const configured = profiles.list().find(({ profile }) => matchesUsb(profile, ids));
    if (configured) {
      // A known printer is back: its waiting labels go at once.
      log.info('USB printer attached', { printerId: configured.profile.id });
      ctx.emit('printer.status', { printerId: configured.profile.id, state: 'attached', message: null });
      ctx.emit('station.changed', { topics: ['printers'] });
      queue.kick(configured.profile.id);
      return;
    }
    void describeDevice(device)
      .then((printer) => {
        log.info('USB printer attached', { printerId: printer.id });
        ctx.emit('printer.status', { printerId: printer.id, state: 'attached', message: printer.message ?? 'Plugged in but not set up yet.' });
        ctx.emit('station.changed', { topics: ['printers'] });
      })
      .catch((error: unknown) => log.warn('could not describe an attached USB printer', { error: error instanceof Error ? error.message : String(error) }));
  };
  const onDetach = (device: UsbDevice): void => {
    const ids = { vendorId: device.deviceDescriptor.idVendor, productId: device.deviceDescriptor.idProduct, serialNumber: null };
    const configured = profiles.list().find(({ profile }) => matchesUsb(profile, ids));
    if (!configured && !isPrinterDevice(device)) return;
    const printerId = configured?.profile.id ?? `usb:${ids.vendorId.toString(16).padStart(4, '0')}:${ids.productId.toString(16).padStart(4, '0')}`;
    ctx.emit('printer.status', { printerId, state: 'detached', message: 'The USB printer was unplugged; labels wait in the queue until it is back.' });
    ctx.emit('station.changed', { topics: ['printers'] });
  };

  const service: PrintService = {
    async enqueue(job) {
      // Refuse what can never print now, while the caller can still tell the operator.
      decodeLabelPng(job.png);
      return { jobId: queue.enqueue(job).id };
    },
    waitForJob: (jobId, waitOptions) => queue.waitForJob(jobId, waitOptions?.timeoutMs),
    getJob: (jobId) => jobs.get(jobId),
  };

  async function preview(jobId: string): Promise<PrintPreview> {
    const job = jobs.get(jobId) ?? fail('not_found', 'That print job does not exist.', { field: 'jobId' });
    const sent = jobs.sentBytes(job.id);
    if (sent) {
      const raster = decodePrinterBytes(sent.language, sent.bytes, { width: sent.width, height: sent.height });
      return { jobId, language: sent.language, width: raster.width, height: raster.height, pngBase64: rasterToPng(raster).toString('base64') };
    }
    // Not sent yet: show what the printer would get with its current profile.
    const profile = profileOrFail(job.printerId);
    const png = jobs.labelPng(job.id) ?? fail('not_found', 'The stored label image for that job is missing.', { field: 'jobId' });
    const converted = await convertLabel(png, profile);
    const raster = decodePrinterBytes(profile.language, converted.bytes, mediaDots(profile.media, profile.dpi));
    return { jobId, language: profile.language, width: raster.width, height: raster.height, pngBase64: rasterToPng(raster).toString('base64') };
  }

  return {
    service,
    documents: createDocumentPrinter({ profile: profileOrFail, transport, osQueues }),
    handlers: {
      'printers.list': async () => listPrinters({ profiles, bus, usbUnavailable, transport, queues: await listQueues(), queueId }),
      'printers.profile.get': async ({ printerId }) => {
        const saved = profiles.get(printerId ?? profiles.defaultId());
        if (saved) return saved;
        // A plugged-in printer that is not set up yet: offer what it says it speaks.
        const detected = bus && printerId ? (await listUsbPrinters(bus)).find((p) => p.id === printerId) : undefined;
        if (detected) return suggestedProfile(detected);
        const installed = printerId?.startsWith('queue:') ? (await listQueues()).queues.find((q) => queueId(q.name) === printerId) : undefined;
        return installed ? suggestedQueueProfile(printerId ?? queueId(installed.name), installed) : profileOrFail(printerId);
      },
      'printers.profile.set': async ({ profile, makeDefault }) => {
        const saved = profiles.set(profile, makeDefault);
        log.info('printer profile saved', { printerId: saved.id, transport: saved.transport.kind, language: saved.language, dpi: saved.dpi, media: saved.media });
        ctx.emit('station.changed', { topics: ['printers', 'settings'] });
        queue.kick(saved.id);
        return saved;
      },
      'printers.testPrint': async ({ printerId }) => {
        const profile = profileOrFail(printerId);
        // bwip-js loads with the first test label, not with every start.
        const { renderTestLabel } = await import('./testLabel');
        const png = await renderTestLabel(profile);
        return queue.enqueue({ png, title: `Test label for ${profile.name}`, kind: 'test', printerId: profile.id });
      },
      'printJobs.list': async ({ status, limit }) => jobs.list({ ...(status ? { status } : {}), limit }),
      'printJobs.get': async ({ jobId }) => jobs.get(jobId) ?? fail('not_found', 'That print job is not on this station any more.'),
      'printJobs.retry': async ({ jobId }) => queue.retry(jobId),
      'printJobs.cancel': async ({ jobId }) => queue.cancel(jobId),
      'printJobs.reprint': async ({ jobId, printerId }) => queue.reprint(jobId, printerId),
      'printJobs.preview': ({ jobId }) => preview(jobId),
    },
    async start() {
      queue.recover();
      if (bus) {
        try {
          bus.on('attach', onAttach);
          bus.on('detach', onDetach);
        } catch (error) {
          log.warn('USB hotplug is not available; printers are found when listed', { error: error instanceof Error ? error.message : String(error) });
        }
      }
      queue.kick();
      watch.start();
    },
    async close() {
      await watch.stop();
      if (bus) {
        bus.off('attach', onAttach);
        bus.off('detach', onDetach);
      }
      await queue.close();
    },
  };
}

/** A queue profile on a station whose spooler is off: jobs wait, and say why. */
function unavailableQueue(name: string): PrinterTransport {
  return {
    kind: 'queue',
    description: `"${name}" (installed printers are off on this station)`,
    isPresent: () => false,
    send: () => Promise.reject(new PrinterSendError('Installed printers are off on this station.', 0, false)),
  };
}
