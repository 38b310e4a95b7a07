import { describe, expect, it } from 'vitest';
import { shipFrom, useBench } from './fixture';
import { internationalCsv as csv, scannerTypes } from './helpers';

describe('International: CSV to printed label and customs form', () => {
  const bench = useBench();

  async function shipOrder(order: string): Promise<void> {
    const { page } = bench();
    await page.getByRole('textbox', { name: 'Scan' }).fill(order);
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Ship to' }).getByText(`order ${order}`).waitFor();
    const table = page.getByRole('table', { name: 'Rates' });
    await table.locator('tbody tr[aria-selected="true"]').waitFor();
    const services = await table.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(services.every((s) => /International|Worldwide|Standard/.test(s)), services.join(', ')).toBe(true);
    await page.getByRole('textbox', { name: 'Scan' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status', { name: 'Label bought' }).waitFor();
    await page.getByRole('list', { name: 'Purchase progress' }).locator('li.done', { hasText: 'Printed' }).waitFor();
  }

  it('ships a two-item UK order and a Canadian gift from CSV, each printed as label then customs form', async () => {
    const f = bench();
    await f.call('settings.shipping.set', { shipFrom: { ...shipFrom, phone: '415-555-0100' } });
    const report = await f.call('orders.importCsv', { csv });
    expect(report.refused).toEqual([{ line: 5, message: "Enter the recipient's phone number: carriers need it on shipments that leave the country" }]);
    for (const order of ['UK-2001', 'CA-2002']) {
      await shipOrder(order);
      const history = await f.call('history.search', { query: order, limit: 5 });
      const shipment = history.shipments[0];
      expect(shipment).toMatchObject({ state: 'bought', labelCount: 1, customsFormCount: 1 });
      const jobs = (await f.call('printJobs.list', { limit: 20 })).filter((j) => j.title.includes(shipment?.trackingNo ?? '?'));
      // Newest first: the customs form was queued after the label, on the same printer.
      expect(jobs.map((j) => j.title)).toEqual([expect.stringMatching(/^Customs form 1 /), expect.not.stringMatching(/Customs/)]);
      expect(new Set(jobs.map((j) => j.printerId)).size).toBe(1);
      await expect.poll(async () => (await f.call('printJobs.list', { limit: 20 })).filter((j) => jobs.some((k) => k.id === j.id) && j.status === 'done').length, { timeout: 30_000 }).toBe(2);
    }
    await f.screenshot('international-bought');
  });

  it('says in words why an international package cannot be rated', async () => {
    const f = bench();
    const { page } = f;
    await f.call('orders.importCsv', { csv });
    // The ship-from has no phone yet: the station refuses before asking the service.
    await page.getByRole('textbox', { name: 'Scan' }).fill('UK-2001');
    await page.keyboard.press('Enter');
    await page.getByText('Ship-from address: Enter the ship-from phone number: carriers need it on shipments that leave the country. Fix it in Settings.').first().waitFor();
  });

  it('edits the customs declaration with keys: a line over $2,500 without an ITN is refused in words, an ITN rates and buys', async () => {
    const f = bench();
    const { page } = f;
    await f.call('settings.shipping.set', { shipFrom: { ...shipFrom, phone: '415-555-0100' } });
    await f.call('orders.importCsv', { csv });
    await page.getByRole('textbox', { name: 'Scan' }).fill('UK-2001');
    await page.keyboard.press('Enter');
    const customs = page.getByRole('region', { name: 'Customs' });
    await customs.getByText('Merchandise · 2 items · $119.50').waitFor();
    await page.getByRole('table', { name: 'Rates' }).locator('tbody tr[aria-selected="true"]').waitFor();

    await page.keyboard.press('Alt+D');
    const value = page.getByRole('textbox', { name: 'Item 1 value in dollars, each' });
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('customs.items.0.description');
    // Alt+N adds a line with the cursor in it; Alt+M removes the line the cursor is in.
    await page.keyboard.press('Alt+N');
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('customs.items.2.description');
    await page.keyboard.press('Alt+M');
    await expect.poll(() => page.getByRole('table', { name: 'Customs items' }).locator('tbody tr').count()).toBe(2);

    // An HS code typed at scanner speed with Tab stays in its field: it is not taken for an order scan, and the package stays.
    const hs = page.getByRole('textbox', { name: /Item 1 HS code/ });
    await hs.focus();
    await hs.fill('');
    await scannerTypes(page, '490199', 'Tab');
    await expect(hs.inputValue()).resolves.toBe('490199');
    await expect(page.getByRole('region', { name: 'Ship to' }).getByText('order UK-2001').count()).resolves.toBe(1);
    await hs.fill('611710');

    await value.fill('1300');
    await value.press('Enter');
    const words = 'HS 611710 (Wool scarf) is worth $2,600.00, over $2,500.00: file the export in AES and enter its ITN';
    await customs.getByRole('alert', { name: 'Customs problems' }).getByText(words).waitFor();
    expect(await value.getAttribute('aria-invalid')).toBe('false');
    expect(await page.getByRole('textbox', { name: 'AES ITN (over $2,500 per HS line)' }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('button', { name: /Buy and print/ }).isDisabled()).toBe(true);
    await f.screenshot('international-customs-itn-needed');

    const itn = page.getByRole('textbox', { name: 'AES ITN (over $2,500 per HS line)' });
    await itn.fill('X20250627012345');
    await itn.press('Enter');
    await customs.getByText('Merchandise · 2 items · $2,649.50 · return to sender · ITN X20250627012345').waitFor();
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('scan');
    await page.getByRole('table', { name: 'Rates' }).locator('tbody tr[aria-selected="true"]').waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('status', { name: 'Label bought' }).waitFor();
    const shipment = (await f.call('history.search', { query: 'UK-2001', limit: 5 })).shipments[0];
    expect(shipment).toMatchObject({ state: 'bought', customsFormCount: 1 });
    const jobs = (await f.call('printJobs.list', { limit: 20 })).filter((j) => j.title.includes(shipment?.trackingNo ?? '?'));
    expect(jobs.map((j) => j.title)).toEqual([expect.stringMatching(/^Customs form 1 /), expect.not.stringMatching(/Customs/)]);

    // History reprints the form with a key and offers it as the file the service sent.
    await page.keyboard.press('Alt+9');
    await page.getByRole('searchbox', { name: 'Search' }).fill(shipment?.trackingNo ?? '');
    await page.getByRole('table', { name: 'Shipments' }).getByRole('row').filter({ hasText: shipment?.trackingNo ?? '?' }).click();
    const detail = page.getByRole('region', { name: 'Shipment detail' });
    const save = detail.getByRole('link', { name: 'Save customs form (PNG)' });
    await save.waitFor();
    expect(await save.getAttribute('download')).toBe(`customs-${shipment?.trackingNo ?? ''}-1.png`);
    await page.keyboard.press('Alt+F');
    await detail.getByText('Customs form sent to the printer.').waitFor();
    expect((await f.call('printJobs.list', { limit: 1 }))[0]?.title).toMatch(/^Customs form Reprint /);
  });

  it('Batch holds an international order without a declaration in words, and buys and prints the form of one with it', async () => {
    const f = bench();
    const { page } = f;
    await f.call('settings.shipping.set', { shipFrom: { ...shipFrom, phone: '415-555-0100' } });
    await f.call('orders.importCsv', {
      csv: [csv.split('\n')[0], ...csv.split('\n').slice(1, 3), 'FR-2005,Léa Martin,5 Rue de Rivoli,Paris,,75001,FR,+33 1 42 60 00 00,16,8,6,4,,,,,,,,'].join('\n'),
    });
    await page.keyboard.press('Alt+2');
    const scan = page.getByRole('textbox', { name: 'Scan' });
    const table = page.getByRole('table', { name: 'Batch packages' });
    const row = (order: string) => table.getByRole('row').filter({ hasText: order });
    await scan.fill('UK-2001');
    await scan.press('Enter');
    await row('UK-2001').getByRole('combobox').waitFor();
    await scan.fill('FR-2005');
    await scan.press('Enter');
    await row('FR-2005').getByText('This package leaves the country: declare its contents for customs', { exact: false }).first().waitFor();
    await page.getByRole('status', { name: 'Batch total' }).getByText(/^1 ready to buy/).waitFor();
    await page.keyboard.press('Alt+p');
    await page.getByRole('status', { name: 'Batch progress' }).getByText(/Finished: 1 bought/).waitFor({ timeout: 60_000 });
    const shipment = (await f.call('history.search', { query: 'UK-2001', limit: 5 })).shipments[0];
    expect(shipment).toMatchObject({ state: 'bought', customsFormCount: 1 });
    expect((await f.call('history.search', { query: 'FR-2005', limit: 5 })).shipments).toEqual([]);
    const jobs = (await f.call('printJobs.list', { limit: 20 })).filter((j) => j.title.includes(shipment?.trackingNo ?? '?'));
    expect(jobs.map((j) => j.title)).toEqual([expect.stringMatching(/^Customs form 1 /), expect.not.stringMatching(/Customs/)]);
  });
});
