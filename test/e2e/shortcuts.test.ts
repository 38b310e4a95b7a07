import { describe, expect, it } from 'vitest';
import { useBench } from './fixture';
import { buyForOrder, isUsps } from './helpers';

const screenKeys = ['Alt+1', 'Alt+2', 'Alt+3', 'Alt+4', 'Alt+5', 'Alt+6', 'Alt+7', 'Alt+8', 'Alt+9', 'Alt+0', 'Alt+s'];

/** Every action has a key, and the key shown on a button is the one that works. */
describe('keys on every screen', () => {
  const bench = useBench();

  it("shows a key on each screen's main actions", async () => {
    const { page } = bench();
    for (const key of screenKeys) {
      await page.keyboard.press(key);
      await page.locator('main section.screen').first().waitFor();
      const missing = await page
        .locator('main button.big, main button.primary')
        .evaluateAll((buttons) => buttons.filter((b) => b.getClientRects().length > 0 && !b.querySelector('kbd')).map((b) => b.textContent?.trim()));
      expect({ key, missing }).toEqual({ key, missing: [] });
    }
  });

  it('Account: each main button shows its own key, none shared, and Alt+G asks the label desk for rates', async () => {
    const { page } = bench();
    await page.keyboard.press('Alt+0');
    const account = page.getByRole('region', { name: 'Account' });
    const keyOf = async (name: string): Promise<[string | null, string | null]> => {
      const button = account.getByRole('button', { name, exact: true });
      return [await button.getAttribute('aria-keyshortcuts'), await button.locator('kbd').textContent()];
    };
    const names = ['Create order', 'Get v1 rates', 'Buy direct', 'Void label', 'Verify address', 'Create SCAN form'];
    const keys = await Promise.all(names.map(keyOf));
    for (const [index, [declared, shown]] of keys.entries()) expect({ name: names[index], declared }).toEqual({ name: names[index], declared: shown });
    const everyKey = await page
      .locator('[aria-keyshortcuts]')
      .evaluateAll((elements) => elements.filter((e) => e.getClientRects().length > 0).flatMap((e) => (e.getAttribute('aria-keyshortcuts') ?? '').split(' ')));
    expect(everyKey.length).toBeGreaterThanOrEqual(names.length);
    expect(new Set(everyKey).size).toBe(everyKey.length);

    // An empty desk: the rates request is refused in words, which shows Alt+G pressed the button.
    const desk = page.getByRole('region', { name: 'Label desk' });
    await expect(desk.getByRole('alert').count()).resolves.toBe(0);
    await page.keyboard.press('Alt+g');
    await desk.getByRole('alert').first().waitFor();
  });

  it('History: a scanned tracking number opens its label; Alt+R reprints it and Alt+V goes to Void with it', async () => {
    const shipment = await buyForOrder(bench(), 'DEMO-1009', isUsps);
    const { page } = bench();
    await page.keyboard.press('Alt+9');
    await page.getByRole('searchbox', { name: 'Search' }).fill(shipment.trackingNo ?? '');
    await page.getByRole('img', { name: 'Label preview' }).waitFor();
    const jobs = (await bench().call('printJobs.list', { limit: 50 })).length;
    await page.keyboard.press('Alt+r');
    await expect.poll(async () => (await bench().call('printJobs.list', { limit: 50 })).length).toBe(jobs + 1);
    await page.keyboard.press('Alt+v');
    const voidScreen = page.getByRole('region', { name: 'Void' });
    await voidScreen.getByRole('button', { name: /Void this label/ }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('History: Alt+T shows the label\'s tracking timeline at once', async () => {
    const shipment = await buyForOrder(bench(), 'DEMO-1012', isUsps);
    const { page } = bench();
    await page.keyboard.press('Alt+9');
    await page.getByRole('searchbox', { name: 'Search' }).fill(shipment.trackingNo ?? '');
    await page.getByRole('button', { name: 'Track' }).waitFor();
    await page.keyboard.press('Alt+t');
    await page.getByRole('region', { name: 'Tracking status' }).waitFor();
    await expect(page.getByRole('list', { name: 'Tracking events' }).locator('li').count()).resolves.toBeGreaterThan(0);
  });

  it('End of day: Alt+F makes the SCAN form for USPS labels bought today, Alt+O opens its PDF', async () => {
    await buyForOrder(bench(), 'DEMO-1011', isUsps);
    const { page } = bench();
    await page.keyboard.press('Alt+8');
    await page.getByRole('button', { name: /Create SCAN form/ }).and(page.locator(':not([disabled])')).waitFor();
    await page.keyboard.press('Alt+f');
    const pdf = page.getByRole('link', { name: 'Open the SCAN form PDF' });
    await pdf.waitFor();
    const href = await pdf.getAttribute('href');
    const opened = page.waitForEvent('popup');
    await page.keyboard.press('Alt+o');
    const viewer = await opened;
    expect(viewer.url()).toBe(href);
    await viewer.close();
  });

  it('Batch: scans, then Alt+R rates and Alt+P buys and prints the queue', async () => {
    const { page } = bench();
    await page.keyboard.press('Alt+2');
    const scan = page.getByRole('textbox', { name: 'Scan' });
    for (const order of ['DEMO-1010', 'DEMO-1011']) {
      await scan.fill(order);
      await scan.press('Enter');
      await page.getByRole('table', { name: 'Batch packages' }).getByRole('row').filter({ hasText: order }).getByRole('combobox').waitFor();
    }
    await page.keyboard.press('Alt+r');
    await page.keyboard.press('Alt+p');
    const rows = page.getByRole('table', { name: 'Batch packages' }).locator('tbody tr');
    await expect.poll(() => rows.filter({ hasText: /Printed|Bought/ }).count(), { timeout: 20_000 }).toBe(2);
  });

  it('Alt+X dismisses the newest problem on the error surface', async () => {
    const { page } = bench();
    await page.keyboard.press('Alt+1');
    await page.keyboard.press('Alt+o');
    await page.getByRole('button', { name: 'Pull orders' }).waitFor();
    await page.locator('input[type="file"]').setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.from('') });
    const problems = page.getByRole('region', { name: 'Problems' });
    await problems.getByText(/Importing empty\.csv failed/).waitFor();
    await expect(problems.getByRole('button', { name: 'Dismiss' }).getAttribute('aria-keyshortcuts')).resolves.toBe('Alt+X');
    await page.keyboard.press('Alt+x');
    await expect.poll(() => problems.count()).toBe(0);
  });
});
