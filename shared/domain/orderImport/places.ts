/**
 * Stores write places their own way: eBay and Etsy name the country
 * ("United States"), Amazon keeps the state as the buyer typed it
 * ("Washington", "wa"), and Excel writes ZIPs as `'02139` or drops their
 * leading zero. These put them in the form the station's address rules take.
 */

import { countryName } from '../countries';

const US_STATE_NAMES: Readonly<Record<string, string>> = {
  alabama: 'AL', alaska: 'AK', arizona: 'AZ', arkansas: 'AR', california: 'CA', colorado: 'CO', connecticut: 'CT', delaware: 'DE',
  'district of columbia': 'DC', florida: 'FL', georgia: 'GA', hawaii: 'HI', idaho: 'ID', illinois: 'IL', indiana: 'IN', iowa: 'IA',
  kansas: 'KS', kentucky: 'KY', louisiana: 'LA', maine: 'ME', maryland: 'MD', massachusetts: 'MA', michigan: 'MI', minnesota: 'MN',
  mississippi: 'MS', missouri: 'MO', montana: 'MT', nebraska: 'NE', nevada: 'NV', 'new hampshire': 'NH', 'new jersey': 'NJ',
  'new mexico': 'NM', 'new york': 'NY', 'north carolina': 'NC', 'north dakota': 'ND', ohio: 'OH', oklahoma: 'OK', oregon: 'OR',
  pennsylvania: 'PA', 'rhode island': 'RI', 'south carolina': 'SC', 'south dakota': 'SD', tennessee: 'TN', texas: 'TX', utah: 'UT',
  vermont: 'VT', virginia: 'VA', washington: 'WA', 'west virginia': 'WV', wisconsin: 'WI', wyoming: 'WY', 'puerto rico': 'PR',
};

const COUNTRY_ALIASES: Readonly<Record<string, string>> = {
  usa: 'US', 'u.s.a.': 'US', 'u.s.': 'US', 'united states of america': 'US', uk: 'GB', 'great britain': 'GB', england: 'GB', scotland: 'GB', wales: 'GB',
};

let byName: Map<string, string> | undefined;

/** Every region code's English name, built once on first use. */
function countryNames(): Map<string, string> {
  if (byName) return byName;
  byName = new Map();
  for (let a = 65; a <= 90; a += 1) {
    for (let b = 65; b <= 90; b += 1) {
      const code = String.fromCharCode(a, b);
      const name = countryName(code);
      if (name) byName.set(name.toLowerCase(), code);
    }
  }
  return byName;
}

/** A two-letter code for a code or an English country name; the text as written when neither. */
export function countryCode(text: string): string {
  const trimmed = text.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed)) return trimmed.toUpperCase();
  const key = trimmed.toLowerCase();
  return COUNTRY_ALIASES[key] ?? countryNames().get(key) ?? trimmed;
}

/** A U.S. state's code for its name or code in any case; other countries' regions as written. */
export function regionCode(country: string, text: string): string {
  const trimmed = text.trim();
  if (country !== 'US') return trimmed;
  return US_STATE_NAMES[trimmed.toLowerCase().replace(/\s+/g, ' ')] ?? trimmed.toUpperCase();
}

/** Excel's apostrophe dropped; a U.S. ZIP that lost its leading zero (`2139`, `2134-1602`) gets it back. */
export function cleanZip(country: string, text: string): string {
  const zip = text.trim().replace(/^'+/, '').trim();
  if (country === 'US' && /^\d{4}(-\d{4})?$/.test(zip)) return `0${zip}`;
  return zip;
}
