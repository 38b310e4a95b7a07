import { isUnkeyedSpellingOf } from './identity';
import type { Db } from '../store/database';

/**
 * Purchases written before backend ids carried the key's hash (and before the
 * address was normalized) move to today's id of the same backend. Without
 * this, a label bought before the upgrade would not be found for its package,
 * and the package could be bought a second time under its new derived id.
 * Runs in one transaction each time a backend is resolved. A package that
 * already has a live row under today's id (it was bought under two spellings)
 * keeps its second row where it is, in History under the old address.
 */
export function adoptUnkeyedBackend(db: Db, backendId: string): number {
  if (backendId === 'sandbox' || !backendId.includes('#')) return 0;
  return db.transaction(() => {
    let moved = 0;
    const ids = db.prepare<[], { backend_id: string }>("SELECT DISTINCT backend_id FROM shipments WHERE backend_id NOT LIKE '%#%' AND backend_id <> 'sandbox'").all();
    for (const { backend_id: oldId } of ids) {
      if (isUnkeyedSpellingOf(oldId, backendId)) {
        moved += db.prepare('UPDATE OR IGNORE shipments SET backend_id = ? WHERE backend_id = ?').run(backendId, oldId).changes;
      }
    }
    return moved;
  })();
}
