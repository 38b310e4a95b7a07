import type { Migration } from './index';

/** What the operator should check on a printed label (shrunk below 90 %, looks blank), as a JSON array of LabelWarning. */
export const m008PrintWarnings: Migration = {
  version: 8,
  name: 'printing: label warnings on print jobs',
  sql: `
    ALTER TABLE print_jobs ADD COLUMN warnings TEXT;
  `,
};
