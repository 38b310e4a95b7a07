import { chromium, type Browser } from 'playwright-core';

/**
 * The one place tests and benchmarks learn where Chromium is: the
 * PARCEL_STATION_CHROMIUM variable, else Debian's package. Playwright's own
 * browser download is never used (these machines cannot fetch it).
 */
export const chromiumPath = (): string => process.env.PARCEL_STATION_CHROMIUM || '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
}
