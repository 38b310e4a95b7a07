import { parseArgs } from 'node:util';
import type { Rate } from '../../shared/contract/shippingTypes';
import { stationOptions, stationOptionsUsage, withHeadlessStation } from './headless';
import { readShipFrom } from './buy';
import { CliUsageError, type CliCommand } from './command';
import { plural } from '../../shared/domain/operatorWords';

/** One rate as the command line prints it. */
function rateLine(r: Rate) {
  return { carrier: r.carrierCode, service_level: r.serviceLevel, price: r.price, delivery_days: r.deliveryDays, delivery_date: r.deliveryDate ?? null, marks: r.marks ?? [], rate_id: r.rateId };
}

export const ratesCommand: CliCommand = {
  name: 'rates',
  summary: 'Rate an order as Batch does and show the rate the station\'s rule picks (nothing is bought)',
  usage: [
    'Usage: parcel-station rates --order NUMBER [--weight-oz W] [--ship-from FILE] [--json] [options]',
    '',
    'Checks the address and rates the order at once, as the Ship and Batch screens do, cheapest first.',
    'With --json prints one line: {"rates": [{"carrier", "service_level", "price", "delivery_days", "delivery_date", "marks", "rate_id"}], "picked": rate_id or null}.',
    'marks are the service\'s own (cheapest, fastest) and delivery_date its promise, when its answer gives them.',
    'picked is the rate the station\'s rate rule (Settings) would buy; null when none qualifies.',
    '',
    '  --order NUMBER      an order in the inbox (orders import; on the practice service also orders pull-practice)',
    '  --weight-oz W       the weight when the order has none, or to rate another weight (12.5, or 1 lb 4 oz)',
    '  --ship-from FILE    rate from the address in this JSON file instead of the station\'s ship-from setting',
    ...stationOptionsUsage,
  ].join('\n'),
  async run(argv, io) {
    const { values } = parseArgs({
      args: [...argv],
      options: { ...stationOptions, order: { type: 'string' }, 'weight-oz': { type: 'string' }, 'ship-from': { type: 'string' }, json: { type: 'boolean', default: false } },
      strict: true,
    });
    const { order } = values;
    if (!order) throw new CliUsageError('Give the order number with --order.');
    if (values['weight-oz'] !== undefined && values['weight-oz'].trim() === '') throw new CliUsageError('--weight-oz takes a weight in ounces, such as 12.5.');
    const from = values['ship-from'] === undefined ? undefined : readShipFrom(values['ship-from']);
    return withHeadlessStation(values, async (headless) => {
      const row = await headless.call('batch.rateOrder', { orderNumber: order, weightText: values['weight-oz'] ?? '', ...(from ? { from } : {}) });
      if (!row.quote) {
        io.err(`Order ${row.orderNumber} was not rated: ${row.blockers[0] ?? 'the service gave no rates.'}`);
        return 1;
      }
      const rates = row.quote.rates.map(rateLine);
      const picked = row.picked === null ? null : (row.quote.rates[row.picked]?.rateId ?? null);
      for (const e of row.quote.errors) io.err(`${e.carrier}: ${e.message}`);
      if (row.address.status === 'needs_decision') io.err(`Note: the service did not confirm this order's address; buying it will stop until the address is fixed (see parcel-station address validate).`);
      if (values.json) io.out(JSON.stringify({ rates, picked }));
      else {
        for (const r of row.quote.rates) {
          const mark = r.rateId !== null && r.rateId === picked ? '*' : ' ';
          const days = r.deliveryDays === null ? '' : plural(r.deliveryDays, 'day');
          const promise = [r.deliveryDate ? `by ${r.deliveryDate}` : '', ...(r.marks ?? [])].filter(Boolean).join(', ');
          io.out(`${mark} ${r.serviceName.padEnd(36)} $${r.price.toFixed(2)}  ${days}${promise ? `  (${promise})` : ''}`);
        }
        if (rates.length === 0) io.out('No carrier offered a rate for this package.');
      }
      return rates.length === 0 ? 1 : 0;
    });
  },
};
