import { parseArgs } from 'node:util';
import type { V1RateQuote } from '../../../shared/contract/account';
import { fail } from '../../../shared/contract/errors';
import { stationOptions, withHeadlessStation } from '../headless';
import { printJobWords, waitForPrint, writeLabelFile } from '../buy';
import { CliUsageError, type CliCommand } from '../command';
import { checkOrderPackageFlags, orderPackageOptions, orderPackageUsage, resolveOrderPackage } from './orderPackage';

const json = { json: { type: 'boolean', default: false } } as const;
const indent = (lines: readonly string[]) => lines.map((l) => `  ${l}`);

/** cheapest, fastest (fewest days, then cheapest) or the rate of one service type (usps_ground_advantage). */
function pick(rates: readonly V1RateQuote[], service: string): V1RateQuote | undefined {
  const wanted = service.trim().toLowerCase();
  if (wanted === 'cheapest') return rates[0];
  if (wanted === 'fastest') return [...rates].sort((a, b) => (a.deliveryDays ?? Infinity) - (b.deliveryDays ?? Infinity) || a.price - b.price)[0];
  return rates.find((r) => r.serviceType.toLowerCase() === wanted || r.service.toLowerCase() === wanted);
}

const rateJson = (r: V1RateQuote) => ({ carrier: r.carrier, service: r.service, service_level: r.serviceType, price: r.price, delivery_days: r.deliveryDays, rate_id: r.rateId });

export const v1RatesCommand: CliCommand = {
  name: 'rates',
  summary: 'v1 rates for one package of an order, cheapest first',
  usage: [
    'parcel-station v1 rates --order NUMBER [--service cheapest|fastest|SERVICE_TYPE] [--json]',
    '→ {"store_name", "order_number", "rates": [{"carrier", "service", "service_level", "price", "delivery_days", "rate_id"}], "picked": rate_id}',
    '  ("picked" is the rate `v1 buy` with the same --service would buy)',
    ...indent(orderPackageUsage),
  ].join('\n'),
  async run(argv, io) {
    const { values } = parseArgs({ args: [...argv], options: { ...stationOptions, ...orderPackageOptions, ...json, service: { type: 'string', default: 'cheapest' } }, strict: true });
    const flags = checkOrderPackageFlags(values);
    return withHeadlessStation(values, async (headless) => {
      const input = await resolveOrderPackage(headless, flags);
      const quote = await headless.call('account.rates', input);
      const picked = pick(quote.rates, values.service);
      if (values.json) {
        io.out(JSON.stringify({ store_name: quote.storeName, order_number: quote.orderNumber, rates: quote.rates.map(rateJson), picked: picked?.rateId ?? null }));
        return 0;
      }
      if (quote.rates.length === 0) io.out(`No v1 rates for order ${quote.orderNumber} (${quote.weightLb} lb).`);
      for (const r of quote.rates) {
        const days = r.deliveryDays === null ? '' : `, ${r.deliveryDays} day${r.deliveryDays === 1 ? '' : 's'}`;
        io.out(`${r === picked ? '*' : ' '} ${r.price.toFixed(2).padStart(8)}  ${r.carrier} ${r.service}${days}  (${r.serviceType})`);
      }
      return 0;
    });
  },
};

export const v1BuyCommand: CliCommand = {
  name: 'buy',
  summary: 'Rate and buy the v1 label for one package of an order, once, and print it',
  usage: [
    'parcel-station v1 buy --order NUMBER [--service cheapest|fastest|SERVICE_TYPE] [--rate RATE_ID] [--no-print] [--json]',
    '→ {"store_name", "order_number", "package", "tracking_no", "carrier", "service", "cost", "duplicate_label", "label_file", "print_status", "note"}',
    '  Bought through the station\'s v1 purchase journal: a package that has a label is never bought again (duplicate_label true).',
    '  --rate RATE_ID    buy a rate this station quoted (`v1 rates` through the running desktop station)',
    '  print_status: done when the label left the print queue; null when not printed (--no-print, or bought before)',
    '  --no-print        store the label without printing it (parcel-station reprint TRACKING prints it later)',
    ...indent(orderPackageUsage),
  ].join('\n'),
  async run(argv, io) {
    const { values } = parseArgs({
      args: [...argv],
      options: { ...stationOptions, ...orderPackageOptions, ...json, service: { type: 'string', default: 'cheapest' }, rate: { type: 'string' }, 'no-print': { type: 'boolean', default: false } },
      strict: true,
    });
    const flags = checkOrderPackageFlags(values);
    if (values.rate !== undefined && values.rate.trim() === '') throw new CliUsageError('--rate takes a rate id from v1 rates.');
    return withHeadlessStation(values, async (headless) => {
      const input = await resolveOrderPackage(headless, flags);
      let rateId = values.rate;
      if (rateId === undefined) {
        const quote = await headless.call('account.rates', input);
        const picked = pick(quote.rates, values.service);
        if (!picked) return fail('not_found', quote.rates.length === 0 ? `The v1 service has no rates for order ${input.orderNumber}.` : `No v1 rate for order ${input.orderNumber} is "${values.service}"; see v1 rates for the service types.`);
        rateId = picked.rateId;
      }
      const bought = await headless.call('account.buy', { storeName: input.storeName, orderNumber: input.orderNumber, packageIndex: input.packageIndex, rateId, print: !values['no-print'] });
      const shipment = await headless.call('shipments.find', { ref: bought.trackingCode || String(bought.shipmentId) });
      const labelFile = bought.labelPng ? writeLabelFile(headless.dataDir, shipment, Buffer.from(bought.labelPng, 'base64'), io) : null;
      if (bought.note) io.err(bought.note);
      let printStatus: string | null = null;
      if (bought.printError) {
        printStatus = 'failed';
        io.err(`The label is stored but did not print: ${bought.printError}`);
      } else if (bought.printJobId) {
        printStatus = await waitForPrint(headless, bought.printJobId, 30_000);
        const words = printJobWords(printStatus);
        if (words) io.err(words);
      }
      const facts = {
          store_name: bought.storeName,
          order_number: bought.orderNumber,
          package: input.packageIndex,
          tracking_no: bought.trackingCode,
          carrier: bought.carrier,
          service: bought.service,
          cost: bought.cost,
          duplicate_label: bought.alreadyBought,
          label_file: labelFile,
          print_status: printStatus,
          note: bought.note,
        };
      io.out(
        values.json
          ? JSON.stringify(facts)
          : `${bought.alreadyBought ? 'Already bought' : 'Bought'}: order ${bought.orderNumber} package ${input.packageIndex}, ${bought.carrier} ${bought.service ?? ''} ${bought.trackingCode}${bought.cost === null ? '' : ` for ${bought.cost.toFixed(2)}`}${labelFile ? `; label ${labelFile}` : ''}.`,
      );
      return 0;
    });
  },
};

export const v1VoidCommand: CliCommand = {
  name: 'void',
  summary: 'Void a v1 label by its tracking code',
  usage: 'parcel-station v1 void TRACKING_CODE [--json]   → {"tracking_no", "voided": true}',
  async run(argv, io) {
    const { values, positionals } = parseArgs({ args: [...argv], options: { ...stationOptions, ...json }, allowPositionals: true, strict: true });
    const [trackingCode, extra] = positionals;
    if (!trackingCode) throw new CliUsageError('Give the tracking code of the v1 label to void.');
    if (extra !== undefined) throw new CliUsageError('Void one label at a time.');
    return withHeadlessStation(values, async (headless) => {
      const r = await headless.call('account.void', { trackingCode });
      io.out(values.json ? JSON.stringify({ tracking_no: r.trackingCode, voided: r.voided }) : `Voided ${r.trackingCode}.`);
      return 0;
    });
  },
};
