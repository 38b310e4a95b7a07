import { describe, expect, it } from 'vitest';
import { useBench } from './fixture';
import { scannerTypes } from './helpers';

/**
 * The packer's loop with no mouse: every step below is a key press or a
 * barcode (typed as fast as a scanner types it), the scale is the sandbox's
 * simulated one, and nothing is clicked.
 */
describe('Ship: the whole loop by keyboard and scanner only', () => {
  const bench = useBench({
    // Record what the page plays, to hear the scan sounds without speakers.
    prepare: (f) =>
      f.page.evaluate(() => {
        const played: string[] = [];
        (window as unknown as { played: string[] }).played = played;
        HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
          played.push(this.src);
          return Promise.resolve();
        };
      }),
  });

  /** As fast as a wedge scanner types: the scanner hook catches it wherever the focus is. */
  const scan = (text: string): Promise<void> => scannerTypes(bench().page, text);
  /** The same barcode read into the focused Scan box in one go and ended with Enter (no timing to miss on a busy test machine). */
  const scanIntoBox = async (text: string): Promise<void> => {
    await bench().page.keyboard.insertText(text);
    await bench().page.keyboard.press('Enter');
  };
  const played = () => bench().page.evaluate(() => (window as unknown as { played: string[] }).played.map((src) => (/scan-ok/.test(src) ? 'ok' : 'error')));
  /** The service only changes the form of these addresses: applied at once, no key to press. */
  const addressSettled = async (): Promise<void> => {
    await bench().page.getByRole('region', { name: 'Ship to' }).getByText(/^(standardized|address confirmed)$/).waitFor();
  };
  const printJobs = async () => (await bench().call('printJobs.list', { limit: 50 })).length;

  it('scan, scale weight, preselected rate, Enter buys and prints, and the next scan starts the next package', async () => {
    const f = bench();
    const { page } = f;
    await expect(page.evaluate(() => document.activeElement?.getAttribute('name'))).resolves.toBe('scan');
    await f.call('scales.simulate', { weightOz: 18 });
    await scan('DEMO-1004');
    await page.getByRole('region', { name: 'Ship to' }).getByText('order DEMO-1004').waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: 'Weight' }).inputValue()).toBe('1 lb 2 oz');
    await page.getByRole('table', { name: 'Rates' }).locator('tbody tr[aria-selected="true"]').waitFor();
    await addressSettled();
    await page.keyboard.press('Enter');
    await page.getByRole('status', { name: 'Label bought' }).waitFor();
    await page.getByRole('list', { name: 'Purchase progress' }).locator('li.done', { hasText: 'Printed' }).waitFor();
    expect(await played()).toContain('ok');

    await scan('DEMO-1005');
    await page.getByRole('region', { name: 'Ship to' }).getByText('order DEMO-1005').waitFor();
    await expect(page.getByRole('status', { name: 'Label bought' }).count()).resolves.toBe(0);
  });

  it('scanner-speed typing in the Weight field stays in that field: the package on the bench stays, and the field says what it holds', async () => {
    const f = bench();
    const { page } = f;
    await scan('DEMO-1005');
    await page.getByRole('region', { name: 'Ship to' }).getByText('order DEMO-1005').waitFor();
    const weight = page.getByRole('textbox', { name: 'Weight' });
    await weight.focus();
    await weight.fill('');
    await scan('DEMO-1006');
    await page.getByRole('region', { name: 'Package' }).getByRole('alert').getByText(/is not a weight/).waitFor();
    await expect(weight.inputValue()).resolves.toBe('DEMO-1006');
    await expect(page.getByRole('region', { name: 'Ship to' }).getByText('order DEMO-1005').count()).resolves.toBe(1);
    await expect(page.getByRole('status', { name: 'Label bought' }).count()).resolves.toBe(0);
  });

  it('scanner-speed typing in the Insurance amount stays there: no scan is taken from it, and the package stays', async () => {
    const f = bench();
    const { page } = f;
    await scan('DEMO-1006');
    await page.getByRole('region', { name: 'Ship to' }).getByText('order DEMO-1006').waitFor();
    const insurance = page.locator('#insurance-amount');
    await page.keyboard.press('F2');
    await expect.poll(() => insurance.evaluate((el) => el === document.activeElement)).toBe(true);
    await scan('1234567890');
    await expect.poll(() => page.getByRole('region', { name: 'Options' }).textContent()).toMatch(/insures up to/);
    await expect(insurance.inputValue()).resolves.toBe('1234567890');
    await expect(page.getByRole('region', { name: 'Ship to' }).getByText('order DEMO-1006').count()).resolves.toBe(1);
    await insurance.fill('');
    await page.keyboard.press('Escape');
  });

  it('acts on command barcodes: BUY, REPRINT_LAST, NEXT, CANCEL and VOID_LAST', async () => {
    const f = bench();
    const { page } = f;
    await scan('DEMO-1006');
    await page.getByRole('region', { name: 'Ship to' }).getByText('order DEMO-1006').waitFor();
    await page.getByRole('table', { name: 'Rates' }).locator('tbody tr[aria-selected="true"]').waitFor();
    await addressSettled();
    await scanIntoBox('PS:CMD:BUY');
    await page.getByRole('status', { name: 'Label bought' }).waitFor();
    const tracking = (await page.getByTestId('tracking-number').textContent()) ?? '';
    await page.getByRole('list', { name: 'Purchase progress' }).locator('li.done', { hasText: 'Printed' }).waitFor();

    const jobs = await printJobs();
    await scanIntoBox('PS:CMD:REPRINT_LAST');
    await expect.poll(printJobs).toBe(jobs + 1);

    await scanIntoBox('PS:CMD:NEXT');
    await page.getByRole('region', { name: 'Ship to' }).getByText('Scan an order to fill in').waitFor();

    await scanIntoBox('DEMO-1007');
    await page.getByRole('region', { name: 'Ship to' }).getByText('order DEMO-1007').waitFor();
    await scanIntoBox('PS:CMD:CANCEL');
    await page.getByRole('region', { name: 'Ship to' }).getByText('Scan an order to fill in').waitFor();

    await scanIntoBox('PS:CMD:VOID_LAST');
    const voidScreen = page.getByRole('region', { name: 'Void' });
    await voidScreen.getByText(tracking).first().waitFor();
    await page.keyboard.press('Alt+V');
    await voidScreen.getByRole('button', { name: /Confirm void/ }).waitFor();
    await page.keyboard.press('Alt+Y');
    await voidScreen.getByRole('status').getByText(/Voided/).waitFor();
    await expect(f.call('shipments.find', { ref: tracking }).then((s) => s.state)).resolves.toBe('voided');

    await page.keyboard.press('Alt+1');
    await page.getByRole('textbox', { name: 'Scan' }).waitFor();
    await expect(page.evaluate(() => document.activeElement?.getAttribute('name'))).resolves.toBe('scan');
  });

  it('sounds the error tone for a scan it cannot use, and says why next to the Scan box', async () => {
    const f = bench();
    const { page } = f;
    const before = (await played()).filter((p) => p === 'error').length;
    await scan('PS:CMD:NOPE');
    await page.getByRole('region', { name: 'Ship' }).getByRole('alert').getByText(/not a command/).waitFor();
    expect((await played()).filter((p) => p === 'error').length).toBe(before + 1);
  });
});
