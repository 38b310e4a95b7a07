import { parseArgs } from 'node:util';
import { fail } from '../../shared/contract/errors';
import { packageLocations } from '../../shared/contract/shipping';
import type { Pickup } from '../../shared/contract/shippingTypes';
import { stationOptions, withHeadlessStation } from './headless';
import { readShipFrom } from './buy';
import { CliUsageError, type CliCommand } from './command';
import { commandGroup } from './group';

type PackageLocation = (typeof packageLocations)[number];

const json = { json: { type: 'boolean', default: false } } as const;
const pickupShape = '{"pickup_no", "confirmation_number", "pickup_date", "status", "carrier", "packages", "total_weight", "tracking_nos", "created_at"}';
/** A place as typed on the command line: front-door and front_door are the same place. */
const placeWord = (place: string) => place.replaceAll('_', '-');

function pickupJson(p: Pickup) {
  return {
    pickup_no: p.pickupNo,
    confirmation_number: p.confirmationNumber,
    pickup_date: p.pickupDate,
    status: p.status,
    carrier: p.carrierCode,
    packages: p.packageCount,
    total_weight: p.totalWeight,
    tracking_nos: p.trackingNos,
    created_at: p.createdAt,
  };
}

function pickupLine(p: Pickup): string {
  const count = p.packageCount ?? (p.trackingNos.length > 0 ? p.trackingNos.length : null);
  return [
    `Pickup ${p.pickupNo}`,
    p.status,
    p.pickupDate ?? 'day not given',
    ...(count === null ? [] : [`${count} package${count === 1 ? '' : 's'}`]),
    ...(p.confirmationNumber ? [`confirmation ${p.confirmationNumber}`] : []),
  ].join('  ');
}

function places(typed: readonly string[]): PackageLocation[] {
  if (typed.length === 0) throw new CliUsageError(`Say where the packages wait with --where: ${packageLocations.map(placeWord).join(', ')}.`);
  return typed.map((word) => {
    const place = word.trim().toLowerCase().replaceAll('-', '_');
    const known = packageLocations.find((p) => p === place);
    if (!known) throw new CliUsageError(`--where takes one of ${packageLocations.map(placeWord).join(', ')}; not "${word}".`);
    return known;
  });
}

function whole(text: string | undefined, flag: string, fallback: number): number {
  if (text === undefined) return fallback;
  const n = Number(text.trim());
  if (text.trim() === '' || !Number.isInteger(n) || n < 1) throw new CliUsageError(`${flag} takes a whole number from 1.`);
  return n;
}

const addCommand: CliCommand = {
  name: 'add',
  summary: 'Book a USPS pickup of today\'s labels, or of the labels named',
  usage: [
    'parcel-station pickups add [TRACKING_NO...] --where PLACE [--where PLACE] [--describe TEXT] [--date YYYY-MM-DD] [--ship-from FILE] [--json]',
    `→ ${pickupShape}`,
    '  Without tracking numbers: today\'s USPS labels in no pickup yet, return labels left out (as the Pickups screen ticks them).',
    `  --where PLACE     where the packages wait: ${packageLocations.map(placeWord).join(', ')} (repeat for several)`,
    '  --describe TEXT   the place in words, needed with --where other',
    '  --date DAY        the pickup day (default: the service\'s, the next day in Los Angeles)',
    '  --ship-from FILE  the pickup address from this JSON file instead of the station\'s ship-from setting',
  ].join('\n'),
  async run(argv, io) {
    const { values, positionals } = parseArgs({
      args: [...argv],
      options: { ...stationOptions, ...json, where: { type: 'string', multiple: true, default: [] }, describe: { type: 'string' }, date: { type: 'string' }, 'ship-from': { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
    const where = places(values.where);
    if (where.includes('other') && !values.describe?.trim()) throw new CliUsageError('--where other needs --describe TEXT saying where the packages wait.');
    if (values.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.date.trim())) throw new CliUsageError('--date takes a day as YYYY-MM-DD, such as 2026-12-01.');
    const from = values['ship-from'] === undefined ? undefined : readShipFrom(values['ship-from']);
    return withHeadlessStation(values, async (headless) => {
      let trackingNos = positionals;
      if (trackingNos.length === 0) {
        trackingNos = (await headless.call('pickups.candidates', {})).filter((c) => c.selectedByDefault).map((c) => c.trackingNo);
        if (trackingNos.length === 0) fail('conflict', 'There are no USPS labels from today waiting for a pickup. Name the labels to include by their tracking numbers.');
      }
      // The day is always sent, as the Pickups screen does, so the station's record of the pickup says which day it is.
      const pickupDate = values.date?.trim() ?? (await headless.call('pickups.defaultDate', {}));
      const pickup = await headless.call('pickups.schedule', {
        trackingNos,
        packageLocation: where,
        ...(values.describe !== undefined ? { packageLocationText: values.describe } : {}),
        pickupDate,
        ...(from ? { pickupAddress: from } : {}),
      });
      io.out(values.json ? JSON.stringify(pickupJson(pickup)) : `Booked: ${pickupLine(pickup)}.`);
      return 0;
    });
  },
};

const statuses = { confirmed: 'CONFIRMED', canceled: 'CANCELED', cancelled: 'CANCELED' } as const;

const listCommand: CliCommand = {
  name: 'list',
  summary: 'The account\'s pickups, newest first',
  usage: [
    'parcel-station pickups list [--status confirmed|canceled] [--confirmation NUMBER] [--page N] [--page-size N] [--oldest-first] [--json]',
    `→ {"pickups": [${pickupShape}], "total": how many match}`,
  ].join('\n'),
  async run(argv, io) {
    const { values } = parseArgs({
      args: [...argv],
      options: { ...stationOptions, ...json, status: { type: 'string' }, confirmation: { type: 'string' }, page: { type: 'string' }, 'page-size': { type: 'string' }, 'oldest-first': { type: 'boolean', default: false } },
      strict: true,
    });
    const status = values.status?.trim().toLowerCase();
    if (status !== undefined && !Object.hasOwn(statuses, status)) throw new CliUsageError('--status is confirmed or canceled.');
    const page = whole(values.page, '--page', 1);
    const pageSize = whole(values['page-size'], '--page-size', 50);
    if (pageSize > 200) throw new CliUsageError('--page-size is at most 200.');
    return withHeadlessStation(values, async (headless) => {
      const { pickups, total } = await headless.call('pickups.list', {
        ...(status ? { status: statuses[status as keyof typeof statuses] } : {}),
        ...(values.confirmation ? { confirmationNumber: values.confirmation } : {}),
        page,
        pageSize,
        oldestFirst: values['oldest-first'],
      });
      if (values.json) io.out(JSON.stringify({ pickups: pickups.map(pickupJson), total }));
      else if (pickups.length === 0) io.out('No pickups.');
      else for (const p of pickups) io.out(pickupLine(p));
      return 0;
    });
  },
};

const cancelCommand: CliCommand = {
  name: 'cancel',
  summary: 'Cancel a pickup by its pickup number',
  usage: ['parcel-station pickups cancel PICKUP_NO [--json]', `→ ${pickupShape} with "status": "CANCELED"`].join('\n'),
  async run(argv, io) {
    const { values, positionals } = parseArgs({ args: [...argv], options: { ...stationOptions, ...json }, allowPositionals: true, strict: true });
    const [pickupNo, extra] = positionals;
    if (!pickupNo) throw new CliUsageError('Give the number of the pickup to cancel (pickups list shows them).');
    if (extra !== undefined) throw new CliUsageError('Cancel one pickup at a time.');
    return withHeadlessStation(values, async (headless) => {
      const pickup = await headless.call('pickups.cancel', { pickupNo });
      io.out(values.json ? JSON.stringify(pickupJson(pickup)) : `Canceled: ${pickupLine(pickup)}.`);
      return 0;
    });
  },
};

const locationsCommand: CliCommand = {
  name: 'locations',
  summary: 'Where packages may wait for the carrier, as the service lists them',
  usage: 'parcel-station pickups locations [--json]   → {"locations": [...]}',
  async run(argv, io) {
    const { values } = parseArgs({ args: [...argv], options: { ...stationOptions, ...json }, strict: true });
    return withHeadlessStation(values, async (headless) => {
      const locations = await headless.call('pickups.locations', {});
      if (values.json) io.out(JSON.stringify({ locations }));
      else if (locations.length === 0) io.out('The service listed no places.');
      else for (const place of locations) io.out(placeWord(place));
      return 0;
    });
  },
};

/** `parcel-station pickups`: USPS carrier pickups through the station's pickup service, as the Pickups screen books them. */
export const pickupsCommand: CliCommand = commandGroup(
  'pickups',
  'USPS carrier pickups: add, list, cancel, locations',
  ['USPS carrier pickups of the station\'s labels, booked once even when an answer is lost (as on the Pickups screen).'],
  [addCommand, listCommand, cancelCommand, locationsCommand],
);
