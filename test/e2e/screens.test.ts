import { describe, expect, it } from 'vitest';
import { useBench } from './fixture';
import { buyForOrder, isUsps } from './helpers';

describe('every other capability, where an operator looks for it', () => {
  const bench = useBench();

  it('Tracking: a timeline with local times, and a proof-of-delivery request', async () => {
    const shipment = await buyForOrder(bench(), 'DEMO-1008', isUsps);
    const { page } = bench();
    await page.keyboard.press('Alt+6');
    await page.getByRole('textbox', { name: /Tracking number/ }).fill(shipment.trackingNo ?? '');
    await page.getByRole('button', { name: 'Track', exact: true }).click();
    const timeline = page.getByRole('list', { name: 'Tracking events' });
    await page.getByRole('region', { name: 'Tracking status' }).waitFor();
    await expect(timeline.locator('li').count()).resolves.toBeGreaterThan(0);
    await bench().screenshot('tracking');
    const pod = page.getByRole('region', { name: 'Proof of delivery' });
    await pod.getByRole('textbox').fill('a@example.com, b@example.com, c@example.com, d@example.com');
    await pod.getByRole('button', { name: 'Request proof of delivery' }).click();
    await pod.getByRole('alert').getByText(/at most 3/).waitFor();
  });

  it('Address: checks an address and shows the standardized form', async () => {
    const { page } = bench();
    await page.keyboard.press('Alt+7');
    const form = page.getByRole('group', { name: 'Address to check' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Ada Lovelace');
    await form.getByRole('textbox', { name: 'Street', exact: true }).fill('1457 Sunset Boulevard');
    await form.getByRole('textbox', { name: 'City' }).fill('Los Angeles');
    await form.getByRole('textbox', { name: 'State' }).fill('CA');
    await form.getByRole('textbox', { name: 'ZIP code' }).fill('90026');
    await page.getByRole('button', { name: 'Check address' }).click();
    const result = page.getByRole('region', { name: 'Result' });
    await result.getByRole('heading', { name: 'Standardized' }).waitFor();
    await expect(result.textContent()).resolves.toContain('SUNSET BLVD');
  });

  it('Address: names the missing field in words', async () => {
    const { page } = bench();
    await page.keyboard.press('Alt+7');
    const form = page.getByRole('group', { name: 'Address to check' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Ada Lovelace');
    await form.getByRole('textbox', { name: 'Street', exact: true }).fill('1457 Sunset Boulevard');
    await form.getByRole('textbox', { name: 'State' }).fill('CA');
    await form.getByRole('textbox', { name: 'ZIP code' }).fill('90026');
    await form.getByRole('textbox', { name: 'City' }).fill('');
    await page.getByRole('button', { name: 'Check address' }).click();
    await page.getByRole('alert').getByText(/city/i).first().waitFor();
    await expect(form.getByRole('textbox', { name: 'City' }).getAttribute('aria-invalid')).resolves.toBe('true');
  });

  it('Returns: a USPS Returns label bought directly from an order', async () => {
    const { page } = bench();
    await page.keyboard.press('Alt+4');
    await page.getByRole('textbox', { name: /From an order/ }).fill('DEMO-1009');
    await page.getByRole('button', { name: 'Use order' }).click();
    const customer = page.getByRole('group', { name: /Customer/ });
    await expect.poll(() => customer.getByRole('textbox', { name: 'Name' }).inputValue()).not.toBe('');
    await page.getByRole('combobox', { name: 'Service' }).selectOption('USPS_PRIORITY_MAIL_RETURN');
    await page.getByRole('textbox', { name: 'Weight' }).fill('1 lb 2 oz');
    await page.keyboard.press('Enter');
    const priced = page.getByRole('button', { name: /^Buy return label for \$/ });
    await priced.waitFor();
    await expect(page.getByRole('combobox', { name: 'Service' }).inputValue()).resolves.toBe('USPS_PRIORITY_MAIL_RETURN');
    await priced.click();
    await page.getByRole('status', { name: 'Label bought' }).waitFor();
    await bench().screenshot('returns');
  });

  it('Ship: an insurance amount shows what insuring costs', async () => {
    const { page } = bench();
    await page.keyboard.press('Alt+1');
    await page.getByRole('textbox', { name: 'Scan' }).fill('DEMO-1010');
    await page.keyboard.press('Enter');
    await page.getByRole('table', { name: 'Rates' }).waitFor();
    await page.keyboard.press('F2');
    await page.keyboard.type('250');
    // The amount reaches the station when the packer leaves the field (or presses Enter there).
    await page.keyboard.press('Tab');
    await page.getByRole('status', { name: 'Insurance quote' }).getByText(/costs \$\d/).waitFor();
  });

  it("End of day: one SCAN form for today's USPS labels, its PDF, and the pickup offer", async () => {
    await buyForOrder(bench(), 'DEMO-1011', isUsps);
    const { page } = bench();
    await page.keyboard.press('Alt+8');
    await page.getByText(/USPS labels? from today (is|are) not on a SCAN form yet/).waitFor();
    await page.getByRole('button', { name: 'Create SCAN form' }).click();
    const pdf = page.getByRole('link', { name: 'Open the SCAN form PDF' });
    await pdf.waitFor();
    expect(await pdf.getAttribute('href')).toMatch(/^https?:\/\//);
    await page.getByText('Every USPS label from today is already on a SCAN form.').waitFor();
    await page.getByRole('button', { name: 'Schedule a pickup' }).click();
    await page.getByRole('heading', { name: 'Pickups', level: 1 }).waitFor();
  });

  it('Account: balance, carrier accounts, v1 orders and an e-commerce SCAN form with progress', async () => {
    const { page } = bench();
    await page.keyboard.press('Alt+0');
    await page.getByTestId('balance').getByText(/\$/).waitFor();
    await expect(page.getByRole('region', { name: 'Carrier accounts' }).locator('tbody tr').count()).resolves.toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('table', { name: 'v1 orders' }).locator('tbody tr').count()).toBeGreaterThan(0);
    const forms = page.getByRole('region', { name: 'Legacy SCAN forms' });
    await forms.getByRole('combobox', { name: 'Kind' }).selectOption('ecommerce');
    const shipment = await buyForOrder(bench(), 'DEMO-1012');
    await forms.getByRole('textbox', { name: /Tracking codes/ }).fill(shipment.trackingNo ?? '');
    await forms.getByRole('button', { name: 'Create SCAN form' }).click();
    await forms.getByRole('status').filter({ hasText: /SCAN form (ready|failed|pending)/ }).or(forms.getByRole('alert')).first().waitFor({ timeout: 30_000 });
    await bench().screenshot('account');
  });

  it('Settings: keys are stored and never shown again; presets and rule are saved', async () => {
    const { page } = bench();
    await page.keyboard.press('Alt+s');
    const backend = page.getByRole('region', { name: 'Backend' });
    const appKey = backend.getByLabel(/AppKey/);
    await appKey.fill('SS_TEST_0123456789ABCDEF');
    await backend.getByRole('button', { name: 'Store keys' }).click();
    await backend.getByRole('status').getByText('Keys stored in the system keychain.').waitFor();
    await expect(appKey.inputValue()).resolves.toBe('');
    await backend.getByText('stored').first().waitFor();
    expect(await page.content()).not.toContain('SS_TEST_0123456789ABCDEF');

    const shipping = page.getByRole('region', { name: 'Shipping' });
    await shipping.getByRole('textbox', { name: 'Name', exact: true }).last().fill('Tiny box');
    await shipping.getByRole('textbox', { name: 'Length (in)' }).fill('5');
    await shipping.getByRole('textbox', { name: 'Width (in)' }).fill('4');
    await shipping.getByRole('textbox', { name: 'Height (in)' }).fill('3');
    await shipping.getByRole('button', { name: 'Add box' }).click();
    await shipping.getByRole('combobox', { name: 'Preselect' }).selectOption('fastest');
    const reference = shipping.getByRole('textbox', { name: /Reference on label/ });
    await reference.fill('x'.repeat(36));
    await shipping.getByRole('button', { name: 'Save shipping settings' }).click();
    await shipping.getByText('The reference on the label can be at most 35 characters').waitFor();
    await reference.fill('Bench 4');
    await shipping.getByRole('combobox', { name: 'UPS label print type' }).selectOption('barcode');
    await shipping.getByRole('button', { name: 'Save shipping settings' }).click();
    await shipping.getByRole('status').getByText('Saved.').waitFor();
    const saved = await bench().call('settings.shipping.get', {});
    expect(saved.rateRule.kind).toBe('fastest');
    expect(saved.presets.some((p) => p.name === 'Tiny box')).toBe(true);
    expect(saved).toMatchObject({ labelReference: 'Bench 4', upsLabelPrintType: 'barcode' });
  });

  it('Settings: a test print on the printer, and the scale with a live reading', async () => {
    const { page } = bench();
    await page.keyboard.press('Alt+s');
    const printer = page.getByRole('region', { name: 'Printer' });
    await printer.getByRole('button', { name: 'Test print' }).click();
    await printer.getByRole('status').getByText(/Test label/).waitFor();
    const scale = page.getByRole('region', { name: 'Scale' });
    await scale.getByRole('textbox', { name: 'Put on the simulated scale' }).fill('1 lb 4 oz');
    await scale.getByRole('button', { name: 'Place' }).click();
    await scale.getByLabel('Live reading').getByText('1 lb 4 oz').waitFor();
    await page.getByRole('button', { name: 'Show the command sheet' }).click();
    await page.getByRole('img', { name: /Barcode: Buy label/ }).waitFor();
    await bench().screenshot('settings');
  });
});
