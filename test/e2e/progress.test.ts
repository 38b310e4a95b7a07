import { describe, it } from 'vitest';
import { useBench } from './fixture';
import { buyForOrder, isUsps } from './helpers';

/** With a slow service, every action that waits on it says in words what is under way. */
describe('progress on anything that takes over a moment', () => {
  const bench = useBench({ latencyMs: 400 });

  it('Ship: getting rates, then buying, show progress', async () => {
    const { page } = bench();
    await page.getByRole('textbox', { name: 'Scan' }).fill('DEMO-1004');
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Rates' }).getByText('getting rates…').waitFor();
    await page.getByRole('table', { name: 'Rates' }).waitFor();
  });

  it('Orders inbox: pulling orders', async () => {
    const { page } = bench();
    await page.keyboard.press('Alt+o');
    await page.getByRole('button', { name: 'Pull practice orders' }).waitFor();
    await page.keyboard.press('Alt+l');
    await page.getByRole('region', { name: 'Orders inbox' }).getByText('Pulling practice orders…').waitFor();
    await page.getByRole('region', { name: 'Orders inbox' }).getByText(/new, .* updated/).waitFor();
  });

  it('Returns: buying the return label', async () => {
    const { page } = bench();
    await page.keyboard.press('Alt+4');
    await page.getByRole('textbox', { name: /From an order/ }).fill('DEMO-1003');
    await page.keyboard.press('Enter');
    const customer = page.getByRole('group', { name: /Customer/ });
    await customer.getByRole('textbox', { name: 'Name' }).and(page.locator(':not([value=""])')).waitFor();
    // A typed weight is priced first (Enter); the next key buys the price drawn.
    await page.getByRole('textbox', { name: 'Weight' }).fill('1 lb');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: /^Buy return label for \$/ }).waitFor();
    await page.keyboard.press('Alt+p');
    await page.getByText('Buying the return label…').waitFor();
    await page.getByRole('status', { name: 'Label bought' }).waitFor();
  });

  it('Pickups: scheduling the pickup (a refusal names no internal field)', async () => {
    await buyForOrder(bench(), 'DEMO-1005', isUsps);
    const { page } = bench();
    await page.keyboard.press('Alt+5');
    const form = page.getByRole('region', { name: 'Schedule a pickup' });
    await form.getByRole('checkbox').first().waitFor();
    await page.keyboard.press('Alt+p');
    await form.getByRole('alert').getByText(/^Pick where the packages wait/).waitFor();
    await form.getByRole('checkbox', { name: 'Front door' }).check();
    await page.keyboard.press('Alt+p');
    await form.getByText('Scheduling the pickup…').waitFor();
    await form.getByText(/Pickup scheduled/).waitFor();
  });
});
