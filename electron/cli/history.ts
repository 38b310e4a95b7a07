import { parseArgs } from 'node:util';
import type { Shipment } from '../../shared/contract/shippingTypes';
import { formatMoney, toCents } from '../../shared/domain/money';
import { serviceCodeWords, statusWords } from '../../shared/domain/operatorWords';
import { stationOptions, stationOptionsUsage, withHeadlessStation } from './headless';
import type { CliCommand } from './command';

const line = (s: Shipment): string =>
  [
    (s.boughtAt ?? s.createdAt).slice(0, 16).replace('T', ' '),
    // The operator's word for the state (Bought, Voided), as every screen shows it.
    statusWords(s.state).padEnd(7),
    (s.trackingNo ?? '-').padEnd(24),
    (s.orderNumber ?? '-').padEnd(14),
    (s.recipientName ?? '-').padEnd(22),
    (s.serviceName ?? (s.serviceLevel ? serviceCodeWords(s.serviceLevel) : '-')).padEnd(28),
    s.cost === null ? '' : formatMoney(toCents(s.cost), s.currency ?? 'USD'),
  ].join('  ');

export const historyCommand: CliCommand = {
  name: 'history',
  summary: 'Search shipments by tracking number, platform_uk_id, order number or recipient name',
  usage: ['Usage: parcel-station history [QUERY] [--json] [--limit N] [options]', '', '  --json      one JSON array of shipments', ...stationOptionsUsage].join('\n'),
  async run(argv, io) {
    const { values, positionals } = parseArgs({
      args: [...argv],
      options: { ...stationOptions, json: { type: 'boolean', default: false }, limit: { type: 'string', default: '50' } },
      allowPositionals: true,
      strict: true,
    });
    return withHeadlessStation(values, async (headless) => {
      const { shipments } = await headless.call('history.search', { query: positionals.join(' '), limit: Math.min(200, Math.max(1, Number(values.limit) || 50)) });
      if (values.json) io.out(JSON.stringify(shipments));
      else if (shipments.length === 0) io.out('No shipments match.');
      else for (const s of shipments) io.out(line(s));
      return 0;
    });
  },
};
