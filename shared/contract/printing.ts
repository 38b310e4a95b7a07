import { z } from 'zod';
import { command, event } from './define';
import { labelRotations, mediaSizes, printerDpis, printerLanguages, type MediaSize, type PrinterDpi, type PrinterLanguage } from '../domain/printing';

// Owned by the printing work (issue 5): printer profiles, print jobs, reprints.

/**
 * 'done': the printer (or its spooler) confirmed the label printed. 'sent': every byte
 * reached a printer that cannot tell whether it printed (a raw network or USB printer).
 */
export const printJobStatuses = ['queued', 'sending', 'done', 'sent', 'failed', 'cancelled'] as const;
export type PrintJobStatus = (typeof printJobStatuses)[number];

/** The statuses a job ends in: it left the queue for good. */
export const finalPrintJobStatuses: ReadonlySet<string> = new Set<PrintJobStatus>(['done', 'sent', 'failed', 'cancelled']);
export type PrintJobKind = 'label' | 'qrcode' | 'test';

/**
 * Something the operator should check on a printed label: it was shrunk
 * below 90 % to fit the media (small barcodes may not scan), or it has
 * almost no ink. The label still prints; the message says what to do.
 */
export const labelWarningKinds = ['scaled_down', 'looks_blank'] as const;
export type LabelWarningKind = (typeof labelWarningKinds)[number];
export interface LabelWarning {
  readonly kind: LabelWarningKind;
  readonly message: string;
}

export interface PrintJobView {
  readonly id: string;
  readonly printerId: string;
  readonly title: string;
  readonly reference: string | null;
  readonly kind: PrintJobKind;
  readonly status: PrintJobStatus;
  readonly attempts: number;
  /** Why the last attempt failed, why the job waits, or (when sent) that the printer cannot confirm it printed, in words for the operator. */
  readonly error: string | null;
  /** Printer bytes of the last attempt, and how many of them the printer accepted. */
  readonly bytesTotal: number | null;
  readonly bytesSent: number | null;
  /** What the operator should check on the printed label; empty for most labels. */
  readonly warnings: readonly LabelWarning[];
  readonly reprintOf: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly completedAt: string | null;
}

const printerId = z
  .string()
  .trim()
  .min(1, 'Choose a printer')
  .max(120, 'That printer id is too long')
  .regex(/^[A-Za-z0-9:._-]+$/, 'A printer id may hold only letters, digits and : . _ -');

const hexId = z
  .number()
  .int('A USB id is a whole number')
  .min(0, 'A USB id cannot be negative')
  .max(0xffff, 'A USB id is at most 0xFFFF');

export const printerTransportSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('virtual') }).strict(),
  z
    .object({
      kind: z.literal('tcp'),
      host: z.string().trim().min(1, 'Enter the printer\'s network address').max(253, 'That address is too long'),
      port: z.number().int('A port is a whole number').min(1, 'A port is 1-65535').max(65535, 'A port is 1-65535').default(9100),
    })
    .strict(),
  z
    .object({
      kind: z.literal('usb'),
      vendorId: hexId,
      productId: hexId,
      serialNumber: z.string().trim().max(128).nullable().default(null),
    })
    .strict(),
  z
    .object({
      kind: z.literal('queue'),
      /** The queue's name in the OS spooler (CUPS or Windows), exactly as the OS spells it. */
      name: z
        .string()
        .trim()
        .min(1, 'Choose an installed printer')
        .max(255, 'That printer name is too long')
        .refine((name) => ![...name].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f), 'A printer name cannot hold control characters'),
    })
    .strict(),
]);
export type PrinterTransportConfig = z.output<typeof printerTransportSchema>;

const offset = z
  .number()
  .int('Offsets are whole printer dots')
  .min(-400, 'An offset beyond 400 dots (2 inches) is surely a mistake')
  .max(400, 'An offset beyond 400 dots (2 inches) is surely a mistake');

export const printerProfileSchema = z
  .object({
    id: printerId,
    name: z.string().trim().min(1, 'Give the printer a name').max(80, 'Keep the name under 80 characters'),
    transport: printerTransportSchema,
    language: z.enum(printerLanguages, { message: 'Choose ZPL, EPL, TSPL or ESC/POS' }),
    dpi: z.union([z.literal(printerDpis[0]), z.literal(printerDpis[1])], { message: 'Choose 203 or 300 dpi' }),
    media: z.enum(mediaSizes, { message: 'Choose a label size: 4x6, 4x8 or 2x7' }),
    /** Relative darkness in percent; null leaves the printer's own setting alone. */
    darkness: z.number().int().min(0, 'Darkness is 0-100 %').max(100, 'Darkness is 0-100 %').nullable().default(null),
    offsetX: offset.default(0),
    offsetY: offset.default(0),
    /** Absent means 'auto': the label's barcodes decide. */
    rotation: z.enum(labelRotations, { message: 'Choose auto, none, clockwise, upside-down or counterclockwise' }).optional(),
  })
  .strict();
export type PrinterProfile = z.output<typeof printerProfileSchema>;

export const VIRTUAL_PRINTER_ID = 'virtual';

/** The sandbox default, and the starting point of a new profile: a folder under the data directory, ZPL at 203 dpi on 4x6. */
export const defaultVirtualProfile: PrinterProfile = {
  id: VIRTUAL_PRINTER_ID,
  name: 'Virtual printer',
  transport: { kind: 'virtual' },
  language: 'zpl',
  dpi: 203,
  media: '4x6',
  darkness: null,
  offsetX: 0,
  offsetY: 0,
};

export interface PrinterSuggestion {
  readonly model: string;
  readonly language: PrinterLanguage;
  readonly dpi: PrinterDpi;
  readonly media: MediaSize;
}

/** A printer installed in the OS spooler, as the spooler reports it. */
export interface OsQueueView {
  readonly name: string;
  readonly state: 'idle' | 'printing' | 'stopped' | 'unknown';
  /** The driver or make-and-model the spooler names, from which the language is suggested. */
  readonly model: string | null;
  /** False where the model is known not to take raw label languages (DYMO LabelWriter, Brother QL). */
  readonly rawCapable: boolean;
}

export interface PrinterView {
  readonly id: string;
  readonly name: string;
  /** How the station reaches it: 'queue' is a printer installed in the OS (CUPS or the Windows spooler). */
  readonly kind: PrinterTransportConfig['kind'];
  readonly isDefault: boolean;
  /** Present now (USB attached, virtual folder writable); TCP printers are checked when printing. */
  readonly connected: boolean;
  readonly message: string | null;
  readonly profile: PrinterProfile | null;
  readonly suggestion: PrinterSuggestion | null;
  /** What the OS spooler says of it, for kind 'queue'. */
  readonly osQueue: OsQueueView | null;
}

export interface PrinterStatusEvent {
  readonly printerId: string;
  /** stopped: the printer reports it cannot print (paper out, paused, head open); unknown: it cannot be asked. */
  readonly state: 'ready' | 'offline' | 'printing' | 'error' | 'attached' | 'detached' | 'stopped' | 'unknown';
  readonly message: string | null;
}

export interface PrintPreview {
  readonly jobId: string;
  readonly language: PrinterLanguage;
  readonly width: number;
  readonly height: number;
  readonly pngBase64: string;
}

const jobId = z.string().trim().min(1, 'Choose a print job').max(64, 'That job id is too long');
const optionalPrinter = z.object({ printerId: printerId.optional() }).strict();

export const printingCommands = {
  'printers.list': command<readonly PrinterView[]>()('Configured and detected printers; none is a normal answer', z.object({}).strict()),
  'printers.profile.get': command<PrinterProfile>()('A printer\'s profile (the default printer when no id is given)', optionalPrinter),
  'printers.profile.set': command<PrinterProfile>()(
    'Save a printer profile: transport, language, dpi, media, darkness, offsets',
    z.object({ profile: printerProfileSchema, makeDefault: z.boolean().default(false) }).strict(),
  ),
  'printers.testPrint': command<PrintJobView>()('Print a test label on a printer', optionalPrinter),
  'printJobs.list': command<readonly PrintJobView[]>()(
    'Recent print jobs, newest first',
    z
      .object({
        status: z.enum(printJobStatuses).optional(),
        limit: z.number().int().min(1, 'Ask for at least one job').max(500, 'Ask for at most 500 jobs').default(50),
      })
      .strict(),
  ),
  'printJobs.get': command<PrintJobView>()(
    'One print job: its state, why it failed, and what to check on the printed label (warnings)',
    z.object({ jobId }).strict(),
  ),
  'printJobs.retry': command<PrintJobView>()('Send a failed or waiting job again', z.object({ jobId }).strict()),
  'printJobs.cancel': command<PrintJobView>()('Cancel a job that has not printed', z.object({ jobId }).strict()),
  'printJobs.reprint': command<PrintJobView>()(
    'Print a stored label again, without the network',
    z.object({ jobId, printerId: printerId.optional() }).strict(),
  ),
  'printJobs.preview': command<PrintPreview>()('What the printer was sent, rendered back to a PNG', z.object({ jobId }).strict()),
} as const;

export const printingEvents = {
  'printer.status': event<PrinterStatusEvent>('A printer was attached, detached, went offline or became ready'),
  'print.job': event<PrintJobView>('A print job changed state (queued, sending, done, failed)'),
} as const;
