import type { CliCommand } from '../command';
import { CliUsageError } from '../command';
import { stationOptionsUsage } from '../../shipping/headless';
import { v1BalanceCommand, v1CarriersCommand } from './account';
import { v1BuyCommand, v1RatesCommand, v1VoidCommand } from './labels';
import { v1OrdersCommand } from './orders';
import { v1ScanFormCommand } from './scanForm';
import { v1VerifyCommand } from './verify';

/** The legacy (v1) subcommands, in the order `parcel-station v1 --help` lists them. */
const subcommands: readonly CliCommand[] = [v1BalanceCommand, v1CarriersCommand, v1OrdersCommand, v1RatesCommand, v1BuyCommand, v1VoidCommand, v1VerifyCommand, v1ScanFormCommand];

const width = Math.max(...subcommands.map((c) => c.name.length));

/**
 * `parcel-station v1 <subcommand>`: the legacy v1 account through the
 * station's own v1 services (balance, label desk, purchase journal, SCAN forms),
 * with the v1 token (PARCEL_STATION_API_TOKEN, or the one kept in Settings).
 */
export const v1Command: CliCommand = {
  name: 'v1',
  summary: 'The legacy v1 account: balance, carriers, rates, buy, void, orders, verify, scan-form',
  usage: [
    'Usage: parcel-station v1 <subcommand> [options]',
    '',
    'The legacy (v1) account, with the v1 token (PARCEL_STATION_API_TOKEN with --legacy-base-url, else the one in Settings).',
    'Every subcommand takes --json (one JSON line on stdout) and the station options below.',
    '',
    'Subcommands:',
    ...subcommands.flatMap((c) => [`  ${c.name.padEnd(width)}  ${c.summary}`, ...c.usage.split('\n').map((line) => `  ${' '.repeat(width)}  ${line}`)]),
    '',
    'Options of every subcommand:',
    ...stationOptionsUsage,
  ].join('\n'),
  async run(argv, io) {
    const [name, ...rest] = argv;
    const sub = subcommands.find((c) => c.name === name);
    if (!sub) throw new CliUsageError(name === undefined ? 'Say which v1 subcommand to run.' : `There is no v1 subcommand "${name}".`);
    return sub.run(rest, io);
  },
};
