import { parseArgs } from 'node:util';
import { statusWords } from '../../shared/domain/operatorWords';
import { stationOptions, stationOptionsUsage, withHeadlessStation } from './headless';
import { CliUsageError, type CliCommand } from './command';

const sources = { tracking: 'tracking_no', platform: 'platform_uk_id', direct: 'direct' } as const;

export const trackCommand: CliCommand = {
  name: 'track',
  summary: 'Where a package is: the service\'s latest tracking, by tracking number, shipment number or platform id',
  usage: [
    'Usage: parcel-station track NUMBER [--carrier USPS|UPS|AMAZON_SHIPPING] [--by tracking|platform|direct] [--json] [options]',
    '',
    'With --json prints one line: {"status", "events": [{"time", "status", "description", "location"}], "tracking_no",',
    '"carrier", "estimated_delivery", "from_cache"}. from_cache is true when the service could not be reached',
    'and this is the last tracking the station stored.',
    '',
    '  --carrier C   the carrier of a number this station did not buy (USPS, UPS, AMAZON_SHIPPING; any carrier with --by direct)',
    '  --by tracking by tracking number; platform: by the station\'s platform id; direct: straight from the carrier.',
    '                Default: platform id for a label this station bought, else tracking number.',
    ...stationOptionsUsage,
  ].join('\n'),
  async run(argv, io) {
    const { values, positionals } = parseArgs({
      args: [...argv],
      options: { ...stationOptions, carrier: { type: 'string' }, by: { type: 'string' }, json: { type: 'boolean', default: false } },
      allowPositionals: true,
      strict: true,
    });
    const [ref] = positionals;
    if (!ref || positionals.length > 1) throw new CliUsageError('Give one tracking number (or shipment number, or platform id) to track.');
    const by = values.by;
    if (by !== undefined && !(by in sources)) throw new CliUsageError(`--by takes tracking, platform or direct, not "${by}".`);
    return withHeadlessStation(values, async (headless) => {
      const info = await headless.call('tracking.get', {
        ref,
        source: by === undefined ? 'auto' : sources[by as keyof typeof sources],
        ...(values.carrier ? { carrierCode: values.carrier.toUpperCase() } : {}),
      });
      if (info.fromCache) io.err(`The service could not be reached; this is the tracking stored at ${info.fetchedAt}.`);
      const events = info.events.map((e) => ({ time: e.time ?? e.localTime, status: e.status, description: e.description, location: e.location }));
      if (values.json) {
        io.out(
          JSON.stringify({ status: info.status, events, tracking_no: info.trackingNo, carrier: info.carrierCode, estimated_delivery: info.estimateDeliveryDate, from_cache: info.fromCache }),
        );
      } else {
        io.out(`${info.trackingNo ?? ref}: ${info.statusSummary ?? statusWords(info.status)}${info.estimateDeliveryDate ? ` (expected ${info.estimateDeliveryDate})` : ''}`);
        for (const e of events) io.out(`  ${e.time ?? ''}  ${e.description}${e.location ? `, ${e.location}` : ''}`);
      }
      return 0;
    });
  },
};
