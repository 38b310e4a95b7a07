import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { StationFailure } from '../../../shared/contract/errors';
import { stationConfigOf, stationFlagsOf, stationOptionsOf } from '../../../electron/station/options';

const keys = { PARCEL_STATION_APP_KEY: 'SS_TEST_kiosk', PARCEL_STATION_APP_SECRET: 'kiosk-secret', PARCEL_STATION_API_TOKEN: 'v1-token' };

/** Where a refusal's words go: the operator reads them in the start-up dialog or on stderr. */
function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof StationFailure) return error.error.message;
    throw error;
  }
  throw new Error('not refused');
}

describe('the station options of the desktop (npm start → Electron main → station process)', () => {
  it('carries --base-url, --legacy-base-url and the data folder from Electron\'s command line to the station, with the keys from the environment', () => {
    // What `npm start -- ...` gives Electron's main process: the app folder and Chromium's own switches among ours.
    const mainArgv = ['.', '--no-sandbox', '--base-url', 'http://127.0.0.1:4010', '--enable-logging', '--legacy-base-url', 'http://127.0.0.1:4011', '--data-dir', 'kiosk'];
    const main = stationOptionsOf(mainArgv);
    expect(main).toEqual({ 'base-url': 'http://127.0.0.1:4010', 'legacy-base-url': 'http://127.0.0.1:4011', 'data-dir': 'kiosk' });

    // The shell forks the station process with the data folder first, then the rest as given.
    const childArgv = ['--data-dir', path.resolve('kiosk'), ...stationFlagsOf({ ...main, 'data-dir': undefined })];
    expect(childArgv).toEqual(['--data-dir', path.resolve('kiosk'), '--base-url', 'http://127.0.0.1:4010', '--legacy-base-url', 'http://127.0.0.1:4011']);
    expect(stationConfigOf(stationOptionsOf(childArgv), keys)).toEqual({
      dataDir: path.resolve('kiosk'),
      override: { baseUrl: 'http://127.0.0.1:4010', legacyBaseUrl: 'http://127.0.0.1:4011', appKey: 'SS_TEST_kiosk', appSecret: 'kiosk-secret', apiToken: 'v1-token' },
    });
  });

  it('without service flags, the station uses its configured backend and the keychain; warehouse and wire capture come along', () => {
    const values = stationOptionsOf(['.', '--warehouse', 'postgres://bench@db:5432/shipping', '--bench', 'Dock 2', '--capture-wire', 'wire']);
    const config = stationConfigOf(stationOptionsOf(['--data-dir', '/srv/station', ...stationFlagsOf(values)]), {});
    expect(config).toEqual({ dataDir: path.resolve('/srv/station'), warehouse: { url: 'postgres://bench@db:5432/shipping', bench: 'Dock 2' }, captureWire: 'wire' });
    expect(config).not.toHaveProperty('override');
  });

  it('--auto-buy reaches the desktop\'s station process as the cap it saves, and a cap that is not dollars is refused in words', () => {
    const values = stationOptionsOf(['.', '--auto-buy', '50']);
    expect(stationFlagsOf(values)).toEqual(['--auto-buy', '50']);
    expect(stationConfigOf(stationOptionsOf(['--data-dir', '/srv/station', ...stationFlagsOf(values)]), {})).toEqual({ dataDir: path.resolve('/srv/station'), autoBuyUsd: 50 });
    expect(stationConfigOf({ 'auto-buy': '0' }, {})).toMatchObject({ autoBuyUsd: 0 });
    expect(refusal(() => stationConfigOf({ 'auto-buy': 'lots' }, {}))).toMatch(/^--auto-buy takes the most to pay for one label in dollars/);
  });

  it('leaves out a flag given without its value, and refuses in words a service without keys, half of the addresses, or an address with a password', () => {
    expect(stationOptionsOf(['.', '--base-url'])).toEqual({});
    const urls = { 'base-url': 'http://127.0.0.1:4010', 'legacy-base-url': 'http://127.0.0.1:4011' };
    expect(refusal(() => stationConfigOf(urls, { PARCEL_STATION_APP_KEY: 'SS_TEST_kiosk' }))).toBe(
      'With --base-url, set the keys in the environment: PARCEL_STATION_APP_KEY and PARCEL_STATION_APP_SECRET (and PARCEL_STATION_API_TOKEN for the v1 views).',
    );
    expect(refusal(() => stationConfigOf({ 'base-url': urls['base-url'] }, keys))).toBe('Give both --base-url and --legacy-base-url to point the station at another service.');
    expect(refusal(() => stationConfigOf({ ...urls, 'base-url': 'http://kiosk:secret@127.0.0.1:4010' }, keys))).toBe(
      '--base-url must not carry a user name or password; give the keys in the environment instead.',
    );
  });
});
