import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../electron/store/database';
import { migrations } from '../../../electron/store/migrations';

describe("migration 015 ('sent' print jobs)", () => {
  it('keeps every print job with its label, bytes and order, and accepts the new status', () => {
    const db = openDatabase({ file: ':memory:', migrations: migrations.slice(0, 14) });
    const insert = db.prepare(
      `INSERT INTO print_jobs (id, printer_id, title, reference, kind, status, attempts, error, label_png, printer_bytes, bytes_total, bytes_sent, warnings, created_at, updated_at, completed_at)
       VALUES (?, 'virtual', ?, 'SN-1', 'label', ?, 1, ?, ?, ?, 3, 3, '[]', 'then', 'then', ?)`,
    );
    insert.run('a', 'first', 'done', null, Buffer.from([1, 2, 3]), Buffer.from('^XA'), 'then');
    insert.run('b', 'second', 'failed', 'Out of labels.', Buffer.from([4]), null, null);
    insert.run('c', 'third', 'queued', null, Buffer.from([5]), null, null);
    const before = db.prepare('SELECT * FROM print_jobs ORDER BY seq').all();
    for (const m of migrations.slice(14, 15)) db.exec(m.sql);

    expect(db.prepare('SELECT * FROM print_jobs ORDER BY seq').all()).toEqual(before);
    db.prepare("UPDATE print_jobs SET status = 'sent' WHERE id = 'a'").run();
    expect(() => db.prepare("UPDATE print_jobs SET status = 'printed' WHERE id = 'b'").run()).toThrow(/CHECK constraint failed/);
    // New jobs number on after the old ones, so the queue's oldest-first order holds.
    insert.run('d', 'fourth', 'queued', null, Buffer.from([6]), null, null);
    const seqs = db.prepare('SELECT id, seq FROM print_jobs ORDER BY seq').all() as Array<{ id: string; seq: number }>;
    expect(seqs.map((r) => r.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'print_jobs' AND name LIKE 'print_jobs_%' ORDER BY name").all()).toEqual([
      { name: 'print_jobs_reference' },
      { name: 'print_jobs_waiting' },
    ]);
    db.close();
  });
});
