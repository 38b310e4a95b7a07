import { z } from 'zod';
import { command } from './define';

/** When a packing slip prints: never, right after every label, or only when the operator asks (Alt+P). */
export const slipWhens = ['never', 'withLabel', 'onDemand'] as const;
export type SlipWhen = (typeof slipWhens)[number];

/**
 * What the slip is printed on: a 4x6 slip on a label printer, an 80 mm slip on
 * an ESC/POS receipt printer, or a letter/A4 page through the OS print queue.
 */
export const slipFormats = ['label', 'receipt', 'page'] as const;
export type SlipFormat = (typeof slipFormats)[number];

export const slipPapers = ['letter', 'a4'] as const;
export type SlipPaper = (typeof slipPapers)[number];

export const slipShowSchema = z
  .object({
    storeName: z.boolean().default(true),
    orderBarcode: z.boolean().default(true),
    shipTo: z.boolean().default(true),
    items: z.boolean().default(true),
    note: z.boolean().default(true),
  })
  .strict();
export type SlipShow = z.output<typeof slipShowSchema>;

export const slipSettingsSchema = z
  .object({
    when: z.enum(slipWhens).default('never'),
    format: z.enum(slipFormats).default('label'),
    /** The printer (a saved profile) for label and receipt slips; null: the station's default printer. */
    printerId: z.string().trim().min(1).max(200).nullable().default(null),
    /** The OS print queue a page slip goes to (its name in CUPS). */
    queueName: z.string().trim().max(200, 'A queue name is at most 200 characters').nullable().default(null),
    paper: z.enum(slipPapers).default('letter'),
    /** The store's name as the slip prints it. */
    storeName: z.string().trim().max(80, 'The store name is at most 80 characters').default(''),
    show: slipShowSchema.default({ storeName: true, orderBarcode: true, shipTo: true, items: true, note: true }),
  })
  .strict();
export type SlipSettings = z.output<typeof slipSettingsSchema>;

export const defaultSlipSettings: SlipSettings = slipSettingsSchema.parse({});

/** What a slip print did, in words for the operator. */
export interface SlipPrinted {
  readonly words: string;
  /** The print job of a label slip (it goes through the label queue); null for receipt and page slips, sent at once. */
  readonly jobId: string | null;
}

const shipmentId = z.number({ error: 'Name the package by its shipment' }).int().positive();

/** Packing slips: this bench's settings, and a slip for a bought package on demand. */
export const slipCommands = {
  'slips.settings.get': command<SlipSettings>()('This bench\'s packing slip settings', z.object({}).strict()),
  'slips.settings.set': command<SlipSettings>()('Save this bench\'s packing slip settings', z.object({ settings: slipSettingsSchema }).strict()),
  'slips.print': command<SlipPrinted>()(
    'Print the packing slip of a bought package (the one named, else the last label bought here)',
    z.object({ shipmentId: shipmentId.optional() }).strict(),
  ),
} as const;
