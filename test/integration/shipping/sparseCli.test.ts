import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../electron/sandbox';
import { cli, startCliService, type CliService } from '../../support/cli';

// The command line against a service that answers in the documented shapes
// with every optional field left out, numbers as strings, day ranges and
// unknown extra fields (the sandbox in sparse mode, over HTTP on 127.0.0.1,
// reached with --base-url and the key variables, as a live account would be).

const csv = [
  'order_number,recipient_name,company,street,street2,city,state,zip_code,country,phone,email,weight_oz,length_in,width_in,height_in',
  'SP-1,Ann Lee,,1457 sunset blvd,apt 3,los angeles,CA,90026,US,,,12,10,8,4',
].join('\n');
let service: CliService;
let sandbox: RunningSandbox;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ps-sparse-cli-'));
  fs.writeFileSync(path.join(dir, 'orders.csv'), csv);
  fs.writeFileSync(path.join(dir, 'from.json'), JSON.stringify({ name: 'Shipping Desk', street: '2150 E 7th St', city: 'Los Angeles', state: 'CA', zip: '90021', phone: '2135550147' }));
  service = await startCliService({ seed: 61, sparseAnswers: true });
  sandbox = service.sandbox;
});
afterAll(async () => {
  await service.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The sandbox's full record of a purchase (its duplicate answer, read with sparse answers off for a moment). */
async function soldAs(platformUkId: string): Promise<Record<string, unknown>> {
  sandbox.faults.set({ sparseAnswers: false });
  try {
    const basic = Buffer.from(`${sandbox.credentials.appKey}:${sandbox.credentials.appSecret}`).toString('base64');
    const token = (await (await fetch(`${sandbox.baseUrl}/oauth2/token`, { method: 'POST', headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' })).json()) as { access_token: string };
    const res = await fetch(`${sandbox.baseUrl}/api/shipment/create_and_pay`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ rate_id: 'unused-for-a-duplicate', platform_uk_id: platformUkId, label_print_type: 'common' }),
    });
    return ((await res.json()) as { data: Record<string, unknown> }).data;
  } finally {
    sandbox.faults.set({ sparseAnswers: true });
  }
}

describe('the command line against sparse answers', () => {
  it('imports, checks the address, rates, buys with insurance, prints, prints again and voids', async () => {
    const flags = service.flags(path.join(dir, 'data'));
    expect((await cli(['orders', 'import', path.join(dir, 'orders.csv'), ...flags])).code).toBe(0);

    const buy = await cli(['buy', '--order', 'SP-1', '--insure', '120', '--ship-from', path.join(dir, 'from.json'), '--json', ...flags]);
    expect(buy.code, buy.err.join('\n')).toBe(0);
    const bought = JSON.parse(buy.out[0] as string) as { platform_uk_id: string; tracking_no: string; label_file: string; duplicate_label: boolean };
    expect(bought.tracking_no).toBeTruthy();
    expect(bought.duplicate_label).toBe(false);
    expect(fs.readFileSync(bought.label_file).subarray(1, 4).toString()).toBe('PNG');
    expect(sandbox.stats().labelsSold).toBe(1);

    const reprint = await cli(['reprint', bought.tracking_no, '--json', ...flags]);
    expect(reprint.code, reprint.err.join('\n')).toBe(0);
    expect(JSON.parse(reprint.out[0] as string)).toMatchObject({ tracking_no: bought.tracking_no, job_ids: [expect.any(String)] });

    const again = await cli(['buy', '--order', 'SP-1', '--insure', '120', '--ship-from', path.join(dir, 'from.json'), '--json', ...flags]);
    expect(again.code, again.err.join('\n')).toBe(0);
    expect(JSON.parse(again.out[0] as string)).toMatchObject({ tracking_no: bought.tracking_no, duplicate_label: true });
    expect(sandbox.stats().labelsSold).toBe(1);

    const voided = await cli(['void', bought.tracking_no, '--json', ...flags]);
    expect(voided.code, voided.err.join('\n')).toBe(0);
    expect(JSON.parse(voided.out[0] as string)).toMatchObject({ state: 'voided', trackingNo: bought.tracking_no });
    expect(sandbox.stats().labelsVoided).toBe(1);
    // What the service sold, read back in full (last: reading it takes the AppKey's token): the insurance was bought with the label.
    expect(await soldAs(bought.platform_uk_id)).toMatchObject({ tracking_no: bought.tracking_no, status: 'voided', insured_value: 120, insurance_fee: expect.any(Number) });
  });
});
