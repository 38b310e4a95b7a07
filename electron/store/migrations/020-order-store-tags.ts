import type { Migration } from './index';

/**
 * Orders keep the store (or sales channel) and the tags their export names,
 * so automation rules can test "store is" and "tag present". Tags are a JSON
 * list as the export spelled them; rules compare them without case.
 */
export const m020OrderStoreTags: Migration = {
  version: 20,
  name: 'orders: store and tags',
  sql: `
    ALTER TABLE orders ADD COLUMN store TEXT;
    ALTER TABLE orders ADD COLUMN tags_json TEXT;
  `,
};
