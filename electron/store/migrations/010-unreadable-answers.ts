import type { Migration } from './index';

/**
 * A purchase the service answered in a shape the station could not read:
 * the label is paid for, so the row is bought, and this column keeps the
 * answer as it came (secrets stripped) with what the station found in it,
 * for the operator's "details" line and for support. Null on every row
 * whose answer was understood.
 */
export const m010UnreadableAnswers: Migration = {
  version: 10,
  name: 'shipping: purchase answers kept when not understood',
  sql: `
    ALTER TABLE shipments ADD COLUMN unreadable_answer TEXT;
  `,
};
