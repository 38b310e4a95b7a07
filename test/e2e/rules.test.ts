import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { decodeExport } from '../../shared/domain/orderImport/decode';
import { cli } from '../support/cli';
import { shipFrom, useBench } from './fixture';

/** Shopify's export: order #1002 is tagged "gift, Fragile" and holds a $42 teapot and three $9.50 coaster sets. */
const shopifyCsv = decodeExport(fs.readFileSync(path.join(__dirname, '../fixtures/store-exports/shopify-orders_export_1.csv')));

/** The accessible name of the focused field's label, as the operator would find it by Tab. */
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.closest('label')?.textContent?.trim() ?? '');

/** Tab until the cursor is in the field whose label starts with `name`: the keyboard alone fills the form. */
async function tabTo(page: Page, name: string): Promise<void> {
  for (let presses = 0; presses < 60; presses += 1) {
    if ((await focusedLabel(page)).startsWith(name)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached the field "${name}"`);
}

describe('Rules screen (issue 23 item 3)', () => {
  const bench = useBench({ bare: true });

  it('adds a rule by keyboard with errors beside their fields, lists it in words, tests it on an order in the words of rules test, moves and removes it', async () => {
    const f = bench();
    const { page } = f;
    await f.call('settings.shipping.set', { shipFrom });
    expect(await f.call('orders.importCsv', { csv: shopifyCsv })).toMatchObject({ format: 'shopify', imported: 3 });

    await page.keyboard.press('Alt+=');
    await page.getByRole('heading', { name: 'Rules', level: 1 }).waitFor();
    await expect.poll(() => focusedLabel(page)).toBe('Rule name');
    await page.getByText('There are no rules.').waitFor();

    // Nothing named, a country in words: each error sits beside its field, and the cursor goes to the first.
    await tabTo(page, 'Ships to country');
    await page.keyboard.type('Canada');
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Add a rule' });
    await form.getByRole('alert').filter({ hasText: 'Name the rule, so the Ship screen and History can say which rule set what.' }).waitFor();
    await form.getByRole('alert').filter({ hasText: 'A country is a two-letter code, such as CA or MX.' }).waitFor();
    await expect.poll(() => focusedLabel(page)).toMatch(/^Rule name/);
    await page.keyboard.type('Gifts go boxed');
    await tabTo(page, 'Ships to country');
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await tabTo(page, 'Tagged');
    await page.keyboard.type('gift');
    await tabTo(page, 'Box preset');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await tabTo(page, 'Insurance');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Alt+A');

    const list = page.getByRole('listbox', { name: 'Rules' });
    const first = list.getByRole('option').first();
    await expect.poll(() => first.innerText()).toBe('1. Gifts go boxed\nwhen tagged gift then Box: Medium box; Insurance: the order total');
    await page.getByRole('status').filter({ hasText: 'Added rule 1 "Gifts go boxed", tried after the others.' }).waitFor();
    await expect.poll(() => focusedLabel(page)).toBe('Rule name');
    expect(await form.getByRole('alert').count()).toBe(0);

    // Test on order 1002: the lines rules test prints for the same order, nothing bought.
    await page.keyboard.press('Alt+O');
    await page.keyboard.type('1002');
    await page.keyboard.press('Enter');
    const verdict = page.getByRole('status').filter({ hasText: 'nothing is bought' });
    await verdict.getByText('Insurance: $70.50 (rule 1 "Gifts go boxed")').waitFor();
    const shown = (await verdict.locator('p, li').allInnerTexts()).map((line) => line.trim());
    const printed = await cli(['rules', 'test', '--order', '1002', '--data-dir', f.dataDir]);
    expect(printed.code, printed.err.join('\n')).toBe(0);
    expect(shown).toEqual(printed.out.map((line) => line.trim()));
    expect(shown).toEqual([
      'Order #1002 (nothing is bought):',
      'rule 1 "Gifts go boxed": matches, sets Box, Insurance',
      'Box: Medium box (rule 1 "Gifts go boxed")',
      'Insurance: $70.50 (rule 1 "Gifts go boxed")',
    ]);
    await f.screenshot('rules');

    // A second rule (from the CLI's station, as another bench would); the picked rule moves below it, then goes.
    await f.call('rules.add', { name: 'Everything', conditions: [], actions: [{ field: 'box', value: 'Small box' }] });
    await expect.poll(() => list.getByRole('option').allInnerTexts()).toHaveLength(2);
    await page.keyboard.press('Alt+D');
    await expect.poll(async () => (await list.getByRole('option').allInnerTexts()).map((t) => t.split('\n')[0])).toEqual(['2. Everything', '1. Gifts go boxed']);
    await page.getByRole('status').filter({ hasText: 'Moved rule 1 "Gifts go boxed" down: it is tried 2nd.' }).waitFor();
    await page.getByText('The rules changed since this test: press Test again.').waitFor();
    await page.keyboard.press('Alt+R');
    await page.getByRole('status').filter({ hasText: 'Removed rule 1 "Gifts go boxed".' }).waitFor();
    await expect.poll(() => list.getByRole('option').allInnerTexts()).toEqual(['2. Everything\nwhen any order then Box: Small box']);
    expect((await f.call('rules.list', {})).map((r) => r.name)).toEqual(['Everything']);
  });
});
