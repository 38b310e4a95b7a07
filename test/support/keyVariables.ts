import type { RunningSandbox } from '../../electron/sandbox';

/** The environment variables a station reads its service keys from when no keychain holds them. */
export const keyVariables = ['PARCEL_STATION_APP_KEY', 'PARCEL_STATION_APP_SECRET', 'PARCEL_STATION_API_TOKEN'] as const;

/** The sandbox's keys under the key variables, for a station started as its own process or a CLI run in this one. */
export function sandboxKeys(sandbox: RunningSandbox): Record<(typeof keyVariables)[number], string> {
  return {
    PARCEL_STATION_APP_KEY: sandbox.credentials.appKey,
    PARCEL_STATION_APP_SECRET: sandbox.credentials.appSecret,
    PARCEL_STATION_API_TOKEN: sandbox.credentials.apiToken,
  };
}
