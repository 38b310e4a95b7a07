import { describe, expect, it } from 'vitest';
import { useBench } from './fixture';
import { scanAndSettle } from './helpers';

/** What the operator sees is what gets bought (issue 12): the rules the station's bench machine keeps, seen from the Ship screen. */
describe('Ship: the weight, address and rate rules', () => {
  const bench = useBench();
  const activeName = () => bench().page.evaluate(() => document.activeElement?.getAttribute('name') ?? document.activeElement?.id);

  it('a weight it cannot read stops Buy with words at the Weight field, and the next order clears the field', async () => {
    const { page } = bench();
    await scanAndSettle(bench(), 'DEMO-1002');
    const weight = page.getByRole('textbox', { name: /Weight/ });
    await weight.fill('1 ib 4 oz');
    await weight.press('Enter');
    await page.getByRole('region', { name: 'Package' }).getByRole('alert').getByText(/is not a weight/).waitFor();
    // The first Enter hands the text over; the next one is a Buy, refused in the same words.
    await weight.press('Enter');
    await page.getByRole('region', { name: 'Purchase' }).getByRole('alert').getByText(/is not a weight/).waitFor();
    await expect(weight.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.getByRole('status', { name: 'Label bought' }).count()).resolves.toBe(0);
    await weight.fill('0');
    await weight.press('Enter');
    await page.getByRole('region', { name: 'Package' }).getByRole('alert').getByText(/more than zero/).waitFor();
    await expect(page.getByRole('status', { name: 'Label bought' }).count()).resolves.toBe(0);

    await scanAndSettle(bench(), 'DEMO-1005');
    await expect(weight.inputValue()).resolves.not.toMatch(/ib|^0$/);
    await expect(weight.getAttribute('aria-invalid')).resolves.toBe('false');
  });

  it('an address the service cannot confirm stops Enter and every one-key decision; typing SHIP buys it and History shows the override', async () => {
    const { page } = bench();
    await page.getByRole('textbox', { name: 'Scan' }).fill('DEMO-1013');
    await page.keyboard.press('Enter');
    const check = page.getByRole('group', { name: 'Address check' });
    await check.getByText(/could not confirm/).waitFor();
    await page.getByRole('table', { name: 'Rates' }).locator('tbody tr[aria-selected="true"]').waitFor();
    await page.getByRole('textbox', { name: 'Scan' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Purchase' }).getByRole('alert').getByText(/could not confirm/).waitFor();
    await page.keyboard.press('Alt+a');
    await page.keyboard.press('Alt+k');
    await page.getByRole('textbox', { name: 'Scan' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status', { name: 'Label bought' }).count()).resolves.toBe(0);

    await page.keyboard.press('Alt+y');
    await expect(activeName()).resolves.toBe('override');
    await page.keyboard.type('SHIP');
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Ship to' }).getByText(/not confirmed: you typed SHIP/).waitFor();
    await expect(page.getByRole('region', { name: 'Ship to' }).getByText(/bought on your word/).count()).resolves.toBe(0);
    await page.keyboard.press('Enter');
    await page.getByRole('status', { name: 'Label bought' }).waitFor();
    await page.getByRole('region', { name: 'Ship to' }).getByText(/not confirmed: bought on your word/).waitFor();

    await page.keyboard.press('Alt+9');
    await page.getByRole('searchbox', { name: 'Search' }).fill('DEMO-1013');
    await page.getByRole('table', { name: 'Shipments' }).getByRole('row').filter({ hasText: 'DEMO-1013' }).first().click();
    await page.getByRole('region', { name: 'Shipment detail' }).getByTestId('address-override').getByText(/typed SHIP/).waitFor();
    await page.keyboard.press('Alt+1');
  });

  it('the arrow keys stop at the ends of the rates, the picked row stays in view, and Media Mail is never picked by itself but says its rule', async () => {
    const { page } = bench();
    await scanAndSettle(bench(), 'DEMO-1015');
    const rows = page.getByRole('table', { name: 'Rates' }).locator('tbody tr');
    const picked = page.getByRole('table', { name: 'Rates' }).locator('tbody tr[aria-selected="true"]');
    await picked.waitFor();
    await expect(picked.textContent()).resolves.not.toMatch(/Media Mail|Library Mail/);
    const count = await rows.count();
    await page.getByRole('textbox', { name: 'Scan' }).focus();
    for (let i = 0; i < count + 2; i += 1) await page.keyboard.press('ArrowUp');
    await expect.poll(() => rows.first().getAttribute('aria-selected')).toBe('true');
    for (let i = 0; i < count + 2; i += 1) await page.keyboard.press('ArrowDown');
    await expect.poll(() => rows.last().getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => rows.last().evaluate((row) => row.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);

    const media = rows.filter({ hasText: 'Media Mail' });
    await expect(media.count()).resolves.toBe(1);
    await media.click();
    await page.getByRole('note', { name: 'Content rule' }).getByText(/books/).waitFor();
  });

  it('Alt+W puts the cursor in Weight; Enter there draws the prices for the weight typed, and the next Enter buys at it', async () => {
    const { page } = bench();
    await scanAndSettle(bench(), 'DEMO-1006');
    await page.keyboard.press('Alt+w');
    await expect(activeName()).resolves.toBe('weight');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('2 lb');
    await page.keyboard.press('Enter');
    await page.getByText('Typed weight', { exact: false }).waitFor();
    await page.getByRole('table', { name: 'Rates' }).locator('tbody tr[aria-selected="true"]').waitFor();
    await expect(page.getByRole('status', { name: 'Label bought' }).count()).resolves.toBe(0);
    await page.keyboard.press('Enter');
    await page.getByRole('status', { name: 'Label bought' }).waitFor();
    await expect(page.getByRole('textbox', { name: /Weight/ }).inputValue()).resolves.toBe('2 lb');
  });

  it('insurance the station cannot read gets words at the field; once it reads, Enter shows its price and the next Enter buys', async () => {
    const { page } = bench();
    await scanAndSettle(bench(), 'DEMO-1007');
    const insurance = page.locator('#insurance-amount');
    await page.keyboard.press('F2');
    await page.keyboard.type('abc');
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Options' }).getByRole('alert').getByText(/is not an amount/).waitFor();
    await expect(insurance.getAttribute('aria-invalid')).resolves.toBe('true');
    await insurance.fill('-5');
    await insurance.press('Enter');
    await page.getByRole('region', { name: 'Options' }).getByRole('alert').getByText(/cannot be negative/).waitFor();
    await expect(page.getByRole('status', { name: 'Label bought' }).count()).resolves.toBe(0);
    await insurance.fill('50');
    await insurance.press('Enter');
    await page.getByRole('status', { name: 'Insurance quote' }).getByText(/costs \$/).waitFor();
    await expect(page.getByRole('status', { name: 'Label bought' }).count()).resolves.toBe(0);
    await insurance.press('Enter');
    await page.getByRole('status', { name: 'Label bought' }).getByText('$50.00').waitFor();
  });
});
