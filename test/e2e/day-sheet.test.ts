import { describe, expect, it } from 'vitest';
import { toCents } from '../../shared/domain/money';
import { serviceCodeWords } from '../../shared/domain/operatorWords';
import { useBench } from './fixture';
import { buyForOrder, isUsps } from './helpers';

describe("End of day: the day's sheet", () => {
  const bench = useBench();

  it("sums today's labels by carrier and service with voids, pickups and benches apart, and prints on one page alone", async () => {
    const f = bench();
    const kept = await buyForOrder(f, 'DEMO-1003', isUsps);
    const other = await buyForOrder(f, 'DEMO-1004', isUsps);
    const voided = await buyForOrder(f, 'DEMO-1005');
    await f.call('labels.void', { ref: voided.platformUkId });
    await f.call('pickups.schedule', { trackingNos: [kept.trackingNo ?? ''], packageLocation: ['front_door'] });
    const { page } = f;
    await page.keyboard.press('Alt+8');
    const sheet = page.getByRole('region', { name: 'Day sheet' });
    const postage = toCents(kept.cost ?? 0) + toCents(other.cost ?? 0);
    const dollars = `$${(postage / 100).toFixed(2)}`;
    await sheet.getByLabel('Day totals').getByText(`2 labels, ${dollars} postage. 1 label voided`, { exact: false }).waitFor();
    await sheet.getByLabel('Day totals').getByText('1 pickup booked.', { exact: false }).waitFor();
    const services = await sheet.getByRole('table', { name: 'Labels by carrier and service' }).locator('tbody tr').allTextContents();
    // Service codes reach the operator as words: UPS_GROUND reads "UPS Ground".
    expect(services.some((row) => row.includes(serviceCodeWords(kept.serviceLevel)))).toBe(true);
    expect(services.some((row) => row.includes(kept.serviceLevel ?? '?'))).toBe(false);
    const benches = await sheet.getByRole('table', { name: 'Packages per bench' }).locator('tbody tr').allTextContents();
    expect(benches).toEqual([`this bench2${dollars}`]);
    await sheet.getByRole('table', { name: 'Pickups booked' }).getByText('Confirmed', { exact: true }).waitFor();
    await sheet.getByRole('button', { name: /Print the day's sheet/ }).waitFor();

    // What the print dialog prints or saves as PDF: the sheet alone, on one page.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: 'Screens' }).isVisible()).resolves.toBe(false);
    await expect(page.getByRole('heading', { name: 'SCAN form (USPS PS 5630)' }).isVisible()).resolves.toBe(false);
    await expect(sheet.getByRole('button', { name: /Print the day's sheet/ }).isVisible()).resolves.toBe(false);
    await expect(sheet.getByLabel('Day totals').isVisible()).resolves.toBe(true);
    await expect(sheet.getByRole('table', { name: 'Packages per bench' }).isVisible()).resolves.toBe(true);
    await f.screenshot('day-sheet-print');
    const pdf = await page.pdf({ format: 'Letter' });
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
  });
});
