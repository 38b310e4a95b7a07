import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { damageAnIndex } from '../support/damage';
import { makeTempDir } from '../support/tempDir';
import { launchChromium, openStation, prepareBench } from './fixture';
import { buyForOrder, isUsps } from './helpers';

const printedFiles = (dataDir: string): number => {
  const folder = path.join(dataDir, 'virtual-printer');
  return fs.existsSync(folder) ? fs.readdirSync(folder).length : 0;
};

/** Issue 11 item 4: a damaged database opens for reprints only, and the page says so before anyone presses Buy. */
describe('a station on a damaged database, in Chromium', () => {
  let browser: Browser;
  const cleanups: Array<() => unknown> = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('shows the station\'s words across the app, draws Buy, Void and Schedule switched off, and still reprints from History', async () => {
    const temp = makeTempDir('parcel-station-e2e-');
    cleanups.push(temp.cleanup);
    const healthy = await openStation({ dataDir: temp.dir, browser });
    await prepareBench(healthy);
    const shipment = await buyForOrder(healthy, 'DEMO-1009', isUsps);
    await healthy.close();
    damageAnIndex(path.join(temp.dir, 'station.sqlite'), 'shipments');

    const f = await openStation({ dataDir: temp.dir, browser });
    cleanups.push(() => f.close());
    const { page } = f;
    const banner = page.getByRole('status', { name: 'Reprints only' });
    await banner.waitFor();
    const words = (await f.call('station.info', {})).readOnly ?? '';
    expect(words).toMatch(/^The station's database is damaged, so the station is open for reprints only/);
    await expect(banner.textContent()).resolves.toContain(words);
    await expect(banner.textContent()).resolves.toMatch(/History \(Alt\+9\) finds every stored label and reprints it \(Alt\+R\)/);
    await expect(page.getByRole('contentinfo', { name: 'Station status' }).getByLabel('Database').textContent()).resolves.toContain('reprints only');
    await f.screenshot('damaged-database-banner');

    // Ship: Buy is drawn off; Returns' Buy, enabled on a healthy station before anything is typed, is off too.
    await expect(page.getByRole('button', { name: /^Buy and print/ }).isDisabled()).resolves.toBe(true);
    await page.keyboard.press('Alt+4');
    await expect(page.getByRole('button', { name: /^Buy return label/ }).isDisabled()).resolves.toBe(true);
    await page.keyboard.press('Alt+5');
    await expect(page.getByRole('button', { name: /^Schedule pickup/ }).isDisabled()).resolves.toBe(true);
    await expect(banner.isVisible()).resolves.toBe(true);

    await page.keyboard.press('Alt+9');
    await page.getByRole('searchbox', { name: 'Search' }).fill(shipment.trackingNo ?? '');
    const detail = page.getByRole('region', { name: 'Shipment detail' });
    await detail.getByRole('img', { name: 'Label preview' }).waitFor();
    await expect(detail.getByRole('button', { name: /^Void/ }).isDisabled()).resolves.toBe(true);
    const before = printedFiles(temp.dir);
    const jobsBefore = (await f.call('printJobs.list', { limit: 50 })).map((job) => job.id);
    await page.keyboard.press('Alt+r');
    await detail.getByRole('status').getByText('Label sent to the printer.').waitFor();
    await expect
      .poll(async () => (await f.call('printJobs.list', { limit: 50 })).filter((job) => !jobsBefore.includes(job.id)).map((job) => job.status))
      .toEqual(['done']);
    expect(printedFiles(temp.dir)).toBeGreaterThan(before);
  });
});
