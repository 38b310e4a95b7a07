import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { useBench } from './fixture';

/** An address nothing listens on: a port taken, then given back. */
async function closedAddress(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe('Switching to the live service checks it first (issue 12 item 14)', () => {
  const bench = useBench();
  const stops: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
  });

  it('refuses without keys and for an unreachable address, in words, with the status bar still on the sandbox; switches once the service answers', async () => {
    const { page } = bench();
    const backendStatus = page.getByRole('contentinfo', { name: 'Station status' });
    await backendStatus.getByText('Sandbox (no real postage)').waitFor();
    await page.keyboard.press('Alt+S');
    const panel = page.getByRole('region', { name: 'Backend' });
    await panel.getByRole('radio', { name: 'Live service' }).check();
    const nowhere = await closedAddress();
    await panel.getByRole('textbox', { name: 'Service address (v2)' }).fill(nowhere);
    await panel.getByRole('textbox', { name: 'Legacy service address (v1)' }).fill(nowhere);

    await page.keyboard.press('Alt+U');
    await panel.getByRole('alert').filter({ hasText: 'Store the test AppKey and AppSecret under Keys first' }).waitFor();
    await expect(panel.getByRole('alert').textContent()).resolves.toContain('stays on the sandbox');

    await panel.getByLabel(/^AppKey/).fill('SS_TEST_abcdefgh');
    await panel.getByLabel(/^AppSecret/).fill('secret-abcdefgh');
    await panel.getByRole('button', { name: 'Store keys' }).click();
    await panel.getByText('Keys stored in the system keychain.').waitFor();
    await page.keyboard.press('Alt+U');
    const unreachable = panel.getByRole('alert').filter({ hasText: `The service at ${nowhere} could not be reached` });
    await unreachable.waitFor();
    await expect(unreachable.textContent()).resolves.toContain('stays on the sandbox');
    await expect(panel.getByText('Now using the live service').count()).resolves.toBe(0);
    await expect(backendStatus.textContent()).resolves.toContain('Sandbox (no real postage)');

    // A real service with real keys: a second sandbox plays the live service.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ps-e2e-live-'));
    const live: RunningSandbox = await startSandbox({ dataDir });
    stops.push(async () => {
      await live.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    await panel.getByLabel(/^AppKey/).fill(live.credentials.appKey);
    await panel.getByLabel(/^AppSecret/).fill(live.credentials.appSecret);
    await panel.getByRole('button', { name: 'Store keys' }).click();
    await panel.getByRole('textbox', { name: 'Service address (v2)' }).fill(live.baseUrl);
    await panel.getByRole('textbox', { name: 'Legacy service address (v1)' }).fill(live.legacyBaseUrl);
    await page.keyboard.press('Alt+U');
    await panel.getByText(`Now using the live service at ${live.baseUrl}: it answered and accepted the test keys.`).waitFor();
    await backendStatus.getByText('Test keys').waitFor();
    await expect(panel.getByRole('alert').count()).resolves.toBe(0);
  });
});
