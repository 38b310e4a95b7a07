import { z } from 'zod';
import type { CommandBarcode } from '../domain/commandBarcodes';
import type { ScanResult } from '../domain/scan';
import type { WeightUnit } from '../domain/units';
import { command, event } from './define';

// Owned by the bench input work (issue 6): scales, simulated scale, scan parsing.

/** HID scale status bytes 1..8, in that order. */
export const scaleStatuses = [
  'fault',
  'zero',
  'in_motion',
  'stable',
  'under_zero',
  'over_limit',
  'needs_calibration',
  'needs_rezero',
] as const;
export type ScaleStatus = (typeof scaleStatuses)[number];

export interface ScaleWeight {
  readonly scaleId: string;
  /** The weight in ounces, negative below zero. */
  readonly weightOz: number;
  /** The same in pounds. */
  readonly weightLb: number;
  /** What to rate and buy with: ounces rounded up to the next 0.1 oz, never below zero (roundUpOunces). */
  readonly postageOz: number;
  /** The value as the scale shows it, in `unit`. */
  readonly value: number;
  readonly unit: WeightUnit;
  /** Trust this weight for postage: the scale says stable and the value held for the settle window. */
  readonly stable: boolean;
  readonly status: ScaleStatus;
  /** What to show next to the number ("Stable", "Settling…", "Below zero: ..."). */
  readonly statusText: string;
  /** Pounds and ounces for display: "1 lb 4.6 oz". */
  readonly display: string;
  /** ISO time of the report. */
  readonly at: string;
}

export interface ScaleInfo {
  readonly id: string;
  readonly name: string;
  /** usb: claimed through libusb; hid: read through the OS HID API (Windows, macOS, Linux hidraw). */
  readonly kind: 'usb' | 'hid' | 'simulated';
  /** vendor:product in hex, for USB and HID scales. */
  readonly usbId?: string;
  /** unavailable: the OS or another program holds it; it is tried again when plugged in again. */
  readonly state: 'connected' | 'connecting' | 'retrying' | 'unavailable';
  /** The computer can zero it (otherwise: the ZERO button on the scale). */
  readonly canZero: boolean;
  /** The scale the station reads from now. */
  readonly active: boolean;
  /** Why it is not connected, for the operator. */
  readonly message?: string;
}

export interface ScalesState {
  readonly scales: readonly ScaleInfo[];
  readonly activeId: string | null;
  /** The operator's choice, kept across restarts; null: the station picks. */
  readonly selectedId: string | null;
  readonly reading: ScaleWeight | null;
  /** One line for the status bar: "DYMO M10 postal scale", "No scale connected". */
  readonly message: string;
  readonly usbAvailable: boolean;
}

export interface CommandSheetEntry extends CommandBarcode {
  /** `data:image/png;base64,...` or an `<svg>` document, per the requested format. */
  readonly image: string;
}

export interface CommandSheet {
  readonly format: 'png' | 'svg';
  readonly barcodes: readonly CommandSheetEntry[];
}

const scaleId = z.string().trim().min(1, 'Choose a scale').max(200, 'That is not a scale id');
const optionalScale = z.object({ scaleId: scaleId.optional() }).strict();

export const deviceCommands = {
  'scales.list': command<ScalesState>()('Scales found on this computer, which one is read, and its last weight', z.object({}).strict()),
  'scales.select': command<ScalesState>()(
    'Read from this scale from now on (null: let the station pick)',
    z.object({ scaleId: scaleId.nullable() }).strict(),
  ),
  'scales.reading': command<ScaleWeight | null>()('The last weight of the active (or named) scale; null when there is none', optionalScale),
  'scales.tare': command<{ readonly scaleId: string }>()('Zero the active (or named) scale, where the scale allows it', optionalScale),
  'scales.simulate': command<{ readonly scaleId: string; readonly weightOz: number }>()(
    'Place a package of this weight on the simulated scale (sandbox and training)',
    z
      .object({
        weightOz: z
          .number({ error: 'Enter the weight in ounces' })
          .min(0, 'A weight cannot be below zero')
          .max(2400, 'The simulated scale takes up to 150 lb (2400 oz)'),
      })
      .strict(),
  ),
  'scan.parse': command<ScanResult>()(
    'What the station makes of a scan: order, tracking number, station command or unknown',
    z.object({ text: z.string({ error: 'Scan or type something' }).max(500, 'That scan is too long to be a barcode') }).strict(),
  ),
  'scan.commandSheet': command<CommandSheet>()(
    'The station command barcodes (buy, reprint, void, next, cancel, zero, another box), drawn for printing',
    z.object({ format: z.enum(['png', 'svg'], { error: 'Choose png or svg' }).default('svg') }).strict(),
  ),
} as const;

export type DeviceCommandNames = keyof typeof deviceCommands;

export const deviceEvents = {
  'scale.weight': event<ScaleWeight>('A scale reading changed (value, status or stability)'),
} as const;
