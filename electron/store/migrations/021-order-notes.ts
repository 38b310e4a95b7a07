import type { Migration } from './index';

/**
 * The order's note as the store gave it (a buyer's note, a gift message),
 * printed on its packing slip. Versions run without gaps: this one comes
 * right after the order's store and tags (020).
 */
export const m021OrderNotes: Migration = {
  version: 21,
  name: 'orders: the note a packing slip prints',
  sql: `
    ALTER TABLE orders ADD COLUMN note TEXT;
  `,
};
