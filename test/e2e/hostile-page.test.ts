import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBench } from './fixture';
import { buyForOrder, isUsps } from './helpers';

/**
 * Another local web page, on another port of 127.0.0.1 (ports are not sites:
 * it shares the station's cookies), tries to make the station act. It must
 * not void a label by opening a route, nor lock the station out by tossing a
 * cookie.
 */
describe('a hostile page on another port', () => {
  const bench = useBench();
  let hostile: http.Server;
  let hostileOrigin = '';

  beforeAll(async () => {
    hostile = http.createServer((request, response) => {
      const target = new URL(request.url ?? '/', 'http://x').searchParams.get('open') ?? '';
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><title>Coupons</title>
<script>
  document.cookie = 'parcel_station_${bench().host.port}=junk; path=/';
  document.cookie = 'key=junk; path=/';
  ${target ? `location.href = ${JSON.stringify(target)};` : ''}
</script>`);
    });
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', () => resolve()));
    hostileOrigin = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => hostile.close(() => resolve())));

  it('cannot open the station with a void route: its navigation is refused though it carries the cookie, and two Enters void nothing', async () => {
    const shipment = await buyForOrder(bench(), 'DEMO-1003', isUsps);
    // In the station page's own browser context, so the navigation carries the station's cookie (same site).
    const tab = await bench().page.context().newPage();
    try {
      const route = `${bench().host.origin}/#/void?${shipment.trackingNo ?? ''}`;
      await tab.goto(`${hostileOrigin}/?open=${encodeURIComponent(route)}`);
      await tab.waitForURL(`${bench().host.origin}/**`);
      await tab.getByText('Open the station with the address').waitFor();
      await tab.keyboard.press('Enter');
      await tab.keyboard.press('Enter');
    } finally {
      await tab.close();
    }
    await expect(bench().call('shipments.find', { ref: shipment.platformUkId })).resolves.toMatchObject({ state: 'bought' });
  });

  it('a void route opened in the station itself fills the form and shows the label; scanner Enters never void, two deliberate keys do', async () => {
    const shipment = await buyForOrder(bench(), 'DEMO-1008', isUsps);
    const { page, host } = bench();
    const tracking = shipment.trackingNo ?? '';
    await page.goto(`${host.origin}/#/void?${tracking}`);
    await page.getByLabel('Station status').getByText('Connected', { exact: true }).waitFor();
    const voidScreen = page.getByRole('region', { name: 'Void' });
    await voidScreen.getByRole('button', { name: /Void this label/ }).waitFor();
    await expect(voidScreen.getByRole('textbox', { name: /Tracking number/ }).inputValue()).resolves.toBe(tracking);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await voidScreen.getByRole('button', { name: /Void this label/ }).waitFor();
    await expect(bench().call('shipments.find', { ref: tracking })).resolves.toMatchObject({ state: 'bought' });

    await page.keyboard.press('Alt+V');
    const confirm = voidScreen.getByRole('group', { name: 'Confirm void' });
    await confirm.waitFor();
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached' });
    await expect(bench().call('shipments.find', { ref: tracking })).resolves.toMatchObject({ state: 'bought' });
    await page.keyboard.press('Alt+V');
    await confirm.waitFor();
    await page.keyboard.press('Alt+Y');
    await voidScreen.getByRole('status').getByText(/Voided/).waitFor();
    await expect(bench().call('shipments.find', { ref: tracking })).resolves.toMatchObject({ state: 'voided' });
  });

  it('a cookie tossed by another page does not lock the station out after a reload', async () => {
    const { page, host } = bench();
    await page.goto(`${host.origin}/#/history`);
    await page.getByLabel('Station status').getByText('Connected', { exact: true }).waitFor();
    const other = await page.context().newPage();
    await other.goto(hostileOrigin);
    await other.close();
    await page.reload();
    await page.getByLabel('Station status').getByText('Connected', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'History' }).waitFor();
  });
});
