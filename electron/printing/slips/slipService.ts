import { fail, StationFailure } from '../../../shared/contract/errors';
import { defaultSlipSettings, slipSettingsSchema, type SlipPrinted, type SlipSettings } from '../../../shared/contract/slips';
import type { StationContext } from '../../core/module';
import { createHistorySearch } from '../../store/historySearch';
import { createOrdersRepo } from '../../store/ordersRepo';
import { createSettingsStore } from '../../store/settings';
import { createShipmentsRepo, type ShipmentRow } from '../../store/shipmentsRepo';
import type { DocumentPrinter } from '../documents';
import type { PrintService } from '../printService';
import { pdfPagesToPngs } from '../raster/pdfPages';
import { renderReceiptSlip } from './receiptSlip';
import { slipContent, slipOrderOf } from './slipContent';
import { renderSlipPdf } from './slipPdf';

/** This bench's slip settings live in its own store, not the warehouse's: each bench has its own printers. */
const SETTINGS_KEY = 'slips.settings';

/** What the label flow calls: a slip follows its label when the bench prints slips with every label. */
export interface SlipPort {
  afterLabel(row: ShipmentRow): Promise<void>;
}

export interface SlipServiceDeps {
  readonly ctx: StationContext;
  readonly print: Pick<PrintService, 'enqueue'>;
  readonly documents: DocumentPrinter;
}

/**
 * Packing slips: the bought package's order (items, ship-to, note) on the
 * printer the bench chose. A slip is only ever printed for a label that was
 * bought and not voided, so nothing goes in a box before its postage is paid.
 */
export function createSlipService({ ctx, print, documents }: SlipServiceDeps) {
  const settingsStore = createSettingsStore(ctx.db, ctx.now);
  const shipments = createShipmentsRepo(ctx.db, ctx.now);
  const orders = createOrdersRepo(ctx.db, ctx.now);
  const search = createHistorySearch(ctx.db);
  const log = ctx.log.child('slips');

  const settings = (): SlipSettings => settingsStore.get(SETTINGS_KEY, slipSettingsSchema, defaultSlipSettings);

  function bought(shipmentId: number | undefined): ShipmentRow {
    if (shipmentId === undefined) {
      const last = search({ query: '', state: 'bought', limit: 1 })[0];
      if (!last) fail('not_found', 'No label has been bought at this station yet, so there is no packing slip to print.');
      return shipments.get(last.id) ?? last;
    }
    const row = shipments.get(shipmentId) ?? fail('not_found', 'That package is not on this station.', { field: 'shipmentId' });
    if (row.state === 'voided') fail('conflict', 'This label was voided, so its packing slip would go in a box that is not shipping.', { field: 'shipmentId' });
    if (row.state !== 'bought') fail('conflict', 'A packing slip follows its label: this package has no bought label yet.', { field: 'shipmentId' });
    return row;
  }

  async function printSlip(row: ShipmentRow, chosen: SlipSettings): Promise<SlipPrinted> {
    const content = slipContent(row, slipOrderOf(row.order_number ? orders.get(row.order_number) : undefined), chosen);
    const title = `Packing slip ${row.order_number ?? row.tracking_no ?? ''}`.trim();
    if (chosen.format === 'label') {
      const pngs = await pdfPagesToPngs(await renderSlipPdf(content, 'label'));
      let first: string | null = null;
      for (const png of pngs) {
        const { jobId } = await print.enqueue({ png, title, reference: row.shipment_no ?? row.platform_uk_id, kind: 'label', ...(chosen.printerId ? { printerId: chosen.printerId } : {}) });
        first ??= jobId;
      }
      return { words: `The packing slip is in the print queue${pngs.length > 1 ? ` (${pngs.length} labels)` : ''}.`, jobId: first };
    }
    if (chosen.format === 'receipt') {
      const profile = documents.profile(chosen.printerId);
      if (profile.language !== 'escpos') {
        fail('not_configured', `${profile.name} is not an ESC/POS receipt printer. Choose a receipt printer for 80 mm slips in Settings, or print slips on the label printer.`);
      }
      const delivery = await documents.sendBytes(profile, await renderReceiptSlip(content), title);
      return { words: delivery.printed ? `The packing slip printed on ${profile.name}.` : `The packing slip went to ${profile.name}; ${delivery.unconfirmed}.`, jobId: null };
    }
    if (!chosen.queueName) fail('not_configured', 'Choose the installed printer for page slips in Settings (Packing slips).');
    const delivery = await documents.sendPdf(chosen.queueName, await renderSlipPdf(content, chosen.paper), title);
    return { words: delivery.printed ? `The packing slip printed on "${chosen.queueName}".` : `The packing slip went to "${chosen.queueName}"; ${delivery.unconfirmed}.`, jobId: null };
  }

  return {
    settings,
    saveSettings(next: SlipSettings): SlipSettings {
      settingsStore.set(SETTINGS_KEY, next);
      ctx.emit('station.changed', { topics: ['settings'] });
      log.info('packing slip settings saved', { when: next.when, format: next.format });
      return settings();
    },
    /** On demand (Alt+P, History): the named package's slip, else the last label bought here; whatever the "when" setting says. */
    async print(shipmentId?: number): Promise<SlipPrinted> {
      const chosen = settings();
      if (chosen.when === 'never') fail('not_configured', 'Packing slips are off on this bench. Turn them on in Settings (Packing slips).');
      const printed = await printSlip(bought(shipmentId), chosen);
      log.info('packing slip printed', { format: chosen.format });
      return printed;
    },
    /** After a label printed or reprinted: the slip follows it when the bench prints one with every label; a failure is said, never thrown at the label. */
    async afterLabel(row: ShipmentRow): Promise<void> {
      const chosen = settings();
      if (chosen.when !== 'withLabel' || row.state !== 'bought') return;
      try {
        await printSlip(row, chosen);
        log.info('packing slip printed with its label', { format: chosen.format });
      } catch (error) {
        const words = error instanceof StationFailure ? error.error.message : 'The packing slip could not be drawn.';
        log.warn('packing slip did not print', { error: error instanceof Error ? error.message : String(error) });
        ctx.emit('station.notice', { level: 'warning', message: `The label printed, but its packing slip did not: ${words} Print the slip with Alt+P.` });
      }
    },
  };
}

export type SlipService = ReturnType<typeof createSlipService>;
