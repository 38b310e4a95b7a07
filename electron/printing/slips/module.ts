import type { StationContext, StationModule } from '../../core/module';
import type { DocumentPrinter } from '../documents';
import type { PrintService } from '../printService';
import { createSlipService, type SlipService } from './slipService';

export type SlipCommandNames = 'slips.settings.get' | 'slips.settings.set' | 'slips.print';

/** Packing slips: this bench's settings and the on-demand slip; `service` is what the label flow calls after a label. */
export function createSlipsModule(ctx: StationContext, deps: { readonly print: Pick<PrintService, 'enqueue'>; readonly documents: DocumentPrinter }): StationModule<SlipCommandNames> & { readonly service: SlipService } {
  const service = createSlipService({ ctx, ...deps });
  return {
    service,
    handlers: {
      'slips.settings.get': async () => service.settings(),
      'slips.settings.set': async ({ settings }) => service.saveSettings(settings),
      'slips.print': ({ shipmentId }) => service.print(shipmentId),
    },
  };
}
