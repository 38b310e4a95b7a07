import type { StationAddress } from '../address';
import type { CustomsDeclaration } from '../customs';

/** One line of an order as the store sold it: what goes in the box. */
export interface OrderItem {
  readonly sku: string;
  readonly name: string;
  readonly quantity: number;
  /** The price of one unit in the order's currency, when the file gives it. */
  readonly unitPrice?: number;
}

export const storeFormats = ['shopify', 'woocommerce', 'ebay', 'etsy', 'amazon', 'shipstation', 'station'] as const;
export type StoreFormat = (typeof storeFormats)[number];
/** What a file was read as: a store's export, or any other CSV through a saved column mapping. */
export type ImportFormat = StoreFormat | 'mapped';

export interface ImportedOrder {
  readonly orderNumber: string;
  readonly recipient: Omit<StationAddress, 'residential'>;
  readonly package: { readonly weightOz: number; readonly lengthIn?: number; readonly widthIn?: number; readonly heightIn?: number } | null;
  /** Null when the file declares nothing for this order. */
  readonly customs: CustomsDeclaration | null;
  readonly items: readonly OrderItem[];
  /** The buyer's or store's note on the order, printed on its packing slip. */
  readonly note?: string;
  /** The store or sales channel the export names (ShipStation's store, Amazon's sales channel). */
  readonly store?: string;
  /** The order's tags (Shopify's Tags); absent when the export has none. */
  readonly tags?: readonly string[];
}

/** "gift, Fragile; gift" -> ["gift", "Fragile"]: tags split on commas or semicolons, each once whatever its case. */
export function parseTags(text: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of text.split(/[,;|]/)) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    if (tag === '' || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

export interface SkippedOrder {
  readonly line: number;
  readonly order_number: string;
  readonly reason: string;
}

export interface RefusedLine {
  readonly line: number;
  readonly message: string;
}

export interface OrderFileResult {
  readonly format: ImportFormat | null;
  readonly orders: ReadonlyArray<{ readonly line: number; readonly order: ImportedOrder }>;
  readonly skipped: readonly SkippedOrder[];
  readonly refused: readonly RefusedLine[];
}

/** `$12.34`, `12,34`, `1.234,56`, `€18,50`: a number, or undefined when the text is none. */
export function parseMoney(text: string): number | undefined {
  let clean = text.replace(/[^\d.,-]/g, '');
  if (clean === '') return undefined;
  if (/,\d{1,2}$/.test(clean)) clean = clean.replace(/\./g, '').replace(',', '.');
  else clean = clean.replace(/,/g, '');
  const value = Number(clean);
  return Number.isFinite(value) ? value : undefined;
}
