import { describe, expect, it } from 'vitest';
import { useInstalledPrinter } from '../support/cups';
import { useBench } from './fixture';

/** Settings → Printer with a real CUPS: the installed printer is listed, set up from its suggestion, and a test label reaches its port. */
describe('an installed printer, set up in Settings', () => {
  const installed = useInstalledPrinter('Bench_Zebra', 'ZDesigner ZD421-203dpi ZPL');
  const bench = useBench({ bare: true });

  it('lists it with its state, pre-fills ZPL from its driver name, saves it and prints a test label on it', async () => {
    const { page } = bench();
    await page.keyboard.press('Alt+s');
    const printer = page.getByRole('region', { name: 'Printer' });
    const choose = printer.getByRole('combobox', { name: 'Printer', exact: true });
    await choose.locator('option', { hasText: 'Bench_Zebra (installed in the OS, idle, not set up)' }).waitFor({ state: 'attached' });
    await choose.selectOption({ label: 'Bench_Zebra (installed in the OS, idle, not set up)' });
    await expect(printer.getByRole('textbox', { name: 'Installed printer' }).inputValue()).resolves.toBe('Bench_Zebra');
    await expect(printer.getByRole('combobox', { name: 'Language' }).inputValue()).resolves.toBe('zpl');
    await printer.getByRole('button', { name: 'Save printer' }).click();
    await printer.getByRole('status').getByText('Printer saved.').waitFor();
    await printer.getByRole('button', { name: 'Test print' }).click();
    await printer.getByRole('status').getByText(/^Test label /).waitFor();
    const arrived = await installed().port.nextJob();
    await expect.poll(async () => (await bench().call('printJobs.list', { limit: 1 }))[0]).toMatchObject({ printerId: 'queue:Bench_Zebra', status: 'done', bytesTotal: arrived.length });
    expect(arrived.subarray(0, 3).toString('latin1')).toBe('^XA');
    await bench().screenshot('settings-installed-printer');
  });
});
