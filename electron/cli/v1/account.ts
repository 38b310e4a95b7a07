import { parseArgs } from 'node:util';
import { stationOptions, withHeadlessStation } from '../headless';
import type { CliCommand } from '../command';

const options = { ...stationOptions, json: { type: 'boolean', default: false } } as const;

export const v1BalanceCommand: CliCommand = {
  name: 'balance',
  summary: 'The v1 account balance',
  usage: 'parcel-station v1 balance [--json]   → {"balance": number, "currency": "USD"}',
  async run(argv, io) {
    const { values } = parseArgs({ args: [...argv], options, strict: true });
    return withHeadlessStation(values, async (headless) => {
      const b = await headless.call('account.balance', {});
      io.out(values.json ? JSON.stringify({ balance: b.balance, currency: b.currency }) : `Balance: ${b.balance.toFixed(2)} ${b.currency}`);
      return 0;
    });
  },
};

export const v1CarriersCommand: CliCommand = {
  name: 'carriers',
  summary: 'The carrier accounts of the v1 key',
  usage: 'parcel-station v1 carriers [--json]   → {"carriers": [{"name", "carrier", "account"}]} (account: the token, shortened)',
  async run(argv, io) {
    const { values } = parseArgs({ args: [...argv], options, strict: true });
    return withHeadlessStation(values, async (headless) => {
      const accounts = await headless.call('account.carrierAccounts', {});
      if (values.json) io.out(JSON.stringify({ carriers: accounts.map((a) => ({ name: a.name, carrier: a.carrier, account: a.tokenHint })) }));
      else if (accounts.length === 0) io.out('The v1 key has no carrier accounts.');
      else for (const a of accounts) io.out(`${a.carrier.padEnd(10)} ${a.name}  (${a.tokenHint})`);
      return 0;
    });
  },
};
