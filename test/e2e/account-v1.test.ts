import { describe, expect, it } from 'vitest';
import { useBench } from './fixture';
import { buyFirstV1Rate, createV1Order } from './helpers';

describe('Account: the legacy (v1) order, label desk and void, as an operator uses them', () => {
  const bench = useBench();

  it('creates a v1 order, rates it in pounds, buys a rate and shows the stored label', async () => {
    const f = bench();
    await createV1Order(f.page);
    const desk = f.page.getByRole('region', { name: 'Label desk' });
    // Rates drawn for one weight leave the screen when the weight changes: no Buy pays for a package no longer shown.
    await desk.getByRole('button', { name: 'Get v1 rates' }).click();
    const rates = desk.getByRole('table', { name: 'v1 rates' });
    await rates.waitFor();
    await desk.getByRole('textbox', { name: 'Weight (oz)' }).fill('13');
    await rates.waitFor({ state: 'detached' });
    await desk.getByRole('textbox', { name: 'Weight (oz)' }).fill('12');
    await desk.getByRole('button', { name: 'Get v1 rates' }).click();
    await desk.getByText('Sent as 0.75 lb').waitFor();
    const buy = rates.locator('tbody tr').first().getByRole('button', { name: /^Buy / });
    const shown = (await buy.getAttribute('aria-label')) ?? '';
    await buy.click();
    const bought = desk.getByRole('status', { name: 'v1 label bought' });
    await bought.getByRole('img', { name: 'v1 label preview' }).waitFor();
    const tracking = ((await bought.getByTestId('v1-tracking').textContent()) ?? '').trim();
    expect(tracking).toMatch(/^\w{10,}$/);
    await f.screenshot('account-v1-bought');

    const history = await f.call('history.search', { query: tracking, limit: 5 });
    expect(history.shipments[0]?.labelCount).toBe(1);
    // The cost History keeps is the price the Buy key showed.
    expect(shown).toMatch(/ for \$\d+\.\d{2}$/);
    expect(`$${history.shipments[0]?.cost?.toFixed(2)}`).toBe(shown.slice(shown.lastIndexOf(' for ') + 5));
    await f.call('history.label', { shipmentId: history.shipments[0]?.id ?? 0, kind: 'label', index: 0 });
  });

  it('Buy direct shows the price for the service type first; the next Alt+B buys it, and History keeps that price', async () => {
    const f = bench();
    await createV1Order(f.page);
    const desk = f.page.getByRole('region', { name: 'Label desk' });
    await desk.getByRole('textbox', { name: /Service type/ }).fill('usps_priority_mail');
    await f.page.keyboard.press('Alt+b');
    const price = desk.getByRole('status', { name: 'Direct price' });
    await price.waitFor();
    const shown = /: (\$\d+\.\d{2}),/.exec((await price.textContent()) ?? '')?.[1];
    expect(shown).toBeDefined();
    await expect(desk.getByRole('button', { name: `Buy direct for ${shown}` }).count()).resolves.toBe(1);
    await f.page.keyboard.press('Alt+b');
    const bought = desk.getByRole('status', { name: 'v1 label bought' });
    await bought.getByRole('img', { name: 'v1 label preview' }).waitFor();
    const tracking = ((await bought.getByTestId('v1-tracking').textContent()) ?? '').trim();
    const history = await f.call('history.search', { query: tracking, limit: 5 });
    expect(`$${history.shipments[0]?.cost?.toFixed(2)}`).toBe(shown);
  });

  it('voids the label after a confirmation, and a second void is refused in words', async () => {
    const f = bench();
    const { page } = f;
    await createV1Order(page);
    const tracking = await buyFirstV1Rate(page);
    const voiding = page.getByRole('group', { name: 'Void a v1 label' });
    await expect(voiding.getByRole('textbox', { name: 'Tracking code to void' }).inputValue()).resolves.toBe(tracking);
    await voiding.getByRole('button', { name: 'Void label' }).click();
    await voiding.getByRole('alert').getByText(`Void label ${tracking}?`).waitFor();
    await voiding.getByRole('button', { name: 'Yes, void it' }).click();
    await voiding.getByRole('status').getByText(`Label ${tracking} is voided.`).waitFor();
    const history = await f.call('history.search', { query: tracking, limit: 5 });
    expect(history.shipments[0]?.state).toBe('voided');

    await voiding.getByRole('button', { name: 'Void label' }).click();
    await voiding.getByRole('button', { name: 'Yes, void it' }).click();
    await voiding.getByRole('alert').getByText(/already voided/).waitFor();
  });

  it('deletes the order only after saying it is irreversible; an unknown order is not found', async () => {
    const { page } = bench();
    await createV1Order(page);
    const orders = page.getByRole('region', { name: 'Legacy orders' });
    await orders.getByRole('textbox', { name: 'Store name' }).fill('E2E Store');
    await orders.getByRole('textbox', { name: 'Order number' }).fill('E2E-V1-1');
    await orders.getByRole('button', { name: 'Delete order' }).click();
    await orders.getByRole('alert').getByText(/irreversible/).waitFor();
    await orders.getByRole('button', { name: 'Delete for good' }).click();
    await orders.getByRole('status').getByText('Order E2E-V1-1 was deleted from store E2E Store.').waitFor();
    await orders.getByRole('button', { name: 'Delete order' }).click();
    await orders.getByRole('button', { name: 'Delete for good' }).click();
    await orders.getByRole('alert').getByText(/no such order/).waitFor();
  });

  it('names a missing package weight in words at the field, and verifies an address with the v1 service', async () => {
    const { page } = bench();
    await createV1Order(page);
    const desk = page.getByRole('region', { name: 'Label desk' });
    const weight = desk.getByRole('textbox', { name: 'Weight (oz)' });
    await weight.fill('');
    await desk.getByRole('button', { name: 'Get v1 rates' }).click();
    await desk.getByRole('alert').getByText(/Enter the weight/).first().waitFor();
    await expect(weight.getAttribute('aria-invalid')).resolves.toBe('true');

    const verify = page.getByRole('region', { name: 'Address verify' });
    await verify.getByRole('textbox', { name: 'Street', exact: true }).fill('1457 sunset blvd');
    await verify.getByRole('textbox', { name: 'City' }).fill('los angeles');
    await verify.getByRole('textbox', { name: 'State' }).fill('ca');
    await verify.getByRole('textbox', { name: 'ZIP code' }).fill('90026');
    await verify.getByRole('textbox', { name: 'ZIP code' }).press('Enter');
    const result = verify.getByRole('status', { name: 'Verification result' });
    await result.getByText(/Verified/).waitFor();
    await expect(result.textContent()).resolves.toMatch(/SUNSET/i);
  });
});
