import { fail } from '../../shared/contract/errors';
import { defaultVirtualProfile, printerProfileSchema, VIRTUAL_PRINTER_ID, type PrinterProfile } from '../../shared/contract/printing';
import type { Db } from '../store/database';

/** Printer profiles in SQLite; exactly one is the default, and there is always one (the virtual printer). */
export function createProfileStore(db: Db, now: () => Date) {
  const rows = (): Array<{ id: string; profile: string; is_default: number }> =>
    db.prepare<[], { id: string; profile: string; is_default: number }>('SELECT id, profile, is_default FROM printer_profiles ORDER BY id').all();
  const parse = (text: string): PrinterProfile | null => {
    try {
      const parsed = printerProfileSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };
  const save = db.prepare(
    `INSERT INTO printer_profiles (id, profile, is_default, updated_at) VALUES (@id, @profile, 0, @at)
     ON CONFLICT(id) DO UPDATE SET profile = excluded.profile, updated_at = excluded.updated_at`,
  );
  const store = {
    list(): Array<{ profile: PrinterProfile; isDefault: boolean }> {
      return rows().flatMap((row) => {
        const profile = parse(row.profile);
        return profile ? [{ profile, isDefault: row.is_default === 1 }] : [];
      });
    },
    get(id: string): PrinterProfile | null {
      const row = db.prepare<[string], { profile: string }>('SELECT profile FROM printer_profiles WHERE id = ?').get(id);
      return row ? parse(row.profile) : null;
    },
    defaultId(): string {
      const row = db.prepare<[], { id: string }>('SELECT id FROM printer_profiles WHERE is_default = 1').get();
      return row?.id ?? VIRTUAL_PRINTER_ID;
    },
    set(profile: PrinterProfile, makeDefault: boolean): PrinterProfile {
      db.transaction(() => {
        save.run({ id: profile.id, profile: JSON.stringify(profile), at: now().toISOString() });
        if (makeDefault) {
          db.prepare('UPDATE printer_profiles SET is_default = 0 WHERE is_default = 1').run();
          db.prepare('UPDATE printer_profiles SET is_default = 1 WHERE id = ?').run(profile.id);
        }
      })();
      return store.get(profile.id) ?? fail('internal', 'The printer profile could not be saved.');
    },
    /** First start: the virtual printer exists and is the default. */
    ensureDefault(): void {
      if (!store.get(VIRTUAL_PRINTER_ID)) store.set(defaultVirtualProfile, db.prepare('SELECT 1 FROM printer_profiles WHERE is_default = 1').get() === undefined);
    },
  };
  return store;
}

export type ProfileStore = ReturnType<typeof createProfileStore>;
