import { describe, expect, it } from 'vitest';
import type { CustomsDeclaration, CustomsItem } from '../../../shared/domain/customs';
import { aesLines, customsProblems, exportFiling, totalValueCents, totalWeightOz } from '../../../shared/domain/customs';

const shirt: CustomsItem = { description: 'Cotton T-shirt', quantity: 2, valueUsd: 19.99, weightOz: 6, hsCode: '6109.10', originCountry: 'US' };
const mug: CustomsItem = { description: 'Ceramic mug', quantity: 1, valueUsd: 12.5, weightOz: 14, hsCode: '691200', originCountry: 'CN' };
const declaration = (over: Partial<CustomsDeclaration> = {}): CustomsDeclaration => ({ contentsType: 'merchandise', nonDelivery: 'return', items: [shirt, mug], ...over });
const words = (d: CustomsDeclaration | null) => customsProblems(d).map((p) => p.message);

describe('customs declarations', () => {
  it('adds values per unit times quantity and weights in ounces', () => {
    expect(totalValueCents(declaration())).toBe(2 * 1999 + 1250);
    expect(totalWeightOz(declaration())).toBe(26);
    expect(words(declaration())).toEqual([]);
  });

  it('needs a declaration and items for anything but documents', () => {
    expect(words(null)).toEqual(['This package leaves the country: declare its contents for customs']);
    expect(words(declaration({ items: [] }))).toEqual(['List the items in the package for customs: merchandise need at least one']);
    expect(words(declaration({ contentsType: 'gift', items: [] }))).toEqual(['List the items in the package for customs: gift need at least one']);
    expect(words(declaration({ contentsType: 'documents', items: [] }))).toEqual([]);
  });

  it('says which item is wrong and how', () => {
    const bad = declaration({ items: [{ ...shirt, description: ' ', quantity: 0, valueUsd: -1, weightOz: 0, hsCode: '61A', originCountry: 'XX' }] });
    expect(words(bad)).toEqual([
      'Item 1: describe what it is, such as "cotton T-shirt"',
      'Item 1: the quantity must be a whole number of at least 1',
      'Item 1: enter its value in dollars (more than zero)',
      'Item 1: enter its weight in ounces (more than zero)',
      'Item 1: "61A" is not an HS code (6 to 10 digits, such as 6109.10)',
      'Item 1: "XX" is not a country code; use two letters, such as US or CN',
    ]);
    expect(customsProblems(bad)[0]?.field).toBe('items.0.description');
  });

  it('files NOEEI 30.37(a) itself when no HS line is over $2,500', () => {
    expect(exportFiling(declaration())).toEqual({ type: 'EXEMPTION_CODE', code: 'NOEEI 30.37(a)' });
    const exactly = declaration({ items: [{ ...mug, quantity: 200, valueUsd: 12.5 }] });
    expect(words(exactly)).toEqual([]);
  });

  it('needs an ITN when one HS line is over $2,500, counting items that share an HS code together', () => {
    const laptop: CustomsItem = { description: 'Laptop', quantity: 1, valueUsd: 2600, weightOz: 64, hsCode: '8471.30', originCountry: 'CN' };
    expect(words(declaration({ items: [laptop] }))).toEqual(['HS 847130 (Laptop) is worth $2,600.00, over $2,500.00: file the export in AES and enter its ITN']);
    const split = [{ ...laptop, valueUsd: 1300 }, { ...laptop, description: 'Laptop, silver', valueUsd: 1300.01 }];
    expect(aesLines(split)).toEqual([{ hsCode: '847130', descriptions: ['Laptop', 'Laptop, silver'], valueCents: 260001 }]);
    expect(words(declaration({ items: split }))[0]).toMatch(/HS 847130 \(Laptop, Laptop, silver\) is worth \$2,600\.01, over \$2,500\.00/);
    // Two lines under the threshold each, with different HS codes, need no ITN.
    expect(words(declaration({ items: [{ ...laptop, valueUsd: 2000 }, { ...mug, valueUsd: 2000 }] }))).toEqual([]);
    const withItn = declaration({ items: [laptop], itn: 'x20250627012345' });
    expect(words(withItn)).toEqual([]);
    expect(exportFiling(withItn)).toEqual({ type: 'ITN', code: 'X20250627012345' });
    expect(words(declaration({ items: [laptop], itn: 'X123' }))[0]).toMatch(/"X123" is not an ITN; it is an X and 14 digits/);
    // Another exemption (Canada, 30.36) stands in for the ITN; 30.37(a) cannot.
    expect(words(declaration({ items: [laptop], aesExemption: 'NOEEI 30.36' }))).toEqual([]);
    expect(exportFiling(declaration({ items: [laptop], aesExemption: 'noeei 30.36' }))).toEqual({ type: 'EXEMPTION_CODE', code: 'NOEEI 30.36' });
    expect(words(declaration({ items: [laptop], aesExemption: 'NOEEI 30.37(a)' }))[0]).toMatch(/file the export in AES/);
    expect(words(declaration({ aesExemption: 'none' }))[0]).toMatch(/"none" is not an exemption code/);
  });
});
