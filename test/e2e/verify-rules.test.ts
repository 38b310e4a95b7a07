import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeExport } from '../../shared/domain/orderImport/decode';
import { shipFrom, useBench, type StationFixture } from './fixture';
import { scannerTypes } from './helpers';

const products = decodeExport(fs.readFileSync(path.join(__dirname, '../fixtures/store-exports/products.csv')));
const header = 'order_number,recipient_name,street,city,state,zip_code,country,phone,weight_oz,length_in,width_in,height_in,contents_type,non_delivery,sku,item_description,item_quantity,item_value_usd,item_weight_oz,item_hs_code,item_origin_country';

/** A three-item order (a mug, a napkin, a teapot) to a demo customer the service confirms; the mug and napkin have barcodes in the catalog, the teapot only its SKU. */
async function threeItemOrder(f: StationFixture): Promise<void> {
  const demo = await f.call('orders.lookup', { orderNumber: 'DEMO-1002' });
  const r = demo.recipient;
  const first = [`V-100`, r.name, r.street, r.city, r.state, r.zip, r.country, '', '40', '10', '8', '4', '', '', 'MUG-12', 'Ceramic mug', '1', '18.00', '', '', ''];
  const csv = [header, first.map((c) => `"${c}"`).join(','), `V-100${',""'.repeat(13)},NAP-1,Linen napkin,1,6.00,,,`, `V-100${',""'.repeat(13)},POT-1,Teapot,1,42.00,,,`].join('\n');
  await f.call('products.importCsv', { csv: products });
  expect(await f.call('orders.importCsv', { csv })).toMatchObject({ imported: 1, refused: [] });
}

/** The sounds the page played, by file: every play is recorded instead of heard. */
const recordSounds = (f: StationFixture) =>
  f.page.evaluate(() => {
    const played: string[] = [];
    (window as unknown as { played: string[] }).played = played;
    HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
      played.push(/item-refused/.test(this.src) ? 'item' : /scan-ok/.test(this.src) ? 'ok' : 'error');
      return Promise.resolve();
    };
  });

async function historyLines(f: StationFixture, order: string): Promise<string[]> {
  const { page } = f;
  await page.keyboard.press('Alt+9');
  await page.getByRole('searchbox', { name: 'Search' }).fill(order);
  await page.getByRole('table', { name: 'Shipments' }).getByRole('row').filter({ hasText: order }).first().click();
  const lines = page.getByRole('region', { name: 'Shipment detail' }).getByTestId('decisions').locator('div');
  await lines.first().waitFor();
  return lines.allInnerTexts();
}

describe('Ship: scan to verify and the automation rules (issue 23)', () => {
  const bench = useBench({ prepare: (f) => f.call('settings.shipping.set', { shipFrom: { ...shipFrom, phone: '415-555-0100' }, scanToVerify: true, labelReference: 'Bench 7' }).then(() => undefined) });

  it('a three-item order is verified by scanning: wrong items are refused in words and sound, Buy waits until every line is complete, then one Enter buys', async () => {
    const f = bench();
    const { page } = f;
    await threeItemOrder(f);
    await recordSounds(f);
    const lastSound = () => page.evaluate(() => (window as unknown as { played: string[] }).played.at(-1) ?? null);
    await page.getByRole('textbox', { name: 'Scan' }).fill('V-100');
    await page.keyboard.press('Enter');
    const check = page.getByRole('group', { name: 'Scan to verify' });
    const counted = (sku: string) => check.getByRole('textbox', { name: `Count of ${sku}` });
    await expect.poll(() => check.getByRole('table', { name: 'Items to verify' }).locator('tbody tr td:first-child').allInnerTexts()).toEqual(['0812345000121', '0812345000138', 'POT-1']);
    await page.getByRole('table', { name: 'Rates' }).locator('tbody tr[aria-selected="true"]').waitFor();
    await page.getByRole('region', { name: 'Ship to' }).getByText(/^(standardized|address confirmed)$/).waitFor();

    await page.getByRole('textbox', { name: 'Scan' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Purchase' }).getByRole('alert').getByText(/Scan the items into the box: 3 items still to scan/).waitFor();

    await scannerTypes(page, '0812345000121');
    await expect.poll(() => counted('MUG-12').inputValue()).toBe('1');
    await expect.poll(() => page.getByRole('region', { name: 'Purchase' }).getByRole('alert').count()).toBe(0);
    await scannerTypes(page, 'CST-4');
    await check.getByRole('alert').getByText('Coaster set (4) (CST-4) is not in this order. Take it out of the box.').waitFor();
    await expect.poll(lastSound).toBe('item');
    await scannerTypes(page, '0812345000121');
    await check.getByRole('alert').getByText(/^Too many Ceramic mug \(MUG-12\): the order has 1/).waitFor();
    await page.getByRole('textbox', { name: 'Scan' }).fill('0000777');
    await page.keyboard.press('Enter');
    await check.getByRole('alert').getByText(/^Wrong item: "0000777" is no item of this order/).waitFor();
    await expect(page.getByRole('region', { name: 'Ship to' }).getByText('order V-100').count()).resolves.toBe(1);

    await scannerTypes(page, '0812345000138');
    await scannerTypes(page, 'POT-1');
    await check.getByRole('status').getByText('Every item is in the box: Enter buys.').waitFor();
    await expect.poll(lastSound).toBe('ok');
    await f.screenshot('verify-complete');
    await page.getByRole('textbox', { name: 'Scan' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status', { name: 'Label bought' }).waitFor();
    await expect(historyLines(f, 'V-100')).resolves.toEqual(['Items verified by scan: 3 items on 3 lines.']);
  });

  it('a typed count counts a line; Alt+V skips verifying the rest of the order, and History records the bench that skipped', async () => {
    const f = bench();
    const { page } = f;
    await threeItemOrder(f);
    await page.getByRole('textbox', { name: 'Scan' }).fill('V-100');
    await page.keyboard.press('Enter');
    const check = page.getByRole('group', { name: 'Scan to verify' });
    const teapots = check.getByRole('textbox', { name: 'Count of POT-1' });
    await teapots.fill('1');
    await teapots.press('Enter');
    await check.getByText(/2 items still to scan \(1 × MUG-12, 1 × NAP-1\)/).waitFor();
    await page.getByRole('table', { name: 'Rates' }).locator('tbody tr[aria-selected="true"]').waitFor();
    await page.keyboard.press('Alt+v');
    await check.getByRole('status').getByText('Scan to verify skipped for this order by Bench 7.').waitFor();
    await page.getByRole('textbox', { name: 'Scan' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status', { name: 'Label bought' }).waitFor();
    await expect(historyLines(f, 'V-100')).resolves.toEqual(['Scan to verify skipped by Bench 7.']);
  });

  it('a rule sets service, box and insurance for a Canadian order; the operator overrides the insurance, and History shows both', async () => {
    const f = bench();
    const { page } = f;
    await f.call('settings.shipping.set', { scanToVerify: false });
    await f.call('rules.add', {
      name: 'Canada',
      conditions: [{ kind: 'country', anyOf: ['CA'] }],
      actions: [
        { field: 'service', value: { kind: 'named', name: 'USPS Priority Mail International' } },
        { field: 'box', value: 'Medium box' },
        { field: 'insurance', value: { kind: 'amount', usd: 50 } },
      ],
    });
    const row = ['CA-3001', 'Noah Tremblay', '1 Rue Sainte-Catherine', 'Montreal', 'QC', 'H2X 1Y4', 'CA', '514-555-0142', '18', '8', '6', '4', 'gift', 'abandon', 'SYR-1', 'Maple syrup', '1', '18', '16', '170220', 'US'];
    await f.call('orders.importCsv', { csv: [header, row.join(',')].join('\n') });
    await page.getByRole('textbox', { name: 'Scan' }).fill('CA-3001');
    await page.keyboard.press('Enter');
    const rules = page.getByRole('region', { name: 'Set by rules' });
    await expect.poll(() => rules.getByRole('listitem').allInnerTexts()).toEqual([
      'Service: USPS Priority Mail International set by rule "Canada"',
      'Box: Medium box set by rule "Canada"',
      'Insurance: $50.00 set by rule "Canada"',
    ]);
    await expect(page.getByRole('region', { name: 'Package' }).getByRole('combobox', { name: /Box/ }).inputValue()).resolves.toBe('Medium box');
    const insurance = page.getByRole('textbox', { name: /Insurance/ });
    await expect(insurance.inputValue()).resolves.toBe('50.00');
    await page.getByRole('table', { name: 'Rates' }).locator('tbody tr[aria-selected="true"]', { hasText: 'USPS Priority Mail International' }).waitFor();

    await insurance.fill('80');
    await insurance.press('Enter');
    await rules.getByRole('listitem', { name: 'Insurance' }).getByText('changed by you; rule "Canada" set $50.00').waitFor();
    await page.getByText(/Insuring \$80\.00 costs/).waitFor();
    await page.getByRole('textbox', { name: 'Scan' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status', { name: 'Label bought' }).waitFor();
    const lines = await historyLines(f, 'CA-3001');
    expect(lines).toEqual([
      'Service: USPS Priority Mail International, set by rule "Canada".',
      'Box: Medium box, set by rule "Canada".',
      'Insurance: $80.00, changed by the operator (rule "Canada" set $50.00).',
    ]);
    const shipment = (await f.call('history.search', { query: 'CA-3001', limit: 1 })).shipments[0];
    expect(shipment).toMatchObject({ insuranceAmount: 80 });
  });
});
