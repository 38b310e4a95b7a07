import { z } from 'zod';
import type { Product } from '../domain/products';
import { command } from './define';

export type { Product } from '../domain/products';

export interface ProductImportReport {
  readonly imported: number;
  readonly updated: number;
  readonly refused: ReadonlyArray<{ readonly line: number; readonly message: string }>;
}

const optionalPositive = (what: string, max: number) =>
  z.number({ error: `Enter the ${what} as a number` }).positive(`The ${what} must be more than zero`).max(max, `The ${what} is more than ${max}; check it`).optional();
const optionalText = (what: string, max: number) => z.string().trim().max(max, `The ${what} is at most ${max} characters`).optional();

export const productSchema = z.object({
  sku: z.string({ error: 'Enter the SKU' }).trim().min(1, 'Enter the SKU').max(80, 'A SKU is at most 80 characters'),
  name: z.string().trim().max(200, 'The name is at most 200 characters').default(''),
  weightOz: z.number({ error: 'Enter the weight of one unit' }).positive('The weight must be more than zero').max(2400, 'The weight is more than 150 lb; check it'),
  lengthIn: optionalPositive('length', 200),
  widthIn: optionalPositive('width', 200),
  heightIn: optionalPositive('height', 200),
  barcode: optionalText('barcode', 80),
  hsCode: z.string().trim().regex(/^[\d.]{6,13}$/, 'An HS code has 6 to 10 digits').optional(),
  originCountry: z.string().trim().regex(/^[A-Za-z]{2}$/, 'The origin is a two-letter country code, such as US or CN').toUpperCase().optional(),
  customsDescription: optionalText('customs description', 60),
  valueUsd: optionalPositive('value', 100_000),
});

/** The product catalog: what one unit of a SKU weighs and declares. */
export const productCommands = {
  'products.importCsv': command<ProductImportReport>()(
    'Import products from CSV text (sku and weight_oz required; bad rows reported by line number)',
    z.object({ csv: z.string().min(1, 'The file is empty').max(20_000_000, 'The file is too large (20 MB at most)') }),
  ),
  'products.list': command<readonly Product[]>()(
    'Products in the catalog, by SKU or name',
    z.object({ query: z.string().trim().max(80, 'Search for at most 80 characters').default(''), limit: z.number().int().min(1).max(1000).default(200) }),
  ),
  'products.get': command<Product | null>()('One product by its SKU or barcode', z.object({ sku: z.string().trim().min(1, 'Enter the SKU').max(80) })),
  'products.save': command<{ readonly created: boolean }>()('Add a product, or change the one with this SKU', productSchema),
} as const;
