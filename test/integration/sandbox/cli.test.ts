import { describe, expect, it } from 'vitest';
import { sandboxCommand } from '../../../electron/cli/sandbox';

describe('parcel-station sandbox', () => {
  it('prints exactly one JSON line with the URLs and keys, serves, and stops cleanly on SIGTERM', async () => {
    const out: string[] = [];
    const running = sandboxCommand.run(['--port', '0', '--legacy-port', '0', '--latency-ms', '0', '--seed', '3'], { out: (l) => out.push(l), err: () => undefined });
    while (out.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(out).toHaveLength(1);
    const info = JSON.parse(out[0] as string) as Record<string, string>;
    expect(Object.keys(info)).toEqual(['base_url', 'legacy_base_url', 'app_key', 'app_secret', 'api_token']);
    expect(info.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const balance = await fetch(`${info.legacy_base_url}/api/balance?api_token=${info.api_token}`);
    expect(balance.status).toBe(200);
    process.emit('SIGTERM');
    expect(await running).toBe(0);
    await expect(fetch(`${info.legacy_base_url}/api/balance`)).rejects.toThrow();
  });

  it('refuses bad options', async () => {
    await expect(sandboxCommand.run(['--port', 'x'], { out: () => undefined, err: () => undefined })).rejects.toThrow(/--port/);
    await expect(sandboxCommand.run(['--fail-rate', '2'], { out: () => undefined, err: () => undefined })).rejects.toThrow(/--fail-rate/);
  });
});
