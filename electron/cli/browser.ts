import { parseArgs } from 'node:util';
import { fail } from '../../shared/contract/errors';
import { startBrowserHost } from '../browser/host';
import { rendererDir } from '../core/paths';
import { describeHolder, hostStation } from '../station/host';
import { benchOptions, stationConfigOf, stationOptions, stationOptionsUsage } from '../station/options';
import { refuseOptionsForHolder } from '../station/reach';
import { CliUsageError, type CliCommand } from './command';
import { askPageUrl, openInBrowser } from './openBrowser';
import { waitForShutdown } from './shutdown';

export const browserCommand: CliCommand = {
  name: 'browser',
  summary: 'Run the station in a web browser on this machine (loopback only)',
  usage: [
    'Usage: parcel-station browser [--port N] [--no-open] [options]',
    '',
    'Starts the station and serves its screens on 127.0.0.1. Prints one JSON line',
    '{"url": "..."}: that address opens the station once, within a minute (the browser then',
    'holds a cookie only it can use); anyone else is refused. Run `browser` again for a fresh one.',
    'When a browser-mode station already runs on the data folder, prints its address',
    '(a fresh one, with "running": true) and opens it instead of starting a second one.',
    'With --base-url and --legacy-base-url the station uses that service with the keys from the',
    'environment, not the keychain (a training room, a kiosk).',
    '',
    '  --port N                  port to listen on; 0 (default) picks a free one',
    '  --no-open                 do not open the default web browser',
    '  --auto-buy MAX_USD        zero-key scan to print: buy without a key up to this price (saved as this',
    '                            bench\'s setting; 0 turns it off; see Settings, Auto-buy)',
    ...stationOptionsUsage,
  ].join('\n'),
  async run(argv, io) {
    const { values } = parseArgs({
      args: [...argv],
      options: { ...stationOptions, ...benchOptions, port: { type: 'string', default: '0' }, 'no-open': { type: 'boolean', default: false } },
      strict: true,
    });
    const port = Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new CliUsageError(`--port must be a whole number from 0 to 65535, not "${values.port}".`);
    const config = stationConfigOf(values);
    const { dataDir } = config;
    const outcome = await hostStation({ ...config, kind: 'browser' });
    if ('heldBy' in outcome) {
      const holder = outcome.heldBy;
      if (holder) refuseOptionsForHolder(config, holder);
      const url = holder?.browserOrigin ? await askPageUrl(holder.browserOrigin, holder.key) : null;
      if (!url) fail('conflict', `${describeHolder(dataDir, holder)} Use that one, or close it first; two stations never open one folder.`);
      io.out(JSON.stringify({ url, running: true }));
      if (!values['no-open']) openInBrowser(url);
      return 0;
    }
    const { hosted } = outcome;
    const { station } = hosted;
    // A host that cannot start must still close the station, or its open sandbox keeps the process alive.
    try {
      const host = await startBrowserHost({ station, staticDir: rendererDir(), log: station.log, port, codeKey: hosted.endpoint.info.key }).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
          fail('conflict', `Port ${port} on 127.0.0.1 is already in use. Choose another with --port N, or --port 0 for any free port.`);
        }
        throw error;
      });
      try {
        hosted.endpoint.announce({ browserOrigin: host.origin });
        const url = host.pageUrl();
        io.out(JSON.stringify({ url }));
        if (!values['no-open']) openInBrowser(url);
        await waitForShutdown();
      } finally {
        await host.close();
      }
    } finally {
      await hosted.close();
    }
    return 0;
  },
};
