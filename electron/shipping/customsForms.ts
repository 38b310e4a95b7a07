import { CUSTOMS_FORM_DATA_KEYS, CUSTOMS_FORM_URL_KEYS } from '../../shared/api/v2/customs';
import { fail } from '../../shared/contract/errors';
import { pdfPagesToPngs } from '../printing/raster/pdfPages';
import type { CustomsFormInsert } from '../store/customsFormsRepo';
import type { ShipmentRow } from '../store/shipmentsRepo';
import type { ShippingDeps } from './deps';
import { fetchLabelBytes } from '../purchases/labelFetch';

const PNG = [0x89, 0x50, 0x4e, 0x47];
const PDF = [0x25, 0x50, 0x44, 0x46];
const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((b, i) => bytes[i] === b);

/** PNG or PDF by its first bytes; anything else is not a form the station can keep. */
function mimeOf(bytes: Uint8Array): CustomsFormInsert['mime'] | null {
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, PDF)) return 'application/pdf';
  return null;
}

function strings(value: unknown): string[] {
  if (typeof value === 'string' && value.trim() !== '') return [value.trim()];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '') : [];
}

/**
 * Customs forms that came with a purchase answer (shared/api/v2/customs.ts
 * says where they are assumed to be) are stored next to the label before
 * anything prints, so printing and reprinting never need the network.
 */
export function createCustomsForms(deps: Pick<ShippingDeps, 'customsForms'>, fetchBytes: (url: string) => Promise<Uint8Array> = fetchLabelBytes) {
  async function collect(row: ShipmentRow): Promise<void> {
    if (row.state !== 'bought' || !row.result_json || deps.customsForms.list(row.id).length > 0) return;
    const answer = JSON.parse(row.result_json) as Record<string, unknown>;
    const forms: CustomsFormInsert[] = [];
    const inline = CUSTOMS_FORM_DATA_KEYS.flatMap((key) => strings(answer[key]));
    for (const data of inline) {
      const bytes = new Uint8Array(Buffer.from(data, 'base64'));
      const mime = mimeOf(bytes);
      if (mime) forms.push({ seq: forms.length, url: null, mime, bytes });
    }
    if (forms.length === 0) {
      for (const url of CUSTOMS_FORM_URL_KEYS.flatMap((key) => strings(answer[key]))) {
        const bytes = await fetchBytes(url).catch(() => undefined);
        const mime = bytes ? mimeOf(bytes) : null;
        if (bytes && mime) forms.push({ seq: forms.length, url, mime, bytes });
      }
    }
    if (forms.length > 0) deps.customsForms.add(row.id, forms);
  }

  /** The stored forms as label images, in order (a PDF form gives one image per page). */
  function printable(row: ShipmentRow): Promise<Uint8Array[]> {
    return printablePages(deps.customsForms.list(row.id));
  }

  return { collect, printable };
}

/**
 * Customs forms as images for the label printer: a PNG as it is, each page of
 * a PDF drawn at 4x6 (thermal printers print CN22/CN23 at that size). A PDF
 * that cannot be drawn is refused in words; it stays stored, so it can still
 * be saved from History and printed from a PDF viewer.
 */
export async function printablePages(forms: ReadonlyArray<{ readonly mime: CustomsFormInsert['mime']; readonly bytes: Uint8Array }>): Promise<Uint8Array[]> {
  const pages: Uint8Array[] = [];
  for (const [index, form] of forms.entries()) {
    if (form.mime === 'image/png') {
      pages.push(new Uint8Array(form.bytes));
      continue;
    }
    const drawn = await pdfPagesToPngs(new Uint8Array(form.bytes)).catch(() => null);
    if (!drawn || drawn.length === 0) {
      fail('invalid_input', `Customs form ${index + 1} came from the service as a PDF this station cannot draw for the label printer. It is kept with the label: save it from History (Save customs form) and print it from a PDF viewer.`);
    }
    pages.push(...drawn);
  }
  return pages;
}
