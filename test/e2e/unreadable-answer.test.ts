import { describe, expect, it } from 'vitest';
import { useBench } from './fixture';
import { ownSandbox, scanAndSettle } from './helpers';

describe('a purchase answer the station does not understand', () => {
  const bench = useBench({ ownSandbox: true });

  it('shows the package on the Ship screen as bought with the answer not understood, and prints the label found in the answer', async () => {
    const { page } = bench();
    const sandbox = ownSandbox(bench());
    await scanAndSettle(bench(), 'DEMO-1007');

    // The service sells the label and answers with its tracking number and image under names no documented answer uses.
    sandbox.faults.set({ unreadablePurchaseAnswers: 1, unreadableKind: 'scattered' });
    const sold = sandbox.stats().labelsSold;
    await page.getByRole('button', { name: 'Buy and print' }).click();
    const bought = page.getByRole('status', { name: 'Label bought' });
    await bought.waitFor({ timeout: 20_000 });
    const note = bought.getByTestId('unreadable-answer');
    await note.waitFor();
    await expect(note.textContent()).resolves.toMatch(/Bought, answer not understood\..*found tracking number/);
    const tracking = ((await bought.getByTestId('tracking-number').textContent()) ?? '').trim();
    expect(tracking).toMatch(/^[0-9A-Z]{10,}$/);
    await expect(note.locator('.error-code').textContent()).resolves.toMatch(/purchase answer not understood .* label from /);
    await expect(bought.getByRole('img', { name: 'Label preview' }).isVisible()).resolves.toBe(true);
    await page.getByRole('list', { name: 'Purchase progress' }).locator('li.done', { hasText: 'Printed' }).waitFor({ timeout: 20_000 });
    expect(sandbox.stats().labelsSold).toBe(sold + 1);

    const jobs = await bench().call('printJobs.list', { limit: 10 });
    expect(jobs.filter((j) => j.status === 'done' && j.title.includes(tracking))).toHaveLength(1);
    const history = await bench().call('history.search', { query: 'DEMO-1007' });
    expect(history.shipments).toHaveLength(1);
    expect(history.shipments[0]).toMatchObject({ state: 'bought', trackingNo: tracking, unreadableAnswer: { details: expect.stringMatching(/create_and_pay|direct_buy/) } });
    await bench().screenshot('bought-answer-not-understood');

    // A rescan of the order says it was bought: Buy gives back that label, never a second one.
    await page.getByRole('textbox', { name: 'Scan' }).fill('DEMO-1007');
    await page.keyboard.press('Enter');
    await page.getByRole('note').filter({ hasText: 'This order already has a label' }).waitFor();
    expect(sandbox.stats().labelsSold).toBe(sold + 1);
  });
});
