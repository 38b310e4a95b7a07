/**
 * Whether a standardized address says the same place as the one entered.
 * Case, punctuation, the standard abbreviations (suffixes, directionals),
 * secondary designators and ZIP+4 change only the form; a different ZIP5,
 * city, state or house/street word is a different place and needs a person.
 */

/** Words the postal standard abbreviates, each mapped to one spelling for comparison. */
const SAME_WORD: Readonly<Record<string, string>> = {
  STREET: 'ST', STR: 'ST', AVENUE: 'AVE', AV: 'AVE', AVEN: 'AVE', BOULEVARD: 'BLVD', BOUL: 'BLVD', DRIVE: 'DR', DRIV: 'DR',
  ROAD: 'RD', LANE: 'LN', COURT: 'CT', PLACE: 'PL', TERRACE: 'TER', CIRCLE: 'CIR', PARKWAY: 'PKWY', HIGHWAY: 'HWY',
  SQUARE: 'SQ', TRAIL: 'TRL', PLAZA: 'PLZ', ALLEY: 'ALY', EXPRESSWAY: 'EXPY', FREEWAY: 'FWY', CENTER: 'CTR',
  HEIGHTS: 'HTS', POINT: 'PT', COVE: 'CV', CROSSING: 'XING', RIDGE: 'RDG', ROUTE: 'RTE', TURNPIKE: 'TPKE',
  NORTH: 'N', SOUTH: 'S', EAST: 'E', WEST: 'W', NORTHEAST: 'NE', NORTHWEST: 'NW', SOUTHEAST: 'SE', SOUTHWEST: 'SW',
  SAINT: 'ST', MOUNT: 'MT', FORT: 'FT',
};

/** Secondary unit designators: which one the service writes is form, the number after it is not. */
const DESIGNATORS = new Set([
  'APARTMENT', 'APT', 'SUITE', 'STE', 'UNIT', 'FLOOR', 'FL', 'BUILDING', 'BLDG', 'ROOM', 'RM', 'DEPARTMENT', 'DEPT', 'SPACE', 'SPC',
  'LOT', 'TRAILER', 'TRLR', 'BASEMENT', 'BSMT', '#',
]);

function words(text: string | undefined): string[] {
  return (text ?? '')
    .toUpperCase()
    .replace(/\b(?:P\s*\.?\s*O\s*\.?|POST\s+OFFICE)\s*BOX\b/g, 'PO BOX')
    .replace(/#/g, ' # ')
    .replace(/[.,]/g, ' ')
    .split(/\s+/)
    .filter((w) => w !== '')
    .map((w) => (DESIGNATORS.has(w) ? '#' : (SAME_WORD[w] ?? w)));
}

/** Both address lines as one run of comparable words, so a unit moved between lines is the same place. */
const streetKey = (street: string, street2: string | undefined): string => [...words(street), ...words(street2)].join(' ');
const placeKey = (text: string): string => words(text).join(' ');
const zip5 = (zip: string): string => zip.replace(/\s/g, '').slice(0, 5);

export interface AddressLike {
  readonly street: string;
  readonly street2?: string;
  readonly city: string;
  readonly state: string;
  readonly zip: string;
}

/** What changed between the entered and the standardized address: nothing, only the form, or the place. */
export type AddressChange = 'none' | 'form' | 'place';

export function compareAddresses(entered: AddressLike, standardized: AddressLike): AddressChange {
  const exact =
    entered.street === standardized.street &&
    (entered.street2 ?? '') === (standardized.street2 ?? '') &&
    entered.city === standardized.city &&
    entered.state === standardized.state &&
    entered.zip === standardized.zip;
  if (exact) return 'none';
  const samePlace =
    zip5(entered.zip) === zip5(standardized.zip) &&
    placeKey(entered.city) === placeKey(standardized.city) &&
    entered.state.trim().toUpperCase() === standardized.state.trim().toUpperCase() &&
    streetKey(entered.street, entered.street2) === streetKey(standardized.street, standardized.street2);
  return samePlace ? 'form' : 'place';
}

/** The fields rates depend on changed: the ZIP5, the state, or a commercial answer for an address rated as residential. */
export function changesRating(rated: AddressLike & { readonly residential?: boolean }, next: AddressLike & { readonly residential?: boolean }): boolean {
  return (
    zip5(rated.zip) !== zip5(next.zip) ||
    rated.state.trim().toUpperCase() !== next.state.trim().toUpperCase() ||
    (rated.residential ?? true) !== (next.residential ?? true)
  );
}
