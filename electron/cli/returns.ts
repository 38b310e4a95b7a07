import { parseArgs } from 'node:util';
import { usPsReturnLevels } from '../../shared/contract/shipping';
import { stationOptions, stationOptionsUsage, withHeadlessStation } from './headless';
import { printJobWords, readShipFrom, waitForPrint, weightFlag, writeLabelFile } from './buy';
import { CliUsageError, type CliCommand } from './command';
import { readShipOptions, shipOptionFlags, shipOptionsUsage } from './shipOptions';

export const returnsCommand: CliCommand = {
  name: 'returns',
  summary: 'Buy the return label of an order, as the Returns screen does, and print it (returns buy)',
  usage: [
    'Usage: parcel-station returns buy --order NUMBER --service LEVEL [--weight-oz W] [--another] [--no-print] [--ship-from FILE] [--json] [options]',
    '',
    'Buys a USPS return label from the order\'s customer back to the station\'s ship-from address, and prints it.',
    'Prints one JSON line (with or without --json): {"order_number", "return_number", "platform_uk_id", "tracking_no",',
    '"service_level", "cost", "duplicate_label", "label_file"}.',
    'Asking again for the same order returns the return label bought earlier (duplicate_label true) and charges nothing;',
    'a second return label for the order is bought only with --another.',
    '',
    `  --order NUMBER      an order in the inbox (orders import; on the practice service also orders pull-practice)`,
    `  --service LEVEL     ${usPsReturnLevels.join(', ')}`,
    '  --weight-oz W       the weight of the return package when it is not the order\'s (12.5, or 1 lb 4 oz)',
    '  --another           buy a further return label for the order (return 2, 3, ...), not the one bought earlier',
    '  --no-print          store the label without printing it',
    '  --ship-from FILE    the return goes back to the address in this JSON file ({"name", "street", "city", "state", "zip", ...})',
    '                      instead of the station\'s ship-from setting (needed with --base-url on a fresh data folder)',
    ...shipOptionsUsage,
    ...stationOptionsUsage,
  ].join('\n'),
  async run(argv, io) {
    const { values, positionals } = parseArgs({
      args: [...argv],
      options: {
        ...stationOptions,
        ...shipOptionFlags,
        order: { type: 'string' },
        service: { type: 'string' },
        'weight-oz': { type: 'string' },
        'ship-from': { type: 'string' },
        another: { type: 'boolean', default: false },
        'no-print': { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
      },
      allowPositionals: true,
      strict: true,
    });
    if (positionals[0] !== 'buy' || positionals.length > 1) throw new CliUsageError('Use: parcel-station returns buy --order NUMBER --service LEVEL');
    const { order } = values;
    if (!order) throw new CliUsageError('Give the order number with --order.');
    const level = values.service?.trim().toUpperCase();
    if (!level || !(usPsReturnLevels as readonly string[]).includes(level)) throw new CliUsageError(`Give the return service with --service: ${usPsReturnLevels.join(', ')}.`);
    const weightText = weightFlag(values['weight-oz']);
    const shipFrom = values['ship-from'] === undefined ? undefined : readShipFrom(values['ship-from']);
    const options = readShipOptions(values);
    return withHeadlessStation(values, async (headless) => {
      const { orderNumber, returnNumber, purchase } = await headless.call('returns.buyForOrder', {
        orderNumber: order,
        serviceLevel: level as (typeof usPsReturnLevels)[number],
        weightText,
        another: values.another,
        print: !values['no-print'],
        ...(shipFrom ? { shipFrom } : {}),
        ...options,
      });
      const s = purchase.shipment;
      const labelFile = purchase.labelPng ? writeLabelFile(headless.dataDir, s, Buffer.from(purchase.labelPng, 'base64'), io) : null;
      if (!purchase.labelPng && s.error) io.err(s.error);
      if (purchase.reused) {
        io.err(
          `Return label ${returnNumber} for order ${orderNumber} was bought earlier (tracking ${s.trackingNo ?? 'not known yet'}): this is that label, and nothing more was charged. ` +
            `To print it again: parcel-station reprint ${s.trackingNo ?? s.platformUkId}. To buy another return label for this order, add --another.`,
        );
      } else if (purchase.printError) io.err(`The return label is stored but did not print: ${purchase.printError}`);
      else if (purchase.printJobId) {
        const words = printJobWords(await waitForPrint(headless, purchase.printJobId, 30_000), 'return label');
        if (words) io.err(words);
      }
      io.out(
        JSON.stringify({
          order_number: orderNumber,
          return_number: returnNumber,
          platform_uk_id: s.platformUkId,
          tracking_no: s.trackingNo,
          service_level: s.serviceLevel,
          cost: s.cost,
          duplicate_label: s.duplicateLabel || purchase.reused,
          label_file: labelFile,
        }),
      );
      return 0;
    });
  },
};
