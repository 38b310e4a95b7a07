/**
 * USPS Publication 28 style standardisation, reduced to what a sandbox can do
 * without the national address file: upper case, standard suffix, directional
 * and secondary-unit abbreviations, PO boxes, state names to codes, ZIP/state
 * agreement and a deterministic ZIP+4.
 */
import { parseZip, stateCode, stateOfZip } from './geo';
import { hash32 } from './random';

const SUFFIXES: Readonly<Record<string, string>> = {
  STREET: 'ST', STR: 'ST', AVENUE: 'AVE', AV: 'AVE', AVEN: 'AVE', BOULEVARD: 'BLVD', BOUL: 'BLVD', DRIVE: 'DR', DRIV: 'DR',
  ROAD: 'RD', LANE: 'LN', COURT: 'CT', PLACE: 'PL', TERRACE: 'TER', CIRCLE: 'CIR', PARKWAY: 'PKWY', HIGHWAY: 'HWY',
  SQUARE: 'SQ', TRAIL: 'TRL', PLAZA: 'PLZ', ALLEY: 'ALY', EXPRESSWAY: 'EXPY', FREEWAY: 'FWY', CENTER: 'CTR',
  HEIGHTS: 'HTS', POINT: 'PT', COVE: 'CV', CROSSING: 'XING', RIDGE: 'RDG', ROUTE: 'RTE', TURNPIKE: 'TPKE', WAY: 'WAY',
};
const DIRECTIONALS: Readonly<Record<string, string>> = {
  NORTH: 'N', SOUTH: 'S', EAST: 'E', WEST: 'W', NORTHEAST: 'NE', NORTHWEST: 'NW', SOUTHEAST: 'SE', SOUTHWEST: 'SW',
};
const UNITS: Readonly<Record<string, string>> = {
  APARTMENT: 'APT', APT: 'APT', SUITE: 'STE', STE: 'STE', UNIT: 'UNIT', FLOOR: 'FL', FL: 'FL', BUILDING: 'BLDG', BLDG: 'BLDG',
  ROOM: 'RM', RM: 'RM', DEPARTMENT: 'DEPT', DEPT: 'DEPT', SPACE: 'SPC', LOT: 'LOT', TRAILER: 'TRLR', BASEMENT: 'BSMT',
};

export interface RawAddress {
  readonly street: string;
  readonly street2?: string;
  readonly city?: string;
  readonly state?: string;
  readonly zip?: string;
  readonly company?: string;
}

export interface AddressIssue {
  readonly code: string;
  readonly message: string;
  readonly field: string;
  readonly original?: string;
  readonly corrected?: string;
}

export interface StandardizedAddress {
  readonly street: string;
  readonly street2: string;
  readonly city: string;
  readonly state: string;
  readonly zip: string;
  readonly zip5?: string;
  readonly zip4?: string;
  readonly residential: boolean;
  readonly poBox: boolean;
  readonly errors: readonly AddressIssue[];
  readonly corrections: readonly AddressIssue[];
}

const clean = (text: string) => text.toUpperCase().replace(/[.,]/g, ' ').replace(/\s+/g, ' ').trim();

const PO_BOX = /^(?:P\s*O|POST\s+OFFICE|POST)\s*BOX\s+(\S+)$/;
const EMBEDDED_UNIT = new RegExp(`^(.*?)\\s+((?:${Object.keys(UNITS).join('|')})\\s+\\S+|#\\s*\\S+)$`);

export function isPoBox(street: string): boolean {
  return PO_BOX.test(clean(street)) || /^BOX\s+\d+/.test(clean(street));
}

function standardizeUnit(text: string): string {
  const value = clean(text);
  if (!value) return '';
  const hash = /^#\s*(\S+)$/.exec(value);
  if (hash) return `# ${hash[1]}`;
  const [first, ...rest] = value.split(' ');
  const unit = first ? UNITS[first] : undefined;
  return unit ? [unit, ...rest].join(' ') : value;
}

function standardizeStreetLine(text: string): string {
  const tokens = clean(text).split(' ');
  const last = tokens.length - 1;
  return tokens
    .map((token, i) => {
      if (i === 0) return token;
      const isSuffixPosition = i === last || (i === last - 1 && DIRECTIONALS[tokens[last] ?? ''] !== undefined);
      if (isSuffixPosition && SUFFIXES[token]) return SUFFIXES[token];
      if (DIRECTIONALS[token] && (i === 1 || i === last)) return DIRECTIONALS[token];
      return token;
    })
    .join(' ');
}

function zip4For(street: string, zip5: string): string {
  return String(hash32(`${street}|${zip5}`) % 10_000).padStart(4, '0');
}

export function standardizeAddress(input: RawAddress): StandardizedAddress {
  const errors: AddressIssue[] = [];
  const corrections: AddressIssue[] = [];
  const changed = (code: string, field: string, message: string, original: string, corrected: string) => {
    if (clean(original) !== corrected) corrections.push({ code, field, message, original, corrected });
  };

  let streetSource = clean(input.street);
  let street2 = standardizeUnit(input.street2 ?? '');
  if (input.street2 && street2 !== clean(input.street2)) {
    changed('ADDRESS.SECONDARY.STANDARDIZED', 'street2', 'Secondary unit designator abbreviated.', input.street2, street2);
  }
  const embedded = EMBEDDED_UNIT.exec(streetSource);
  if (embedded && !street2 && /^\d/.test(streetSource)) {
    streetSource = embedded[1] ?? streetSource;
    street2 = standardizeUnit(embedded[2] ?? '');
    corrections.push({ code: 'ADDRESS.SECONDARY.MOVED', field: 'street2', message: 'Secondary unit moved to its own line.', original: input.street, corrected: street2 });
  }
  const poBox = PO_BOX.exec(streetSource);
  let street: string;
  if (poBox) {
    street = `PO BOX ${poBox[1]}`;
    changed('ADDRESS.POBOX.STANDARDIZED', 'street', 'PO Box written in the standard form.', streetSource, street);
  } else {
    street = standardizeStreetLine(streetSource);
    changed('ADDRESS.COMPONENT.CHANGED', 'street', 'An address component (directional or suffix) was abbreviated.', streetSource, street);
    if (!/^\d/.test(street) && !/^(RR|HC|BOX)\b/.test(street)) {
      errors.push({ code: 'ADDRESS.PRIMARY.MISSING', field: 'street', message: 'The street address has no house or building number.' });
    }
  }

  const city = clean(input.city ?? '');
  if (!city) errors.push({ code: 'ADDRESS.CITY.MISSING', field: 'city', message: 'The city is missing.' });

  const rawState = (input.state ?? '').trim();
  const state = stateCode(rawState);
  if (!state) {
    errors.push({ code: 'ADDRESS.STATE.INVALID', field: 'state', message: `"${rawState}" is not a U.S. state or territory.` });
  } else if (state !== rawState) {
    changed('ADDRESS.STATE.CHANGED', 'state', 'State written as its two-letter code.', rawState, state);
  }

  const zip = parseZip(input.zip ?? '');
  let zip5: string | undefined;
  let zip4: string | undefined;
  if (!zip) {
    errors.push({ code: 'ADDRESS.ZIP.INVALID', field: 'zip_code', message: `"${input.zip ?? ''}" is not a 5-digit ZIP or ZIP+4.` });
  } else {
    zip5 = zip.zip5;
    const zipState = stateOfZip(zip5);
    if (!zipState) {
      errors.push({ code: 'ADDRESS.ZIP.UNKNOWN', field: 'zip_code', message: `ZIP ${zip5} is not in service.` });
    } else if (state && zipState !== state) {
      errors.push({ code: 'ADDRESS.ZIP.STATE_MISMATCH', field: 'zip_code', message: `ZIP ${zip5} belongs to ${zipState}, not ${state}.` });
    }
    zip4 = zip.zip4 ?? zip4For(street, zip5);
    if (!zip.zip4 && errors.length === 0) {
      corrections.push({ code: 'ADDRESS.ZIP4.ADDED', field: 'zip_code', message: 'ZIP+4 added.', original: zip5, corrected: `${zip5}-${zip4}` });
    }
  }
  const valid = errors.length === 0;
  return {
    street,
    street2,
    city,
    state: state ?? clean(rawState),
    zip: zip5 ? (valid && zip4 ? `${zip5}-${zip4}` : zip5) : clean(input.zip ?? ''),
    ...(zip5 ? { zip5 } : {}),
    ...(valid && zip4 ? { zip4 } : {}),
    residential: !input.company?.trim(),
    poBox: Boolean(poBox),
    errors,
    corrections,
  };
}
