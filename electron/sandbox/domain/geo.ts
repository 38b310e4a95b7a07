/**
 * U.S. states and territories: centroid (for zones), IANA time zone (for the
 * *_local tracking fields) and the ZIP3 prefixes that belong to each (for
 * ZIP/state checks). Approximate but stable, which is what tests need.
 */
interface StateInfo {
  readonly name: string;
  readonly lat: number;
  readonly lon: number;
  readonly tz: string;
  /** Inclusive ZIP3 ranges. */
  readonly zip3: ReadonlyArray<readonly [number, number]>;
}

const STATES: Readonly<Record<string, StateInfo>> = {
  AL: { name: 'Alabama', lat: 32.8, lon: -86.8, tz: 'America/Chicago', zip3: [[350, 369]] },
  AK: { name: 'Alaska', lat: 61.4, lon: -150.0, tz: 'America/Anchorage', zip3: [[995, 999]] },
  AZ: { name: 'Arizona', lat: 33.7, lon: -111.9, tz: 'America/Phoenix', zip3: [[850, 865]] },
  AR: { name: 'Arkansas', lat: 34.9, lon: -92.4, tz: 'America/Chicago', zip3: [[716, 729]] },
  CA: { name: 'California', lat: 36.1, lon: -119.7, tz: 'America/Los_Angeles', zip3: [[900, 961]] },
  CO: { name: 'Colorado', lat: 39.1, lon: -105.3, tz: 'America/Denver', zip3: [[800, 816]] },
  CT: { name: 'Connecticut', lat: 41.6, lon: -72.8, tz: 'America/New_York', zip3: [[60, 69]] },
  DE: { name: 'Delaware', lat: 39.3, lon: -75.5, tz: 'America/New_York', zip3: [[197, 199]] },
  DC: { name: 'District of Columbia', lat: 38.9, lon: -77.0, tz: 'America/New_York', zip3: [[200, 205], [569, 569]] },
  FL: { name: 'Florida', lat: 27.8, lon: -81.7, tz: 'America/New_York', zip3: [[320, 349]] },
  GA: { name: 'Georgia', lat: 33.0, lon: -83.6, tz: 'America/New_York', zip3: [[300, 319], [398, 399]] },
  HI: { name: 'Hawaii', lat: 21.1, lon: -157.5, tz: 'Pacific/Honolulu', zip3: [[967, 968]] },
  ID: { name: 'Idaho', lat: 44.2, lon: -114.5, tz: 'America/Boise', zip3: [[832, 838]] },
  IL: { name: 'Illinois', lat: 40.3, lon: -89.0, tz: 'America/Chicago', zip3: [[600, 629]] },
  IN: { name: 'Indiana', lat: 39.8, lon: -86.3, tz: 'America/Indiana/Indianapolis', zip3: [[460, 479]] },
  IA: { name: 'Iowa', lat: 42.0, lon: -93.2, tz: 'America/Chicago', zip3: [[500, 528]] },
  KS: { name: 'Kansas', lat: 38.5, lon: -96.7, tz: 'America/Chicago', zip3: [[660, 679]] },
  KY: { name: 'Kentucky', lat: 37.7, lon: -84.7, tz: 'America/New_York', zip3: [[400, 427]] },
  LA: { name: 'Louisiana', lat: 31.2, lon: -91.9, tz: 'America/Chicago', zip3: [[700, 715]] },
  ME: { name: 'Maine', lat: 44.7, lon: -69.4, tz: 'America/New_York', zip3: [[39, 49]] },
  MD: { name: 'Maryland', lat: 39.1, lon: -76.8, tz: 'America/New_York', zip3: [[206, 219]] },
  MA: { name: 'Massachusetts', lat: 42.2, lon: -71.5, tz: 'America/New_York', zip3: [[10, 27], [55, 55]] },
  MI: { name: 'Michigan', lat: 43.3, lon: -84.5, tz: 'America/Detroit', zip3: [[480, 499]] },
  MN: { name: 'Minnesota', lat: 45.7, lon: -93.9, tz: 'America/Chicago', zip3: [[550, 567]] },
  MS: { name: 'Mississippi', lat: 32.7, lon: -89.7, tz: 'America/Chicago', zip3: [[386, 397]] },
  MO: { name: 'Missouri', lat: 38.5, lon: -92.3, tz: 'America/Chicago', zip3: [[630, 658]] },
  MT: { name: 'Montana', lat: 46.9, lon: -110.5, tz: 'America/Denver', zip3: [[590, 599]] },
  NE: { name: 'Nebraska', lat: 41.1, lon: -98.3, tz: 'America/Chicago', zip3: [[680, 693]] },
  NV: { name: 'Nevada', lat: 38.3, lon: -117.1, tz: 'America/Los_Angeles', zip3: [[889, 898]] },
  NH: { name: 'New Hampshire', lat: 43.5, lon: -71.6, tz: 'America/New_York', zip3: [[30, 38]] },
  NJ: { name: 'New Jersey', lat: 40.3, lon: -74.5, tz: 'America/New_York', zip3: [[70, 89]] },
  NM: { name: 'New Mexico', lat: 34.8, lon: -106.2, tz: 'America/Denver', zip3: [[870, 884]] },
  NY: { name: 'New York', lat: 42.2, lon: -74.9, tz: 'America/New_York', zip3: [[5, 5], [100, 149]] },
  NC: { name: 'North Carolina', lat: 35.6, lon: -79.8, tz: 'America/New_York', zip3: [[270, 289]] },
  ND: { name: 'North Dakota', lat: 47.5, lon: -99.8, tz: 'America/Chicago', zip3: [[580, 588]] },
  OH: { name: 'Ohio', lat: 40.4, lon: -82.8, tz: 'America/New_York', zip3: [[430, 459]] },
  OK: { name: 'Oklahoma', lat: 35.6, lon: -96.9, tz: 'America/Chicago', zip3: [[730, 749]] },
  OR: { name: 'Oregon', lat: 44.6, lon: -122.1, tz: 'America/Los_Angeles', zip3: [[970, 979]] },
  PA: { name: 'Pennsylvania', lat: 40.6, lon: -77.2, tz: 'America/New_York', zip3: [[150, 196]] },
  RI: { name: 'Rhode Island', lat: 41.7, lon: -71.5, tz: 'America/New_York', zip3: [[28, 29]] },
  SC: { name: 'South Carolina', lat: 33.9, lon: -80.9, tz: 'America/New_York', zip3: [[290, 299]] },
  SD: { name: 'South Dakota', lat: 44.3, lon: -99.4, tz: 'America/Chicago', zip3: [[570, 577]] },
  TN: { name: 'Tennessee', lat: 35.7, lon: -86.7, tz: 'America/Chicago', zip3: [[370, 385]] },
  TX: { name: 'Texas', lat: 31.1, lon: -97.6, tz: 'America/Chicago', zip3: [[750, 799], [885, 885]] },
  UT: { name: 'Utah', lat: 40.2, lon: -111.9, tz: 'America/Denver', zip3: [[840, 847]] },
  VT: { name: 'Vermont', lat: 44.0, lon: -72.7, tz: 'America/New_York', zip3: [[50, 54], [56, 59]] },
  VA: { name: 'Virginia', lat: 37.8, lon: -78.2, tz: 'America/New_York', zip3: [[220, 246]] },
  WA: { name: 'Washington', lat: 47.4, lon: -121.5, tz: 'America/Los_Angeles', zip3: [[980, 994]] },
  WV: { name: 'West Virginia', lat: 38.5, lon: -80.9, tz: 'America/New_York', zip3: [[247, 268]] },
  WI: { name: 'Wisconsin', lat: 44.3, lon: -89.6, tz: 'America/Chicago', zip3: [[530, 549]] },
  WY: { name: 'Wyoming', lat: 42.8, lon: -107.3, tz: 'America/Denver', zip3: [[820, 831]] },
  PR: { name: 'Puerto Rico', lat: 18.2, lon: -66.5, tz: 'America/Puerto_Rico', zip3: [[6, 7], [9, 9]] },
  VI: { name: 'Virgin Islands', lat: 18.3, lon: -64.9, tz: 'America/St_Thomas', zip3: [[8, 8]] },
  GU: { name: 'Guam', lat: 13.4, lon: 144.8, tz: 'Pacific/Guam', zip3: [[969, 969]] },
  AA: { name: 'Armed Forces Americas', lat: 25.8, lon: -80.2, tz: '', zip3: [[340, 340]] },
  AE: { name: 'Armed Forces Europe', lat: 40.7, lon: -74.0, tz: '', zip3: [[90, 98]] },
  AP: { name: 'Armed Forces Pacific', lat: 47.6, lon: -122.3, tz: '', zip3: [[962, 966]] },
};

const BY_NAME = new Map(Object.entries(STATES).map(([code, info]) => [info.name.toUpperCase(), code]));

/** Two-letter code for a code or full name ("texas" -> "TX"), or undefined. */
export function stateCode(input: string): string | undefined {
  const value = input.trim().toUpperCase().replace(/\./g, '');
  if (STATES[value]) return value;
  return BY_NAME.get(value);
}

export function isContiguous(code: string): boolean {
  return !['AK', 'HI', 'PR', 'VI', 'GU', 'AA', 'AE', 'AP'].includes(code);
}

/** IANA time zone of a state, or undefined (military mail has none). */
export function stateTimeZone(code: string): string | undefined {
  const tz = STATES[code]?.tz;
  return tz ? tz : undefined;
}

const ZIP_RE = /^(\d{5})(?:-?(\d{4}))?$/;

export function parseZip(zip: string): { zip5: string; zip4?: string } | undefined {
  const match = ZIP_RE.exec(zip.trim());
  if (!match) return undefined;
  return match[2] ? { zip5: match[1] as string, zip4: match[2] } : { zip5: match[1] as string };
}

/** The state a ZIP belongs to, by its first three digits. */
export function stateOfZip(zip5: string): string | undefined {
  const zip3 = Number(zip5.slice(0, 3));
  for (const [code, info] of Object.entries(STATES)) {
    if (info.zip3.some(([lo, hi]) => zip3 >= lo && zip3 <= hi)) return code;
  }
  return undefined;
}

function distanceMiles(a: StateInfo, b: StateInfo): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 3959 * 2 * Math.asin(Math.sqrt(h));
}

const ZONE_LIMITS = [50, 150, 300, 600, 1000, 1400, 1800];
const zoneCache = new Map<string, number>();

/** USPS-style zone 1..9 between two ZIPs: same ZIP3 is zone 1, same state zone 2, otherwise by distance. */
export function zoneBetween(fromZip: string, toZip: string): number {
  const key = `${fromZip.slice(0, 3)}>${toZip.slice(0, 3)}`;
  const cached = zoneCache.get(key);
  if (cached !== undefined) return cached;
  let zone: number;
  const fromState = stateOfZip(fromZip);
  const toState = stateOfZip(toZip);
  if (fromZip.slice(0, 3) === toZip.slice(0, 3)) zone = 1;
  else if (!fromState || !toState) zone = 8;
  else if (fromState === toState) zone = 2;
  else {
    const from = STATES[fromState] as StateInfo;
    const to = STATES[toState] as StateInfo;
    if (!isContiguous(fromState) || !isContiguous(toState)) zone = 9;
    else {
      const miles = distanceMiles(from, to);
      const index = ZONE_LIMITS.findIndex((limit) => miles <= limit);
      zone = Math.max(2, index === -1 ? 8 : index + 1);
    }
  }
  zoneCache.set(key, zone);
  return zone;
}
