import { describe, expect, it } from 'vitest';
import { BRIDGE_PATH, type BridgeRequest } from '../../shared/contract/bridge';
import { useBench } from './fixture';
import { scannerTypes } from './helpers';

/** The keys an operator presses, counted: each call is one key on the keyboard (a scanner's keys are not the operator's). */
function keyCounter(press: (key: string) => Promise<void>) {
  let count = 0;
  return {
    press: async (key: string) => {
      count += 1;
      await press(key);
    },
    typed: async (text: string) => {
      for (const char of text) {
        count += 1;
        await press(char);
      }
    },
    get count() {
      return count;
    },
  };
}

describe('Operator keys (issue 12 items 4, 8, 11)', () => {
  const bench = useBench();
  const focused = () =>
    bench().page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null;
      if (!el || el === document.body) return 'nothing';
      const label = el.labels?.[0]?.textContent?.trim() ?? '';
      return `${el.tagName.toLowerCase()}|${el.getAttribute('name') ?? ''}|${el.getAttribute('placeholder') ?? ''}|${el.getAttribute('aria-label') ?? ''}|${label}`;
    });

  it('keys per package: a scanned order with a form-only address change is the scan and Enter; a typed one is the number, Enter and Enter', async () => {
    const { page } = bench();
    const shipTo = page.getByRole('region', { name: 'Ship to' });
    const bought = page.getByRole('status', { name: 'Label bought' });

    const scanned = keyCounter((key) => page.keyboard.press(key));
    await scannerTypes(page, 'DEMO-1008');
    await shipTo.getByText('order DEMO-1008').waitFor();
    await shipTo.getByText('standardized', { exact: true }).waitFor();
    await page.getByRole('table', { name: 'Rates' }).getByRole('row', { selected: true }).waitFor();
    await scanned.press('Enter');
    await bought.filter({ hasText: 'DEMO-1008' }).waitFor();
    expect(scanned.count).toBe(1);

    const typed = keyCounter((key) => page.keyboard.press(key, { delay: 40 }));
    await expect.poll(focused).toMatch(/\|scan\|/);
    await typed.typed('DEMO-1009');
    await typed.press('Enter');
    await shipTo.getByText('order DEMO-1009').waitFor();
    await shipTo.getByText('standardized', { exact: true }).waitFor();
    await page.getByRole('table', { name: 'Rates' }).getByRole('row', { selected: true }).waitFor();
    await typed.press('Enter');
    await bought.filter({ hasText: 'DEMO-1009' }).waitFor();
    expect(typed.count).toBe('DEMO-1009'.length + 2);
  });

  it('an unreadable weight is named as such beside the rates, never "once it has a weight"', async () => {
    const { page } = bench();
    await scannerTypes(page, 'DEMO-1002');
    await page.getByRole('region', { name: 'Ship to' }).getByText('order DEMO-1002').waitFor();
    const rates = page.getByRole('region', { name: 'Rates' });
    await rates.getByRole('table', { name: 'Rates' }).waitFor();
    const weight = page.getByRole('textbox', { name: /Weight/ });
    await weight.fill('1 ib 4 oz');
    await weight.press('Tab');
    await page.getByRole('region', { name: 'Package' }).getByRole('alert').getByText(/is not a weight/).waitFor();
    await rates.getByText(/holds text that is not a weight/).waitFor();
    await expect(rates.textContent()).resolves.not.toMatch(/once the (package|Weight field) (has|holds) a weight/);
  });

  it('each screen puts the cursor where the operator starts', async () => {
    const { page } = bench();
    const expected: Array<[string, RegExp]> = [
      ['Alt+3', /^input\|.*Tracking number, order number/],
      ['Alt+4', /^input\|.*Order number/],
      ['Alt+5', /^(input|select|button)\|/],
      ['Alt+6', /^input\|.*Tracking number, order number/],
      ['Alt+7', /^input\|/],
      ['Alt+9', /^input\|/],
      ['Alt+1', /^input\|scan\|/],
    ];
    for (const [key, where] of expected) {
      await page.keyboard.press(key);
      // A screen other than Ship loads on its first visit; the cursor lands once it is drawn (or its list arrives).
      await page.getByRole('main').locator(':focus').waitFor();
      await expect.poll(focused, { message: key }).toMatch(where);
    }
    // Alt+E opens the address editor with the cursor in it, not in Scan.
    await scannerTypes(page, 'DEMO-1003');
    await page.getByRole('region', { name: 'Ship to' }).getByText('order DEMO-1003').waitFor();
    await page.keyboard.press('Alt+E');
    await expect.poll(focused).toMatch(/^input\|to\.street\|/);
  });

  it('a key pressed while a screen is still loading keeps the cursor where it put it: Pickups Alt+D before the pickup places arrive', async () => {
    const { page } = bench();
    // The station's answer with the places is held until the operator has pressed Alt+D, as a busy station would be late with it.
    const held: Array<() => void> = [];
    let holding = true;
    let asked: () => void = () => undefined;
    const placesAsked = new Promise<void>((resolve) => {
      asked = resolve;
    });
    await page.routeWebSocket(
      (url) => url.pathname === BRIDGE_PATH,
      (socket) => {
        const station = socket.connectToServer();
        socket.onMessage((message) => {
          if (holding && typeof message === 'string' && (JSON.parse(message) as BridgeRequest).name === 'pickups.locations') {
            held.push(() => station.send(message));
            asked();
          } else station.send(message);
        });
        station.onMessage((message) => socket.send(message));
      },
    );
    await page.reload();
    await page.getByLabel('Station status').getByText('Connected', { exact: true }).waitFor();

    await page.keyboard.press('Alt+5');
    const date = page.getByRole('main').getByRole('textbox', { name: /^Pickup date/ });
    await date.waitFor();
    await placesAsked;
    await page.keyboard.press('Alt+d');
    await date.and(page.locator(':focus')).waitFor();

    holding = false;
    for (const release of held) release();
    const firstPlace = page.getByRole('group', { name: 'Where the packages wait' }).getByRole('checkbox').first();
    await firstPlace.waitFor();
    // The places are drawn; the screen's effects run before the page's next frame and task.
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    await expect(date.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
  });
});
