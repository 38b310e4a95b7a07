import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useBench } from './fixture';

describe('wire capture for support, from Settings', () => {
  const bench = useBench({ ownSandbox: true });

  it('the switch writes each exchange to the data folder, without the keys', async () => {
    const { page, dataDir } = bench();
    const sandbox = bench().sandbox;
    if (!sandbox) throw new Error('this test needs its own sandbox');
    await page.keyboard.press('Alt+s');
    const section = page.getByRole('region', { name: 'Wire capture for support' });
    const folder = path.join(dataDir, 'wire-capture');
    await section.getByText(folder).waitFor();
    await section.getByRole('checkbox').click();
    await section.getByText('On: each request and answer is written to').waitFor();
    expect(await bench().call('capture.status', {})).toEqual({ enabled: true, folder, fromCommandLine: false });

    await bench().call('account.balance', {});
    const files = fs.readdirSync(folder).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(0);
    const text = files.map((f) => fs.readFileSync(path.join(folder, f), 'utf8')).join('\n');
    expect(text).toContain('/api/balance');
    for (const secret of [sandbox.credentials.appKey, sandbox.credentials.appSecret, sandbox.credentials.apiToken]) expect(text).not.toContain(secret);
    await bench().screenshot('settings-wire-capture');

    await section.getByRole('checkbox').click();
    await section.getByText('When on, each request and answer is written to').waitFor();
    await bench().call('account.balance', {});
    expect(fs.readdirSync(folder).filter((f) => f.endsWith('.json'))).toHaveLength(files.length);
  });
});
