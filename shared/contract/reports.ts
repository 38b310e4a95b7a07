import { z } from 'zod';
import { command } from './define';

/** Labels and what they cost: voided labels count apart (their postage goes back). */
export interface ReportTotals {
  readonly labels: number;
  readonly cents: number;
  readonly voidedLabels: number;
  readonly voidedCents: number;
}

export interface ReportByCarrier extends ReportTotals {
  readonly carrier: string;
}
export interface ReportByService extends ReportTotals {
  readonly carrier: string;
  readonly service: string;
}
export interface ReportByBench extends ReportTotals {
  readonly bench: string;
}
/** One day's totals and, for the stacked chart, the same split by carrier. */
export interface ReportByDay extends ReportTotals {
  readonly day: string;
  readonly carriers: readonly ReportByCarrier[];
}

/**
 * Postage over a range of the station's local calendar days, as whole cents.
 * Counts are of labels still good; voided ones are apart. The average is per
 * good label; insurance is the insured value the labels declared.
 */
export interface Report {
  readonly from: string;
  readonly to: string;
  readonly totals: ReportTotals;
  readonly averageCents: number | null;
  readonly insuranceCents: number;
  readonly byCarrier: readonly ReportByCarrier[];
  readonly byService: readonly ReportByService[];
  readonly byDay: readonly ReportByDay[];
  readonly byBench: readonly ReportByBench[];
  /** Set in a warehouse while its database is away: the report counts this bench's own labels only, and says so. */
  readonly partial?: string;
}

/** One label of a report, as the bookkeeper's export lists it. */
export interface ReportLabel {
  readonly boughtAt: string;
  readonly orderNumber: string | null;
  readonly trackingNo: string | null;
  readonly carrier: string | null;
  readonly service: string | null;
  /** Pounds, when the purchase named them. */
  readonly weightLb: number | null;
  readonly cents: number | null;
  readonly bench: string;
  readonly voided: boolean;
}

/** A pickup this bench booked on the sheet's day. */
export interface SheetPickup {
  readonly confirmationNumber: string | null;
  readonly carrier: string;
  readonly pickupDate: string | null;
  readonly packages: number | null;
  readonly status: string;
}

/** The end-of-day sheet: the day's report (the same numbers as Reports) and the pickups booked that day. */
export interface DaySheet {
  readonly report: Report;
  readonly pickups: readonly SheetPickup[];
}

const day = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Enter the ${what} day as YYYY-MM-DD`)
    .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text), `The ${what} day is not a date on the calendar`);

export const reportRangeSchema = z
  .object({ from: day('first'), to: day('last') })
  .refine((r) => r.from <= r.to, { message: 'The first day comes after the last one: swap them', path: ['to'] });

export const reportCommands = {
  'report.summary': command<Report>()('Labels and postage over a range of days, by carrier, service, day and bench (voided labels apart)', reportRangeSchema),
  'report.labels': command<{ readonly labels: readonly ReportLabel[] }>()('Every label bought over a range of days, oldest first, for export', reportRangeSchema),
  'report.daySheet': command<DaySheet>()('The end-of-day sheet of one day: labels by carrier and service, postage, voids, pickups booked, packages per bench', z.object({ day: day('sheet\'s') })),
} as const;
