import type { CliCommand } from '../command';
import { commandGroup } from '../group';
import { v1BalanceCommand, v1CarriersCommand } from './account';
import { v1BuyCommand, v1RatesCommand, v1VoidCommand } from './labels';
import { v1OrdersCommand } from './orders';
import { v1ScanFormCommand } from './scanForm';
import { v1VerifyCommand } from './verify';

/** The legacy (v1) subcommands, in the order `parcel-station v1 --help` lists them. */
const subcommands: readonly CliCommand[] = [v1BalanceCommand, v1CarriersCommand, v1OrdersCommand, v1RatesCommand, v1BuyCommand, v1VoidCommand, v1VerifyCommand, v1ScanFormCommand];

/**
 * `parcel-station v1 <subcommand>`: the legacy v1 account through the
 * station's own v1 services (balance, label desk, purchase journal, SCAN forms),
 * with the v1 token (PARCEL_STATION_API_TOKEN, or the one kept in Settings).
 */
export const v1Command: CliCommand = commandGroup(
  'v1',
  'The legacy v1 account: balance, carriers, rates, buy, void, orders, verify, scan-form',
  ['The legacy (v1) account, with the v1 token (PARCEL_STATION_API_TOKEN with --legacy-base-url, else the one in Settings).'],
  subcommands,
);
