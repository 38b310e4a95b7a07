import { describe, expect, it } from 'vitest';
import { useBench } from './fixture';

const tabs = ['Ship', 'Batch', 'Void', 'Returns', 'Pickups', 'Tracking', 'Address', 'End of day', 'History', 'Reports', 'Rules', 'Account', 'Settings'];

describe('app frame in Chromium through browser mode', () => {
  const bench = useBench({ bare: true });

  it('shows every screen as a named link, the status bar, and a focused Scan box', async () => {
    const f = bench();
    const nav = f.page.getByRole('navigation', { name: 'Screens' });
    for (const name of tabs) await expect(nav.getByRole('link', { name, exact: true }).count()).resolves.toBe(1);
    await expect(f.page.getByRole('link', { name: 'Ship', exact: true }).getAttribute('aria-current')).resolves.toBe('page');
    const status = f.page.getByLabel('Station status');
    await status.getByLabel('Printer').getByText(/Virtual printer/).waitFor();
    await status.getByLabel('Scale').locator('.status-value').getByText(/oz|scale/i).waitFor();
    await expect(f.page.getByLabel('Backend').textContent()).resolves.toContain('Sandbox');
    const scan = f.page.getByRole('textbox', { name: 'Scan' });
    await expect(scan.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await f.screenshot('app-frame');
  });

  it('moves between screens by keyboard alone', async () => {
    const f = bench();
    await f.page.keyboard.press('Alt+3');
    await f.page.getByRole('heading', { name: 'Void a label' }).waitFor();
    await f.page.keyboard.press('Alt+9');
    await f.page.getByRole('heading', { name: 'History' }).waitFor();
    await f.page.keyboard.press('Alt+s');
    await f.page.getByRole('heading', { name: 'Settings' }).waitFor();
    await f.page.keyboard.press('Alt+1');
    await f.page.getByRole('textbox', { name: 'Scan' }).waitFor();
    await expect(f.page.getByRole('link', { name: 'Ship', exact: true }).getAttribute('aria-current')).resolves.toBe('page');
  });

  it('stays open after a reload: the one-time code left its address, an HttpOnly SameSite=Strict cookie lets it back in', async () => {
    const f = bench();
    await f.page.reload();
    await f.page.getByRole('textbox', { name: 'Scan' }).waitFor();
    await f.page.getByLabel('Station status').getByText('Connected').waitFor();
    expect(new URL(f.page.url()).search).toBe('');
    await expect(f.page.context().cookies()).resolves.toEqual([
      expect.objectContaining({ name: `parcel_station_${f.host.port}`, path: '/', httpOnly: true, sameSite: 'Strict' }),
    ]);
    await expect(f.page.evaluate(() => document.cookie)).resolves.toBe('');
  });

  it('shows a typed error in words, with what to do and the code in small print', async () => {
    const f = bench();
    await f.page.getByRole('textbox', { name: 'Scan' }).fill('NOPE-4040');
    await f.page.keyboard.press('Enter');
    const alert = f.page.getByRole('alert').filter({ hasText: 'NOPE-4040' });
    await alert.waitFor();
    await expect(alert.locator('.error-remedy').textContent()).resolves.toMatch(/\w+/);
    await expect(alert.locator('.error-code').textContent()).resolves.toContain('not_found');
  });
});
