import pkg from '../../package.json';

export const STATION_NAME = pkg.productName;
export const STATION_VERSION = pkg.version;
