import { describe, expect, it } from 'vitest';
import { useInstalledPrinter } from '../support/cups';
import Database from 'better-sqlite3';
import type { Locator, Page } from 'playwright-core';
import path from 'node:path';
import { shipFrom, useBench } from './fixture';
import { buyFirstV1Rate, buyForOrder, createV1Order, internationalCsv, isUsps } from './helpers';

/** How often the station asked the service for the v1 balance, read from its call record beside the running station (SQLite allows a reader next to the writer). */
function balanceReads(dataDir: string): number {
  const db = new Database(path.join(dataDir, 'station.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("SELECT COUNT(*) AS n FROM audit_log WHERE endpoint = '/api/balance'").get() as { n: number }).n;
  } finally {
    db.close();
  }
}

const screenKeys = ['Alt+1', 'Alt+2', 'Alt+3', 'Alt+4', 'Alt+5', 'Alt+6', 'Alt+7', 'Alt+8', 'Alt+9', 'Alt+=', 'Alt+0', 'Alt+s'];

/** Puts a problem on the error surface the way an operator meets one: an empty CSV file imported on Ship. */
async function showAProblem(page: Page): Promise<Locator> {
  await page.keyboard.press('Alt+1');
  await page.keyboard.press('Alt+o');
  await page.getByRole('button', { name: 'Pull practice orders' }).waitFor();
  await page.locator('input[type="file"]').setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.from('') });
  const problems = page.getByRole('region', { name: 'Problems' });
  await problems.getByText(/Importing empty\.csv failed/).waitFor();
  return problems;
}

/** Presses a key that opens a PDF (the shell hands it to the system viewer; here Chromium opens a window) and gives that window's address. */
async function opensWith(page: Page, key: string): Promise<string> {
  const opened = page.waitForEvent('popup');
  await page.keyboard.press(key);
  const viewer = await opened;
  const url = viewer.url();
  await viewer.close();
  return url;
}

/** Every action has a key, and the key shown on a button is the one that works. */
describe('keys on every screen', () => {
  const bench = useBench();

  it('shows a key on every button and link of each screen, and no key is declared twice on one screen', async () => {
    const { page } = bench();
    for (const key of screenKeys) {
      await page.keyboard.press(key);
      await page.locator('main section.screen').first().waitFor();
      // A list's rows each have the same button; the key goes to one row and is checked by its own test below.
      const missing = await page
        .locator('main button, main a.button, main label.button')
        .evaluateAll((controls) =>
          controls.filter((c) => c.getClientRects().length > 0 && !c.closest('table, ul, ol') && !c.querySelector('kbd')).map((c) => c.textContent?.trim()),
        );
      expect({ key, missing }).toEqual({ key, missing: [] });
      const declared = await page
        .locator('[aria-keyshortcuts]')
        .evaluateAll((elements) => elements.filter((e) => e.getClientRects().length > 0).flatMap((e) => (e.getAttribute('aria-keyshortcuts') ?? '').split(' ')));
      expect({ key, twice: declared.filter((k, index) => declared.indexOf(k) !== index) }).toEqual({ key, twice: [] });
    }
  });

  it('Account: each main button shows its own key, none shared, and Alt+G asks the label desk for rates', async () => {
    const { page } = bench();
    await page.keyboard.press('Alt+0');
    const account = page.getByRole('region', { name: 'Account' });
    const keyOf = async (name: string): Promise<[string | null, string | null]> => {
      const button = account.getByRole('button', { name, exact: true });
      return [await button.getAttribute('aria-keyshortcuts'), await button.locator('kbd').textContent()];
    };
    const names = ['Create order', 'Get v1 rates', 'Buy direct', 'Void label', 'Verify address', 'Create SCAN form'];
    const keys = await Promise.all(names.map(keyOf));
    for (const [index, [declared, shown]] of keys.entries()) expect({ name: names[index], declared }).toEqual({ name: names[index], declared: shown });
    const everyKey = await page
      .locator('[aria-keyshortcuts]')
      .evaluateAll((elements) => elements.filter((e) => e.getClientRects().length > 0).flatMap((e) => (e.getAttribute('aria-keyshortcuts') ?? '').split(' ')));
    expect(everyKey.length).toBeGreaterThanOrEqual(names.length);
    expect(new Set(everyKey).size).toBe(everyKey.length);

    // An empty desk: the rates request is refused in words, which shows Alt+G pressed the button.
    const desk = page.getByRole('region', { name: 'Label desk' });
    await expect(desk.getByRole('alert').count()).resolves.toBe(0);
    await page.keyboard.press('Alt+g');
    await desk.getByRole('alert').first().waitFor();
  });

  it('History: a scanned tracking number opens its label; Alt+R reprints it and Alt+V goes to Void with it', async () => {
    const shipment = await buyForOrder(bench(), 'DEMO-1009', isUsps);
    const { page } = bench();
    await page.keyboard.press('Alt+9');
    await page.getByRole('searchbox', { name: 'Search' }).fill(shipment.trackingNo ?? '');
    await page.getByRole('img', { name: 'Label preview' }).waitFor();
    const jobs = (await bench().call('printJobs.list', { limit: 50 })).length;
    await page.keyboard.press('Alt+r');
    await expect.poll(async () => (await bench().call('printJobs.list', { limit: 50 })).length).toBe(jobs + 1);
    await page.keyboard.press('Alt+v');
    const voidScreen = page.getByRole('region', { name: 'Void' });
    await voidScreen.getByRole('button', { name: /Void this label/ }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('History: Alt+T shows the label\'s tracking timeline at once', async () => {
    const shipment = await buyForOrder(bench(), 'DEMO-1012', isUsps);
    const { page } = bench();
    await page.keyboard.press('Alt+9');
    await page.getByRole('searchbox', { name: 'Search' }).fill(shipment.trackingNo ?? '');
    await page.getByRole('button', { name: 'Track' }).waitFor();
    await page.keyboard.press('Alt+t');
    await page.getByRole('region', { name: 'Tracking status' }).waitFor();
    await expect(page.getByRole('list', { name: 'Tracking events' }).locator('li').count()).resolves.toBeGreaterThan(0);
  });

  it('End of day: Alt+F makes the SCAN form for USPS labels bought today, Alt+O opens its PDF', async () => {
    await buyForOrder(bench(), 'DEMO-1011', isUsps);
    const { page } = bench();
    await page.keyboard.press('Alt+8');
    await page.getByRole('button', { name: /Create SCAN form/ }).and(page.locator(':not([disabled])')).waitFor();
    await page.keyboard.press('Alt+f');
    const pdf = page.getByRole('link', { name: 'Open the SCAN form PDF' });
    await pdf.waitFor();
    const href = await pdf.getAttribute('href');
    await expect(opensWith(page, 'Alt+o')).resolves.toBe(href);
  });

  it('Batch: scans, then Alt+R rates and Alt+P buys and prints the queue', async () => {
    const f = bench();
    const { page } = f;
    await page.keyboard.press('Alt+2');
    const scan = page.getByRole('textbox', { name: 'Scan' });
    for (const order of ['DEMO-1010', 'DEMO-1011']) {
      await scan.fill(order);
      await scan.press('Enter');
      await page.getByRole('table', { name: 'Batch packages' }).getByRole('row').filter({ hasText: order }).getByRole('combobox').waitFor();
    }
    const quoteIds = async () => (await f.call('batchDesk.state', {})).lines.map((l) => (l.buyable ? l.row?.quote?.quoteId : undefined));
    const before = await quoteIds();
    await page.keyboard.press('Alt+r');
    // Alt+P buys only prices on screen: it waits until Alt+R's new prices are drawn, as a packer would.
    await expect.poll(async () => (await quoteIds()).every((id, i) => id !== undefined && id !== before[i])).toBe(true);
    const rows = page.getByRole('table', { name: 'Batch packages' }).locator('tbody tr');
    await expect.poll(() => rows.filter({ hasText: 'Ready' }).count()).toBe(2);
    await page.keyboard.press('Alt+p');
    await expect.poll(() => rows.filter({ hasText: /Printed|Bought/ }).count(), { timeout: 20_000 }).toBe(2);
  });

  it('Alt+X dismisses the newest problem on the error surface', async () => {
    const { page } = bench();
    const problems = await showAProblem(page);
    await expect(problems.getByRole('button', { name: 'Dismiss' }).getAttribute('aria-keyshortcuts')).resolves.toBe('Alt+X');
    await page.keyboard.press('Alt+x');
    await problems.waitFor({ state: 'detached' });
  });

  it('the fields an operator sets have keys too: each puts the cursor in its field', async () => {
    const { page } = bench();
    const fields: ReadonlyArray<readonly [screen: string, key: string, role: 'combobox' | 'textbox', name: RegExp]> = [
      ['Alt+1', 'Alt+k', 'combobox', /^Box$/],
      ['Alt+4', 'Alt+e', 'combobox', /^Service$/],
      ['Alt+5', 'Alt+d', 'textbox', /^Pickup date/],
      ['Alt+5', 'Alt+f', 'combobox', /^Status$/],
      ['Alt+6', 'Alt+l', 'combobox', /^Look up by$/],
      ['Alt+6', 'Alt+c', 'textbox', /^Carrier/],
      ['Alt+9', 'Alt+e', 'combobox', /^State$/],
    ];
    for (const [screen, key, role, name] of fields) {
      await page.keyboard.press(screen);
      const field = page.getByRole('main').getByRole(role, { name });
      await field.waitFor();
      await page.keyboard.press(key);
      await field.and(page.locator(':focus')).waitFor();
    }
  });

  it('a key presses a checkbox or a choice: Settings Alt+W switches wire capture on and off, Alt+L and Alt+B choose the backend; Pickups Alt+O lists the oldest first', async () => {
    const f = bench();
    const { page } = f;
    await page.keyboard.press('Alt+s');
    const capture = page.getByRole('checkbox', { name: /^Record every exchange/ });
    await capture.waitFor();
    await page.keyboard.press('Alt+w');
    await expect.poll(async () => (await f.call('capture.status', {})).enabled).toBe(true);
    await page.getByRole('checkbox', { name: /^Record every exchange/, checked: true }).waitFor();
    await page.keyboard.press('Alt+w');
    await expect.poll(async () => (await f.call('capture.status', {})).enabled).toBe(false);

    await page.keyboard.press('Alt+l');
    await page.getByRole('textbox', { name: 'Service address (v2)' }).waitFor();
    await expect(page.getByRole('radio', { name: /^Live service/ }).isChecked()).resolves.toBe(true);
    await page.keyboard.press('Alt+b');
    await page.getByRole('textbox', { name: 'Service address (v2)' }).waitFor({ state: 'detached' });
    await expect(page.getByRole('radio', { name: /^Sandbox/ }).isChecked()).resolves.toBe(true);

    await page.keyboard.press('Alt+5');
    await page.getByRole('checkbox', { name: /^Oldest first/, checked: false }).waitFor();
    await page.keyboard.press('Alt+o');
    await page.getByRole('checkbox', { name: /^Oldest first/, checked: true }).waitFor();
  });

  it('Ship: Alt+I in the orders inbox opens the file picker and imports the CSV file chosen', async () => {
    const { page } = bench();
    // Playwright asks Chromium to hand it file pickers without waiting for the answer; subscribing
    // before the screen opens leaves that request the whole screen change to land, not one key press.
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Alt+1');
    await page.keyboard.press('Alt+o');
    const inbox = page.getByRole('region', { name: 'Orders inbox' });
    await inbox.getByRole('button', { name: 'Pull practice orders' }).waitFor();
    await page.keyboard.press('Alt+i');
    const csv = ['order_number,recipient_name,street,city,state,zip_code,country,weight_oz', 'KEY-3001,Ann Lee,1457 Sunset Blvd,Los Angeles,CA,90026,US,12'].join('\n');
    await (await chooser).setFiles({ name: 'orders.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await inbox.getByRole('status').getByText(/Imported 1, updated 0/).waitFor();
    await inbox.getByRole('cell', { name: 'KEY-3001' }).waitFor();
  });

  it('Batch: Alt+M removes the newest package scanned', async () => {
    const { page } = bench();
    await page.keyboard.press('Alt+2');
    const scan = page.getByRole('textbox', { name: 'Scan' });
    const table = page.getByRole('table', { name: 'Batch packages' });
    for (const order of ['DEMO-1010', 'DEMO-1011']) {
      await scan.fill(order);
      await scan.press('Enter');
      await table.getByRole('row').filter({ hasText: order }).getByRole('combobox').waitFor();
    }
    await page.keyboard.press('Alt+m');
    await table.locator('tbody tr').filter({ hasText: 'DEMO-1011' }).waitFor({ state: 'detached' });
    await expect(table.locator('tbody tr').allTextContents()).resolves.toEqual([expect.stringContaining('DEMO-1010')]);
  });

  it('Returns: Alt+W puts the cursor in Weight', async () => {
    const { page } = bench();
    await page.keyboard.press('Alt+4');
    const weight = page.getByRole('textbox', { name: 'Weight' });
    await page.getByRole('textbox', { name: /From an order/ }).waitFor();
    await page.keyboard.press('Alt+w');
    await weight.and(page.locator(':focus')).waitFor();
    await page.keyboard.type('1 lb 4 oz');
    await expect(weight.inputValue()).resolves.toBe('1 lb 4 oz');
  });

  it('Pickups: Alt+C asks to cancel the next confirmed pickup, even with a problem showing (Alt+X is its Dismiss), and Alt+K keeps it', async () => {
    const shipment = await buyForOrder(bench(), 'DEMO-1010', isUsps);
    await bench().call('pickups.schedule', { trackingNos: [shipment.trackingNo ?? ''], packageLocation: ['front_door'] });
    const { page } = bench();
    // A problem from another screen stays on the error surface, whose Dismiss answers Alt+X.
    const problems = await showAProblem(page);
    await page.keyboard.press('Alt+5');
    const row = page.getByRole('table', { name: 'Pickup list' }).getByRole('row').filter({ hasText: 'CONFIRMED' });
    await row.getByRole('button', { name: 'Cancel pickup' }).waitFor();
    await page.keyboard.press('Alt+c');
    const confirm = row.getByRole('group', { name: 'Confirm cancel' });
    await confirm.waitFor();
    await expect(problems.getByText(/Importing empty\.csv failed/).count()).resolves.toBe(1);
    await page.keyboard.press('Alt+k');
    await confirm.waitFor({ state: 'detached' });
    await expect((await bench().call('pickups.list', {})).pickups.map((p) => p.status)).toEqual(['CONFIRMED']);
  });

  it('Tracking: Alt+E goes to the proof-of-delivery addresses, where Enter requests the letter', async () => {
    const shipment = await buyForOrder(bench(), 'DEMO-1012', isUsps);
    const { page } = bench();
    await page.keyboard.press('Alt+6');
    await page.getByRole('textbox', { name: /^Tracking number/ }).fill(shipment.trackingNo ?? '');
    await page.keyboard.press('Enter');
    const pod = page.getByRole('region', { name: 'Proof of delivery' });
    await pod.waitFor();
    await page.keyboard.press('Alt+e');
    await page.keyboard.type('ops@example.com');
    await expect(pod.getByRole('textbox').inputValue()).resolves.toBe('ops@example.com');
    await page.keyboard.press('Enter');
    await pod.getByRole('status').waitFor();
  });

  it('End of day: Alt+E opens the PDF of the earlier SCAN form picked (the newest, until ↑ ↓ pick another)', async () => {
    await buyForOrder(bench(), 'DEMO-1011', isUsps);
    const older = await bench().call('scanForms.createToday', {});
    await buyForOrder(bench(), 'DEMO-1012', isUsps);
    const newer = await bench().call('scanForms.createToday', {});
    const { page } = bench();
    await page.keyboard.press('Alt+8');
    const earlier = page.getByRole('table', { name: 'Earlier SCAN forms' });
    await earlier.getByRole('link', { name: 'Open PDF' }).nth(1).waitFor();
    await expect(earlier.getByRole('link', { name: 'Open PDF' }).count()).resolves.toBe(2);
    await expect(opensWith(page, 'Alt+e')).resolves.toBe(newer.pdfUrl);
    await page.keyboard.press('ArrowDown');
    await earlier.locator('tbody tr').nth(1).and(page.locator('[aria-selected="true"]')).waitFor();
    await expect(opensWith(page, 'Alt+e')).resolves.toBe(older.pdfUrl);
  });

  it('History: Alt+D saves the customs form as the service sent it', async () => {
    const f = bench();
    await f.call('settings.shipping.set', { shipFrom: { ...shipFrom, phone: '415-555-0100' } });
    await f.call('orders.importCsv', { csv: internationalCsv });
    const { page } = f;
    await page.getByRole('textbox', { name: 'Scan' }).fill('CA-2002');
    await page.keyboard.press('Enter');
    await page.getByRole('table', { name: 'Rates' }).locator('tbody tr[aria-selected="true"]').waitFor();
    await page.getByRole('textbox', { name: 'Scan' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status', { name: 'Label bought' }).waitFor();
    await page.keyboard.press('Alt+9');
    await page.getByRole('searchbox', { name: 'Search' }).fill('CA-2002');
    await page.getByRole('link', { name: /^Save customs form/ }).waitFor();
    const download = page.waitForEvent('download');
    await page.keyboard.press('Alt+d');
    expect((await download).suggestedFilename()).toMatch(/^customs-\w+-1\.(pdf|png)$/);
  });

  it('Account: Alt+R refreshes the balance, Alt+L pulls orders, Alt+H shows an order\'s labels and Alt+E opens one, Alt+D asks to delete (Alt+N keeps, Alt+Y deletes)', async () => {
    const f = bench();
    const { page } = f;
    await createV1Order(page);
    await page.getByTestId('balance').waitFor();
    const reads = balanceReads(f.dataDir);
    await page.keyboard.press('Alt+r');
    await expect.poll(() => balanceReads(f.dataDir)).toBe(reads + 1);

    const orders = page.getByRole('region', { name: 'Legacy orders' });
    await page.keyboard.press('Alt+l');
    await orders.getByRole('status').getByText(/^\d+ new, \d+ updated\.$/).waitFor();

    await page.keyboard.press('Alt+p');
    await expect(page.getByRole('status', { name: 'v1 label bought' }).count()).resolves.toBe(0);
    const tracking = await buyFirstV1Rate(page);
    await orders.getByRole('textbox', { name: 'Store name' }).fill('E2E Store');
    // A row of the v1 orders is reached with Tab like the inbox's, and Enter takes its number.
    await orders.getByRole('table', { name: 'v1 orders' }).getByRole('row').filter({ hasText: 'E2E-V1-1' }).focus();
    await page.keyboard.press('Enter');
    await expect(orders.getByRole('textbox', { name: 'Order number' }).inputValue()).resolves.toBe('E2E-V1-1');
    await page.keyboard.press('Alt+h');
    const labels = orders.getByRole('table', { name: 'v1 labels' });
    await labels.getByRole('cell', { name: tracking }).waitFor();
    const href = await labels.getByRole('link', { name: 'Label' }).first().getAttribute('href');
    await expect(opensWith(page, 'Alt+e')).resolves.toBe(href);

    await page.keyboard.press('Alt+d');
    const asking = orders.getByRole('alert').filter({ hasText: /irreversible/ });
    await asking.waitFor();
    await page.keyboard.press('Alt+n');
    await asking.waitFor({ state: 'detached' });
    await page.keyboard.press('Alt+d');
    await asking.waitFor();
    await page.keyboard.press('Alt+y');
    await orders.getByRole('status').getByText('Order E2E-V1-1 was deleted from store E2E Store.').waitFor();
  });

  it('Account: Alt+P buys the cheapest v1 rate, and Alt+O opens the v1 SCAN form PDF', async () => {
    const { page } = bench();
    await createV1Order(page);
    const desk = page.getByRole('region', { name: 'Label desk' });
    await page.keyboard.press('Alt+g');
    const rates = desk.getByRole('table', { name: 'v1 rates' });
    await rates.waitFor();
    // The station lists the v1 rates cheapest first; Alt+P buys the first row's service.
    const prices = (await rates.locator('tbody tr td:nth-child(3)').allTextContents()).map((p) => Number(p.replace(/[^0-9.]/g, '')));
    expect(prices).toEqual([...prices].sort((x, y) => x - y));
    const cheapest = ((await rates.locator('tbody tr').first().locator('td:nth-child(2)').textContent()) ?? '').trim();
    await page.keyboard.press('Alt+p');
    const bought = desk.getByRole('status', { name: 'v1 label bought' });
    await bought.waitFor();
    await expect(bought.textContent()).resolves.toContain(cheapest);
    const tracking = ((await bought.getByTestId('v1-tracking').textContent()) ?? '').trim();

    const forms = page.getByRole('region', { name: 'Legacy SCAN forms' });
    await forms.getByRole('textbox', { name: /Tracking codes/ }).fill(tracking);
    await page.keyboard.press('Alt+f');
    const pdf = forms.getByRole('link', { name: 'Open the SCAN form PDF' });
    await pdf.waitFor();
    const href = await pdf.getAttribute('href');
    await expect(opensWith(page, 'Alt+o')).resolves.toBe(href);
  });

  it('Settings: Alt+D removes the stored keys, Alt+A adds a box preset and Alt+M removes the last, Enter places the simulated package, Alt+C then Alt+P prints the command sheet', async () => {
    const f = bench();
    await f.call('credentials.set', { profile: 'test', appKey: 'SS_TEST_KEY_0001', appSecret: 'SS_TEST_SECRET_0001' });
    const { page } = f;
    await page.keyboard.press('Alt+s');
    const backend = page.getByRole('region', { name: 'Backend' });
    await backend.getByText('stored').first().waitFor();
    await page.keyboard.press('Alt+d');
    await expect.poll(async () => (await f.call('backend.status', {})).profiles.test).toEqual({ appKey: false, appSecret: false, apiToken: false });
    await backend.getByText('stored', { exact: true }).first().waitFor({ state: 'detached' });

    const shipping = page.getByRole('region', { name: 'Shipping' });
    await shipping.getByRole('textbox', { name: 'Name', exact: true }).last().fill('Key cube');
    for (const [index, size] of ['6', '6', '6'].entries()) await shipping.locator('label.dim input').nth(index).fill(size);
    await page.keyboard.press('Alt+a');
    const presets = shipping.locator('ul.presets li');
    await presets.last().filter({ hasText: /^Key cube \(6×6×6 in\)/ }).waitFor();
    const count = await presets.count();
    await page.keyboard.press('Alt+m');
    await presets.nth(count - 1).waitFor({ state: 'detached' });
    await expect(presets.count()).resolves.toBe(count - 1);
    await expect(shipping.getByText(/Key cube/).count()).resolves.toBe(0);

    const scale = page.getByRole('region', { name: 'Scale' });
    await scale.getByRole('textbox', { name: 'Put on the simulated scale' }).fill('1 lb 4 oz');
    await scale.getByRole('textbox', { name: 'Put on the simulated scale' }).press('Enter');
    await expect.poll(async () => (await f.call('scales.reading', {}))?.weightOz).toBe(20);

    await page.evaluate(() => {
      const print = window.print.bind(window);
      const counted = window as unknown as { printCalls: number };
      counted.printCalls = 0;
      window.print = () => {
        counted.printCalls += 1;
        print();
      };
    });
    await page.keyboard.press('Alt+c');
    await page.getByRole('region', { name: 'Command barcodes' }).getByRole('img').first().waitFor();
    await page.keyboard.press('Alt+p');
    await expect.poll(() => page.evaluate(() => (window as unknown as { printCalls: number }).printCalls)).toBe(1);
  });

});

/** Print jobs in each state a key acts on, made by a real CUPS: a queue removed (the job fails), a queue not accepting jobs (the job waits). */
describe('Settings: keys on the print jobs', () => {
  const installed = useInstalledPrinter('Key_Zebra', 'ZDesigner ZD421-203dpi ZPL');
  const bench = useBench({ bare: true });

  it('Alt+R retries the newest failed job, Alt+E reprints the newest printed one, Alt+Q cancels the newest waiting one', async () => {
    const f = bench();
    const { cups, port } = installed();
    const jobStatus = async (jobId: string): Promise<string | undefined> => (await f.call('printJobs.list', { limit: 20 })).find((job) => job.id === jobId)?.status;
    const printerId = 'queue:Key_Zebra';
    await expect.poll(async () => (await f.call('printers.list', {})).map((p) => p.id)).toContain(printerId);
    await f.call('printers.profile.set', { profile: await f.call('printers.profile.get', { printerId }), makeDefault: true });

    cups.admin('lpadmin', '-x', 'Key_Zebra');
    const failing = await f.call('printers.testPrint', { printerId });
    await expect.poll(() => jobStatus(failing.id)).toBe('failed');
    cups.addRawQueue('Key_Zebra', 'ZDesigner ZD421-203dpi ZPL', port.device);
    const { page } = f;
    await page.keyboard.press('Alt+s');
    const jobs = page.getByRole('table', { name: 'Print jobs' });
    await jobs.getByRole('button', { name: 'Retry' }).waitFor();
    await page.keyboard.press('Alt+r');
    await expect.poll(() => jobStatus(failing.id)).toBe('done');
    expect((await port.nextJob()).subarray(0, 3).toString('latin1')).toBe('^XA');

    await jobs.getByRole('button', { name: 'Reprint' }).waitFor();
    await page.keyboard.press('Alt+e');
    expect((await port.nextJob()).subarray(0, 3).toString('latin1')).toBe('^XA');

    cups.admin('cupsreject', 'Key_Zebra');
    const waiting = await f.call('printers.testPrint', { printerId });
    await jobs.getByRole('button', { name: 'Cancel' }).waitFor();
    await expect.poll(() => jobStatus(waiting.id)).toBe('queued');
    await page.keyboard.press('Alt+q');
    await expect.poll(() => jobStatus(waiting.id)).toBe('cancelled');
  });
});
