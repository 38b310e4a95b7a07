import { describe, expect, it } from 'vitest';
import { useBench } from './fixture';
import { ownSandbox, scanAndSettle } from './helpers';

describe('a buy that fails is retried without a second charge', () => {
  const bench = useBench({ ownSandbox: true });

  it('shows the failure in words, and the retry returns the label already paid for', async () => {
    const { page } = bench();
    const sandbox = ownSandbox(bench());
    await scanAndSettle(bench(), 'DEMO-1007');

    const before = sandbox.stats();
    // The service sells the label but the answer is lost; then the service goes down, so the
    // station's own re-sends fail too and the packer sees the failure.
    sandbox.faults.set({ dropPurchaseResponses: 1 });
    const outage = setInterval(() => {
      if (sandbox.stats().droppedResponses > before.droppedResponses) sandbox.faults.set({ failRate: 1 });
    }, 5);
    await page.getByRole('textbox', { name: 'Scan' }).focus();
    await page.keyboard.press('Enter');
    const failure = page.getByRole('region', { name: 'Purchase' }).getByRole('alert');
    await failure.waitFor({ timeout: 20_000 });
    clearInterval(outage);
    await expect(failure.locator('.error-code').textContent()).resolves.toMatch(/service_unavailable|timeout/);
    await page.getByText('never charged twice', { exact: false }).first().waitFor();
    expect(sandbox.stats().labelsSold).toBe(before.labelsSold + 1);
    await bench().screenshot('buy-failed');

    sandbox.faults.set({ failRate: 0 });
    await page.getByRole('button', { name: 'Buy and print' }).click();
    await page.getByRole('status', { name: 'Label bought' }).waitFor();
    const after = sandbox.stats();
    expect(after.labelsSold).toBe(before.labelsSold + 1);
    expect(after.duplicatePurchases).toBeGreaterThan(before.duplicatePurchases);
    const cost = Number(((await page.getByTestId('label-cost').textContent()) ?? '').replace(/[$,]/g, ''));
    expect(before.balanceCents - after.balanceCents).toBe(Math.round(cost * 100));
    const history = await bench().call('history.search', { query: 'DEMO-1007' });
    expect(history.shipments.filter((s) => s.state === 'bought')).toHaveLength(1);
  });
});
