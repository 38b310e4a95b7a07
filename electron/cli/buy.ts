import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { addressSchema } from '../../shared/contract/shipping';
import type { PurchaseResult, Shipment, StationAddress } from '../../shared/contract/shippingTypes';
import { plainFileStem } from '../../shared/domain/fileStem';
import { serviceCodeWords } from '../../shared/domain/operatorWords';
import { fail } from '../../shared/contract/errors';
import { finalPrintJobStatuses } from '../../shared/contract/printing';
import { labelPngProblem } from '../purchases/labelBytes';
import { stationOptions, stationOptionsUsage, withHeadlessStation, type HeadlessStation } from './headless';
import { CliUsageError, type CliCommand, type CliIo } from './command';
import { readShipOptions, shipOptionFlags, shipOptionsUsage } from './shipOptions';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the label's print job leaves the queue, so the process does not end mid-print. */
export async function waitForPrint(headless: HeadlessStation, jobId: string, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = (await headless.call('printJobs.list', { limit: 50 })).find((j) => j.id === jobId);
    if (!job || finalPrintJobStatuses.has(job.status)) return job?.status ?? 'unknown';
    if (Date.now() > deadline) return job.status;
    await sleep(100);
  }
}

const unfinishedWords: Readonly<Record<string, string>> = {
  queued: 'is still waiting for the printer',
  sending: 'is still going to the printer',
  failed: 'failed',
  cancelled: 'was cancelled',
};

/** What an operator is told of a label's print job once waiting for it ended; nothing when it printed. */
export function printJobWords(status: string, what = 'label'): string | null {
  if (status === 'done') return null;
  if (status === 'sent') return `The ${what} was sent to the printer, which cannot say whether it printed; check that it came out (parcel-station reprint prints it again).`;
  return `The ${what} is stored; its print job ${unfinishedWords[status] ?? 'is in an unknown state'} (see the print queue).`;
}

/** --weight-oz as the station reads a typed weight: a bare number is ounces; empty when not given. */
export function weightFlag(value: string | undefined): string {
  if (value === undefined) return '';
  if (value.trim() === '') throw new CliUsageError('--weight-oz takes a weight in ounces, such as 12.5.');
  return /^\s*[\d.]+\s*$/.test(value) ? `${value} oz` : value;
}

/** The ship-from address of --ship-from FILE.json, in the station's address shape. */
export function readShipFrom(file: string): StationAddress {
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CliUsageError(`--ship-from: cannot read ${file} as JSON (${error instanceof Error ? error.message : String(error)}).`);
  }
  const parsed = addressSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CliUsageError(`--ship-from: ${issue?.path.join('.') || 'address'}: ${issue?.message ?? 'not an address'}.`);
  }
  return parsed.data as StationAddress;
}

/**
 * Writes the label under the data folder's labels/, named for its tracking
 * number only when that is a plain file name (a service answer never picks
 * the path), and only when the bytes are a PNG.
 */
export function writeLabelFile(dataDir: string, s: Shipment, png: Buffer, io: CliIo): string | null {
  const problem = labelPngProblem(png);
  if (problem) {
    io.err(`The label is bought but was not written to a file: ${problem}`);
    return null;
  }
  const stem = plainFileStem(s.trackingNo, s.platformUkId);
  if (stem === null) {
    io.err('The label is bought but was not written to a file: neither its tracking number nor its id is a plain file name.');
    return null;
  }
  if (stem !== s.trackingNo) io.err(`The tracking number the service sent is not a plain file name; the label file is named for its id ${stem}.`);
  const file = path.join(dataDir, 'labels', `${stem}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, png);
  return file;
}

export const buyCommand: CliCommand = {
  name: 'buy',
  summary: 'Rate and buy the label for an order through the purchase journal, and print it',
  usage: [
    'Usage: parcel-station buy --order NUMBER [--service cheapest|fastest|SERVICE_LEVEL] [--insure USD] [--json] [options]',
    '',
    'The station checks the address and rates the order at once, picks the rate and buys it, as the Ship and Batch screens do.',
    'Prints one JSON line (with or without --json): {"order_number", "platform_uk_id", "shipment_no", "tracking_no", "duplicate_label", "cost", "label_file", "customs_form_files"}.',
    'An international order is bought with its customs declaration; its customs forms (CN22/CN23) are written next to the label.',
    'Buying the same order again (or while another buy of it runs) returns the label already bought (duplicate_label true) and says so;',
    'it is never charged twice.',
    '',
    '  --order NUMBER      an order in the inbox (orders import; on the practice service also orders pull-practice)',
    '  --service S         cheapest, fastest, or a service level such as USPS_GROUND_ADVANTAGE (default: the station\'s rule)',
    '  --insure USD        insure for this many dollars: the station quotes the insurance first and buys it with the label',
    '  --package N         which package (box) of the order (default 0)',
    '  --weight-oz W       the weight when the order has none (12.5, or 1 lb 4 oz)',
    '  --no-print          store the label without printing it',
    '  --ship-from FILE    ship from the address in this JSON file ({"name", "street", "city", "state", "zip", ...})',
    '                      instead of the station\'s ship-from setting (needed with --base-url on a fresh data folder)',
    ...shipOptionsUsage,
    ...stationOptionsUsage,
  ].join('\n'),
  async run(argv, io) {
    const { values } = parseArgs({
      args: [...argv],
      options: {
        ...stationOptions,
        ...shipOptionFlags,
        order: { type: 'string' },
        service: { type: 'string', default: 'rule' },
        insure: { type: 'string' },
        package: { type: 'string', default: '0' },
        'weight-oz': { type: 'string' },
        'no-print': { type: 'boolean', default: false },
        'ship-from': { type: 'string' },
        json: { type: 'boolean', default: false },
      },
      strict: true,
    });
    const { order } = values;
    if (!order) throw new CliUsageError('Give the order number with --order.');
    const box = Number(values.package);
    if (!Number.isInteger(box) || box < 0) throw new CliUsageError('--package takes a whole number from 0.');
    const weightText = weightFlag(values['weight-oz']);
    const from = values['ship-from'] === undefined ? undefined : readShipFrom(values['ship-from']);
    const options = readShipOptions(values);

    return withHeadlessStation(values, async (headless) => {
      if (!from && !(await headless.call('settings.shipping.get', {})).shipFrom) {
        fail('not_configured', 'This station has no ship-from address: give one with --ship-from FILE.json, or set it in Settings at the bench.');
      }
      const { orderNumber, purchase: bought } = await headless.call('batch.buyOrder', {
        orderNumber: order,
        box,
        weightText,
        insuranceText: values.insure ?? '',
        service: values.service,
        print: !values['no-print'],
        ...(from ? { from } : {}),
        ...options,
      });
      const s = bought.shipment;
      const labelFile = bought.labelPng ? writeLabelFile(headless.dataDir, s, Buffer.from(bought.labelPng, 'base64'), io) : null;
      const customsFiles = labelFile ? writeCustomsFiles(labelFile, bought.customsForms) : [];
      if (!bought.labelPng && s.error) io.err(s.error);
      if (bought.reused) {
        io.err(`Order ${orderNumber} was already bought (tracking ${s.trackingNo ?? 'not known yet'}): this is that label, and nothing more was charged. To print it again: parcel-station reprint ${s.trackingNo ?? s.platformUkId}`);
      }
      if (bought.printError) io.err(`The label is stored but did not print: ${bought.printError}`);
      else if (bought.printJobId) {
        const words = printJobWords(await waitForPrint(headless, bought.printJobId, 30_000));
        if (words) io.err(words);
      }
      if (s.rateMismatch) io.err(`Note: this package was already bought as ${s.rateMismatch.bought.serviceName ?? serviceCodeWords(s.rateMismatch.bought.serviceLevel)}; that label is the one shown.`);
      io.out(
        JSON.stringify({
          order_number: orderNumber,
          platform_uk_id: s.platformUkId,
          shipment_no: s.shipmentNo,
          tracking_no: s.trackingNo,
          duplicate_label: s.duplicateLabel || bought.reused,
          cost: s.cost,
          label_file: labelFile,
          customs_form_files: customsFiles,
        }),
      );
      return 0;
    });
  },
};

/** Customs forms go next to their label, named after it: <label>-customs-1.png (or .pdf). */
function writeCustomsFiles(labelFile: string, forms: PurchaseResult['customsForms']): string[] {
  return forms.map((form, i) => {
    const file = labelFile.replace(/\.png$/, `-customs-${i + 1}.${form.mime === 'application/pdf' ? 'pdf' : 'png'}`);
    fs.writeFileSync(file, Buffer.from(form.base64, 'base64'));
    return file;
  });
}
