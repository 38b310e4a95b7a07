import { describe, expect, it } from 'vitest';
import { useBench } from './fixture';

/** The bench hears whether a scan was taken on every screen that takes one. */
describe('scan sounds beyond the Ship screen', () => {
  const bench = useBench({
    prepare: (f) =>
      f.page.evaluate(() => {
        const played: string[] = [];
        (window as unknown as { played: string[] }).played = played;
        HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
          played.push(/scan-ok/.test(this.src) ? 'ok' : 'error');
          return Promise.resolve();
        };
      }),
  });

  const lastSound = () => bench().page.evaluate(() => (window as unknown as { played: string[] }).played.at(-1) ?? null);
  const count = () => bench().page.evaluate(() => (window as unknown as { played: string[] }).played.length);

  it('Returns: an order found sounds ok, an unknown one sounds the error', async () => {
    const { page } = bench();
    await page.keyboard.press('Alt+4');
    const order = page.getByRole('textbox', { name: /From an order/ });
    await order.fill('DEMO-1001');
    await order.press('Enter');
    await expect.poll(lastSound).toBe('ok');
    const before = await count();
    await order.fill('NO-SUCH-ORDER');
    await order.press('Enter');
    await expect.poll(count).toBe(before + 1);
    await expect(lastSound()).resolves.toBe('error');
  });

  it('Tracking: a number it cannot track sounds the error', async () => {
    const { page } = bench();
    await page.keyboard.press('Alt+6');
    const before = await count();
    const field = page.getByRole('textbox', { name: /Tracking number/ });
    await field.fill('ZZ0000000000NOPE');
    await field.press('Enter');
    await page.getByRole('main').getByRole('alert').waitFor();
    await expect.poll(count).toBe(before + 1);
    await expect(lastSound()).resolves.toBe('error');
  });
});
