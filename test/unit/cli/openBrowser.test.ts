import { describe, expect, it } from 'vitest';
import { browserEnvironment, openerCommand } from '../../../electron/cli/openBrowser';
import { keyVariables } from '../../support/keyVariables';

describe('opening the station in the operator\'s browser', () => {
  const url = 'http://127.0.0.1:4000/?code=abc';

  it('hands each OS opener the one-time address and nothing else', () => {
    expect(openerCommand(url, 'linux')).toEqual(['xdg-open', [url]]);
    expect(openerCommand(url, 'darwin')).toEqual(['open', [url]]);
    expect(openerCommand(url, 'win32')).toEqual(['cmd', ['/c', 'start', '', url]]);
  });

  it('gives the browser an environment without the station\'s secrets, and keeps what a desktop browser needs', () => {
    const env = {
      ...Object.fromEntries(keyVariables.map((name) => [name, 'secret'])),
      PARCEL_STATION_WAREHOUSE_URL: 'postgres://bench:pw@db/ship',
      PARCEL_STATION_BENCH: 'A',
      PGPASSWORD: 'pw',
      PATH: '/usr/bin',
      DISPLAY: ':0',
      HOME: '/home/ann',
    };
    expect(browserEnvironment(env)).toEqual({ PATH: '/usr/bin', DISPLAY: ':0', HOME: '/home/ann' });
  });
});
