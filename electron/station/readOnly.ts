import type { CommandName, Handlers } from '../../shared/contract';
import { fail } from '../../shared/contract/errors';

/**
 * What a station on a damaged database still does: find stored labels, show
 * and reprint them, and everything about printers and scales. Nothing here
 * sends a purchase, a void or any other write to the shipping service.
 */
const readable: ReadonlySet<CommandName> = new Set<CommandName>([
  'station.info',
  'warehouse.status',
  'backend.status',
  'history.search',
  'report.summary',
  'report.labels',
  'report.daySheet',
  'history.label',
  'history.customsForms',
  'history.reprint',
  'shipments.find',
  'printers.list',
  'printers.profile.get',
  'printers.testPrint',
  'printJobs.list',
  'printJobs.retry',
  'printJobs.cancel',
  'printJobs.reprint',
  'printJobs.preview',
  'slips.settings.get',
  'slips.print',
  'scales.list',
  'scales.select',
  'scales.reading',
  'scales.tare',
  'scales.simulate',
  'scan.parse',
  'scan.commandSheet',
  'settings.shipping.get',
  'bench.state',
  'bench.clear',
  'orders.list',
  'orders.lookup',
  'products.list',
  'products.get',
  'rules.list',
  'rules.test',
  'pickups.list',
  'scanForms.list',
]);

/** Every other command refuses with the damage words, so the operator hears why and what to do. */
export function readOnlyHandlers(handlers: Handlers, words: string): Handlers {
  const guarded: Record<string, unknown> = { ...handlers };
  for (const name of Object.keys(handlers) as CommandName[]) {
    if (!readable.has(name)) guarded[name] = async () => fail('conflict', words);
  }
  // Same keys, each either the original handler or a refusal: the shape the dispatcher expects.
  return guarded as Handlers;
}
