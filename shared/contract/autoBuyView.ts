import { z } from 'zod';

/**
 * Zero-key scan to print (issue 25 item 3): this bench buys the price on
 * screen without a key when nothing is flagged and it is at most the cap,
 * after a short countdown the packer can stop with Esc.
 */
export const autoBuySettingSchema = z
  .object({
    on: z.boolean(),
    capUsd: z.number({ error: 'Enter the cap in dollars' }).positive('Enter a cap above zero').max(10_000, 'Keep the cap at most $10,000'),
    countdownSeconds: z.number({ error: 'Enter the countdown in seconds' }).min(0, 'The countdown cannot be negative').max(30, 'Keep the countdown at most 30 seconds'),
  })
  .strict();

export type AutoBuySetting = z.infer<typeof autoBuySettingSchema>;

export const autoBuyOff: AutoBuySetting = { on: false, capUsd: 50, countdownSeconds: 1 };

/**
 * Where auto-buy stands for the package on the bench:
 * - off: the setting is off; idle: nothing to judge yet (no order, answers on their way, a purchase under way);
 * - counting: the countdown runs and buys `total` when it ends (Esc stops it);
 * - waiting: something needs the packer, so the bench waits for Enter (`reason` says what);
 * - stopped: Esc stopped it for this package; fired: auto-buy bought this package.
 */
export interface BenchAutoBuy {
  readonly status: 'off' | 'idle' | 'counting' | 'waiting' | 'stopped' | 'fired';
  readonly capUsd: number | null;
  readonly countdownSeconds: number;
  /** What the countdown buys (or bought), in all: the picked rate and its insurance. */
  readonly total: number | null;
  readonly reason: string | null;
}
