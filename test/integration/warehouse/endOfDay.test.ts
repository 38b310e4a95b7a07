import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { warehouseTestbed } from './benchStation';

const testbed = warehouseTestbed({ prefix: 'ps-eod-', seed: 29 });

async function formItems(url: string): Promise<Array<{ tracking_no: string; bench: string; status: string }>> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return (
      await admin.query<{ tracking_no: string; bench: string; status: string }>(
        'SELECT i.tracking_no, f.bench, f.status FROM scan_form_items i JOIN scan_forms f ON f.id = i.scan_form_id ORDER BY i.tracking_no',
      )
    ).rows;
  } finally {
    await admin.end();
  }
}

const sorted = (list: readonly string[]) => [...list].sort();

describe('end of day in a warehouse', () => {
  it('one bench\'s SCAN form covers the labels every bench bought today, and two benches closing at once never put a label on two forms', async () => {
    const url = await testbed.server.database();
    const [a, b] = await testbed.benches(url, ['E-1', 'E-2', 'E-3', 'E-4'], 'pack-a', 'pack-b');
    if (!a || !b) throw new Error('two benches');
    const t1 = await a.buy('E-1');
    const t2 = await a.buy('E-2');
    const t3 = await b.buy('E-3');

    // Bench B's end of day offers bench A's two labels beside its own.
    expect(sorted((await b.call('scanForms.candidates', {})).map((c) => c.trackingNo))).toEqual(sorted([t1, t2, t3]));
    expect(sorted((await a.call('scanForms.candidates', {})).map((c) => c.trackingNo))).toEqual(sorted([t1, t2, t3]));

    // Both press "Make today's SCAN form" at once: each label ends on exactly one form.
    const outcomes = await Promise.allSettled([a.call('scanForms.createToday', {}), b.call('scanForms.createToday', {})]);
    const forms = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    for (const o of outcomes) {
      if (o.status === 'rejected') expect(o.reason).toMatchObject({ error: { code: 'conflict', message: expect.stringMatching(/no USPS labels from today that are not already on a SCAN form/) } });
    }
    expect(forms.length).toBeGreaterThan(0);
    expect(sorted(forms.flatMap((f) => f.trackingNos))).toEqual(sorted([t1, t2, t3]));
    expect(forms.every((f) => f.status === 'ready' && f.pdfUrl?.startsWith(testbed.sandbox.baseUrl))).toBe(true);
    expect((await formItems(url)).map((i) => i.tracking_no)).toEqual(sorted([t1, t2, t3]));
    expect(await a.call('scanForms.candidates', {})).toEqual([]);
    expect(await b.call('scanForms.candidates', {})).toEqual([]);

    // A label bought later goes on the next form, and one already on a form is refused by name with the bench that made it.
    const t4 = await a.buy('E-4');
    expect((await b.call('scanForms.candidates', {})).map((c) => c.trackingNo)).toEqual([t4]);
    const holder = (await formItems(url)).find((i) => i.tracking_no === t1)?.bench;
    await expect(b.call('scanForms.createToday', { trackingNos: [t1, t4] })).rejects.toMatchObject({
      error: { code: 'conflict', message: expect.stringContaining(`already on a SCAN form: ${t1} (bench ${holder},`) },
    });
    const last = await b.call('scanForms.createToday', {});
    expect(last.trackingNos).toEqual([t4]);

    // Every bench lists every bench's forms.
    const listed = await a.call('scanForms.list', { limit: 10 });
    expect(sorted(listed.flatMap((f) => f.trackingNos))).toEqual(sorted([t1, t2, t3, t4]));
    expect(listed[0]).toMatchObject({ id: last.id, trackingNos: [t4], status: 'ready' });
  }, 180_000);

  it('while the database is away a bench makes no SCAN form and says so in words, and still lists its own forms', async () => {
    const url = await testbed.server.database();
    const [a] = await testbed.benches(url, ['F-1', 'F-2'], 'pack-a');
    if (!a) throw new Error('a bench');
    const t1 = await a.buy('F-1');
    const own = await a.call('scanForms.createToday', {});
    const t2 = await a.buy('F-2');
    testbed.server.halt();
    try {
      await expect(a.call('scanForms.createToday', { trackingNos: [t2] })).rejects.toMatchObject({
        error: { code: 'service_unavailable', message: expect.stringMatching(/cannot be reached, so this bench does not make a SCAN form: it cannot make sure no other bench puts the same labels on one\. Reprints and scans still work/) },
      });
      await expect(a.call('scanForms.candidates', {})).rejects.toMatchObject({ error: { code: 'service_unavailable', message: expect.stringMatching(/cannot list the labels every bench bought today/) } });
      expect((await a.call('scanForms.list', { limit: 5 })).map((f) => f.trackingNos)).toEqual([[t1]]);
      const reprint = await a.call('history.reprint', { shipmentId: (await a.call('shipments.find', { ref: t2 })).id, kind: 'label' });
      expect(reprint.jobIds.length).toBe(1);
    } finally {
      await testbed.server.resume();
    }
    expect(own.trackingNos).toEqual([t1]);
    const after = await a.call('scanForms.createToday', {});
    expect(after.trackingNos).toEqual([t2]);
  }, 180_000);
});
