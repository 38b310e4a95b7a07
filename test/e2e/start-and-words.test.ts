import { describe, expect, it } from 'vitest';
import { useBench } from './fixture';
import { buyForOrder, isUsps } from './helpers';

/** Issue 20's keyboard defects: every screen starts with the cursor where work starts, and Returns takes the weight as Ship does. */
describe('screens start where the work starts', () => {
  const bench = useBench();
  /** The screen the cursor is in, and what it is on. */
  const focused = () =>
    bench().page.evaluate(() => {
      const active = document.activeElement;
      const screen = active?.closest('section.screen')?.getAttribute('aria-label') ?? null;
      return { screen, tag: active?.tagName.toLowerCase() ?? null, text: (active?.getAttribute('aria-keyshortcuts') ?? active?.getAttribute('name') ?? '').trim() };
    });

  it('End of day starts on Create SCAN form when labels wait for one; Account on its first field; Settings on its first control', async () => {
    await buyForOrder(bench(), 'DEMO-1011', isUsps);
    const { page } = bench();
    await page.keyboard.press('Alt+8');
    await page.getByText(/USPS labels? from today (is|are) not on a SCAN form yet/).waitFor();
    await expect.poll(focused).toEqual({ screen: 'End of day', tag: 'button', text: 'Alt+F' });
    await page.keyboard.press('Alt+0');
    await expect.poll(async () => (await focused()).screen).toBe('Account');
    await expect(focused().then((f) => f.tag)).resolves.toBe('input');
    await page.keyboard.press('Alt+s');
    await expect.poll(async () => (await focused()).screen).toBe('Settings');
  });

  it('Returns takes the order\'s weight, and a missing weight is said at the Weight field with the cursor there', async () => {
    const { page } = bench();
    await page.keyboard.press('Alt+4');
    const order = page.getByRole('textbox', { name: /From an order/ });
    await order.fill('DEMO-1001');
    await order.press('Enter');
    const weight = page.getByRole('textbox', { name: /Weight/ });
    await expect.poll(() => weight.inputValue()).toMatch(/\d+ (oz|lb)/);
    await weight.fill('');
    await page.keyboard.press('Alt+p');
    await page.getByRole('alert').getByText(/Enter the weight/).waitFor();
    await expect(weight.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(weight.getAttribute('aria-describedby')).resolves.toBe('return-weight-error');
    await expect(page.getByRole('status', { name: 'Label bought' }).count()).resolves.toBe(0);
  });
});
