import type { Migration } from './index';

/**
 * History search by a recipient's last name ("lee" finds "Ann Lee"), as a
 * prefix range on its own indexed column. Existing rows get the last word of
 * the stored lowercase name: rtrim strips the trailing non-space characters,
 * leaving everything up to the last space.
 */
export const m004RecipientLastName: Migration = {
  version: 4,
  name: 'shipping: recipient last name search',
  sql: `
    ALTER TABLE shipments ADD COLUMN recipient_last_lc TEXT;
    UPDATE shipments SET recipient_last_lc = substr(recipient_lc, length(rtrim(recipient_lc, replace(recipient_lc, ' ', ''))) + 1)
      WHERE recipient_lc IS NOT NULL AND instr(recipient_lc, ' ') > 0;
    CREATE INDEX shipments_recipient_last ON shipments (recipient_last_lc, id DESC) WHERE recipient_last_lc IS NOT NULL;
  `,
};
