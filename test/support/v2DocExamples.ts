import fs from 'node:fs';
import path from 'node:path';

/**
 * The example request bodies of ../shared/reference/v2-docs.md, read from the
 * file itself so a test runs what the docs print: the first JSON block of a
 * section is its request. The 1.0.5 quick_rate item writes its to_address_data
 * as `{"...": "same fields"}`; it is filled with the from_address_data fields,
 * as the docs say.
 */
const DOCS = path.resolve(__dirname, '../../../shared/reference/v2-docs.md');

function firstJsonBlock(section: string): Record<string, unknown> {
  const text = fs.readFileSync(DOCS, 'utf8');
  const start = text.indexOf(`\n### ${section} `);
  if (start < 0) throw new Error(`v2-docs.md has no section ${section}`);
  const block = /```json\n([\s\S]*?)```/.exec(text.slice(start));
  if (!block?.[1]) throw new Error(`v2-docs.md section ${section} has no JSON example`);
  return JSON.parse(block[1]) as Record<string, unknown>;
}

/** §3.2: the reconstructed quick_rate item (1.0.5 example values, v2 filter). */
export function quickRateItemExample(): Record<string, unknown> {
  const item = firstJsonBlock('3.2');
  return { ...item, to_address_data: item.from_address_data };
}

/** §3.4: create_and_pay with insurance_data.rate_id. */
export const createAndPayExample = () => firstJsonBlock('3.4');

/** §3.11: pickup/add. */
export const pickupAddExample = () => firstJsonBlock('3.11');

/** §3.15: address/validate. */
export const addressValidateExample = () => firstJsonBlock('3.15');
