import type { z } from 'zod';
import { diskFullError, internalError, StationFailure, type Result } from '../../shared/contract/errors';
import { isDiskFull } from '../core/diskFull';
import { inputWords } from '../../shared/contract/inputWords';
import { describeInvalidInput } from '../core/dispatch';
import type { ScaleService } from '../devices/module';
import type { Logger } from '../log/logger';
import type { ChecksService } from '../shipping/checks';
import type { HistoryService } from '../shipping/history';
import type { OrdersService } from '../shipping/orders';
import type { ProductsService } from '../shipping/products';
import type { PurchaseService } from '../shipping/purchase';
import type { RatesService } from '../shipping/rates';
import type { RulesService } from '../shipping/rules';
import type { ShippingSettingsService } from '../shipping/settings';

/**
 * The other modules' services the benches use, each exactly the provider's
 * own function (createStation wires them): an editor goes from a bench's call
 * to the code that does the work, and no call crosses the dispatcher.
 */
export interface BenchPorts {
  readonly quotes: Pick<RatesService, 'quote'>;
  readonly addresses: Pick<ChecksService, 'validate'>;
  readonly insurance: Pick<ChecksService, 'insurance'>;
  readonly orders: Pick<OrdersService, 'lookup'>;
  readonly settings: Pick<ShippingSettingsService, 'current'>;
  readonly scale: Pick<ScaleService, 'tare'>;
  readonly labels: Pick<PurchaseService, 'buy' | 'nextReturn'>;
  /** The last label, for the REPRINT_LAST and VOID_LAST barcodes. */
  readonly history: Pick<HistoryService, 'search' | 'reprint'>;
  /** The automation rules, applied to each scanned order. */
  readonly rules: Pick<RulesService, 'list'>;
  /** The catalog: an item's barcode for scan to verify, and what a scan that is no item of the order is. */
  readonly products: Pick<ProductsService, 'get'>;
}

/**
 * A bench's input for a service, checked by the command's own contract schema,
 * as the dispatcher checks a front end's: part of it comes from outside the
 * bench (an order pulled from v1, a scanned number, the service's standardized
 * address), so it meets the same rules, defaults and words. A refusal is a
 * StationFailure, as from the service itself.
 */
export function checked<S extends z.ZodType>(schema: S, input: z.input<S>): z.output<S> {
  const parsed = schema.safeParse(input, { error: inputWords });
  if (!parsed.success) throw new StationFailure(describeInvalidInput(parsed.error));
  return parsed.data;
}

export type Attempt = <T>(run: () => Promise<T>) => Promise<Result<T>>;

/**
 * A service call as the Result a bench reads: a refusal keeps its words, and
 * anything else is logged and told as the dispatcher tells a crash, so a
 * background quote or check never rejects unheard.
 */
export function attemptWith(log: Logger): Attempt {
  return async (run) => {
    try {
      return { ok: true, value: await run() };
    } catch (error) {
      if (error instanceof StationFailure) return { ok: false, error: error.error };
      if (isDiskFull(error)) return { ok: false, error: diskFullError };
      log.error('bench call crashed', { error: error instanceof Error ? error : String(error) });
      return { ok: false, error: internalError };
    }
  };
}
