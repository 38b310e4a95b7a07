import { describe, expect, it } from 'vitest';
import { useBench } from './fixture';

describe('Products in Settings: look up, edit and add with the keyboard (issue 22 item 4)', () => {
  const bench = useBench();

  it('finds a product by name, opens it with Enter, saves a new weight with Enter, and adds a new SKU', async () => {
    const f = bench();
    const { page } = f;
    await f.call('products.importCsv', { csv: 'sku,name,weight_oz\nMUG-12,"Ceramic mug, 12 oz",14.5\nNAP-1,Linen napkin,1.4' });
    await page.keyboard.press('Alt+S');
    const panel = page.getByRole('region', { name: 'Products' });
    await panel.getByRole('searchbox', { name: /Find a product/ }).focus();
    await page.keyboard.type('mug');
    const rows = panel.getByRole('table', { name: 'Catalog' }).locator('tbody tr');
    await expect.poll(() => rows.allInnerTexts()).toEqual(['MUG-12\tCeramic mug, 12 oz\t14.5 oz']);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const form = panel.getByRole('form', { name: 'Product' });
    await expect.poll(() => form.getByRole('textbox', { name: 'SKU' }).inputValue()).toBe('MUG-12');
    await form.getByRole('textbox', { name: 'Weight of one unit' }).fill('1 lb');
    await page.keyboard.press('Enter');
    await panel.getByRole('status').getByText('Saved MUG-12.').waitFor();
    expect(await f.call('products.get', { sku: 'mug-12' })).toMatchObject({ sku: 'MUG-12', weightOz: 16 });

    await form.getByRole('button', { name: 'New product' }).press('Enter');
    await form.getByRole('textbox', { name: 'SKU' }).fill('POT-1');
    await form.getByRole('textbox', { name: 'Name' }).fill('Teapot, stoneware');
    await form.getByRole('textbox', { name: 'Weight of one unit' }).fill('900 g');
    await form.getByRole('textbox', { name: 'Made in (country code)' }).fill('pt');
    await page.keyboard.press('Enter');
    await panel.getByRole('status').getByText('Added POT-1.').waitFor();
    expect(await f.call('products.get', { sku: 'POT-1' })).toMatchObject({ name: 'Teapot, stoneware', weightOz: expect.closeTo(31.75, 1) as unknown, originCountry: 'PT' });

    await form.getByRole('textbox', { name: 'Weight of one unit' }).fill('heavy');
    await page.keyboard.press('Enter');
    await panel.getByText('"heavy" is not a weight. Type it like 14.5, 1.2 lb or 540 g.').waitFor();
  });
});
