import { parseArgs } from 'node:util';
import { formatChecks, runChecks } from './checks/check';
import { dataDirCheck, runtimeCheck } from './checks/runtimeChecks';
import { backendChecks, deviceChecks } from './checks/stationChecks';
import { resolveDataDir } from '../core/paths';
import { reachStation } from '../station/reach';
import type { CliCommand } from './command';

export const doctorCommand: CliCommand = {
  name: 'doctor',
  summary: 'Check this bench: native modules, data folder, keychain, service, printers and scales',
  usage: [
    'Usage: parcel-station doctor [--data-dir DIR] [--json]',
    '',
    'Runs every check and prints one line each (ok, warn or FAIL) with what to do.',
    'Exit code 1 when any check failed. --json prints the results as one JSON array.',
  ].join('\n'),
  async run(argv, io) {
    const { values } = parseArgs({ args: [...argv], options: { 'data-dir': { type: 'string' }, json: { type: 'boolean', default: false } }, strict: true });
    const dataDir = resolveDataDir(values['data-dir']);
    const results = await runChecks([runtimeCheck]);
    if (!results.some((r) => r.status === 'fail')) {
      const station = await reachStation({ dataDir });
      try {
        results.push(...(await runChecks([dataDirCheck(dataDir, station.remote), backendChecks(station), deviceChecks(station)])));
      } finally {
        await station.close();
      }
    }
    io.out(values.json ? JSON.stringify(results) : formatChecks(results));
    return results.some((r) => r.status === 'fail') ? 1 : 0;
  },
};
