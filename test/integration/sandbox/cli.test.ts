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

  it('drops the responses of the next N purchases after committing them (--drop-purchases)', async () => {
    const out: string[] = [];
    const running = sandboxCommand.run(['--drop-purchases', '1', '--seed', '4'], { out: (l) => out.push(l), err: () => undefined });
    while (out.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const info = JSON.parse(out[0] as string) as Record<string, string>;
    try {
      const basic = Buffer.from(`${info.app_key}:${info.app_secret}`).toString('base64');
      const token = ((await (await fetch(`${info.base_url}/oauth2/token`, { method: 'POST', headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' })).json()) as { access_token: string }).access_token;
      const address = { first_name: 'Ann', last_name: 'Lee', street: '500 Pine Street', city: 'Seattle', state: 'WA', zip_code: '98101', country: 'US' };
      const buy = () =>
        fetch(`${info.base_url}/api/shipment/direct_buy`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            platform_uk_id: 'cli-drop-1',
            carrier_code: 'USPS',
            service_level: 'USPS_GROUND_ADVANTAGE',
            from_address_data: { ...address, street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip_code: '90021' },
            to_address_data: address,
            package_data: { type: 'my_package', length: 8, width: 6, height: 4, dimension_unit: 'in', weight: 12, weight_unit: 'oz' },
            ship_date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
            label_print_type: 'common',
          }),
        });
      await expect(buy()).rejects.toThrow();
      const again = (await (await buy()).json()) as { data: { duplicate_label: boolean } };
      expect(again.data.duplicate_label).toBe(true);
    } finally {
      process.emit('SIGTERM');
      expect(await running).toBe(0);
    }
  });

  it('refuses bad options', async () => {
    await expect(sandboxCommand.run(['--port', 'x'], { out: () => undefined, err: () => undefined })).rejects.toThrow(/--port/);
    await expect(sandboxCommand.run(['--fail-rate', '2'], { out: () => undefined, err: () => undefined })).rejects.toThrow(/--fail-rate/);
    await expect(sandboxCommand.run(['--drop-purchases', '1.5'], { out: () => undefined, err: () => undefined })).rejects.toThrow(/--drop-purchases/);
  });
});
