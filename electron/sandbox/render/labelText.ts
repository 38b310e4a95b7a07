/**
 * The words and numbers a label prints, separated from drawing so they can be
 * checked without decoding pixels.
 */
export interface Address {
  name: string;
  company?: string;
  street: string;
  street2?: string;
  city: string;
  state: string;
  zip: string;
  country?: string;
}

/**
 * Upper case with accents folded (`Peña` -> `PENA`), as USPS addressing
 * prints; characters with no ASCII form are left for the renderer to mark.
 */
export function labelCase(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();
}

/** Address block lines in USPS order: name, company, street lines, last line, country when not US. */
export function addressLines(address: Address): string[] {
  const lines = [address.name, address.company ?? '', address.street, address.street2 ?? ''];
  lines.push(`${address.city} ${address.state} ${address.zip}`.replace(/\s+/g, ' ').trim());
  const country = labelCase((address.country ?? 'US').trim());
  if (country !== '' && country !== 'US' && country !== 'USA') lines.push(country);
  return lines.map((line) => labelCase(line.trim())).filter((line) => line !== '');
}

/** `36` -> `2 LB 4 OZ`, `4.25` -> `0 LB 4.3 OZ`. */
export function formatWeight(weightOz: number): string {
  const tenths = Math.max(0, Math.round(weightOz * 10));
  const pounds = Math.floor(tenths / 160);
  const ounces = (tenths % 160) / 10;
  return `${pounds} LB ${Number.isInteger(ounces) ? ounces : ounces.toFixed(1)} OZ`;
}

/** `2026-11-23` or a full ISO timestamp -> `11/23/2026`; anything else prints as given. */
export function formatShipDate(shipDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(shipDate);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : shipDate;
}

/** Human-readable tracking number, grouped the way each carrier prints it. */
export function groupTracking(carrier: string, trackingNo: string): string {
  const upper = carrier.toUpperCase();
  if (upper === 'UPS' && /^1Z[0-9A-Z]{16}$/.test(trackingNo)) {
    const t = trackingNo;
    return [t.slice(0, 2), t.slice(2, 5), t.slice(5, 8), t.slice(8, 10), t.slice(10, 14), t.slice(14, 17), t.slice(17)].join(' ');
  }
  if (upper.startsWith('DHL') && /^[0-9]{10}$/.test(trackingNo)) {
    return `${trackingNo.slice(0, 2)} ${trackingNo.slice(2, 6)} ${trackingNo.slice(6)}`;
  }
  return trackingNo.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The big mark in the top-left box: USPS's service letter, other carriers' service class. */
export function serviceIndicator(carrier: string, serviceName: string): string {
  const s = serviceName.toUpperCase();
  switch (carrier.toUpperCase()) {
    case 'USPS':
      if (s.includes('EXPRESS')) return 'E';
      if (s.includes('PRIORITY')) return 'P';
      if (s.includes('MEDIA')) return 'M';
      if (s.includes('LIBRARY')) return 'L';
      if (s.includes('FIRST')) return 'F';
      return 'G';
    case 'UPS':
      if (s.includes('NEXT DAY') || s.includes('NEXT_DAY')) return '1';
      if (s.includes('2ND') || s.includes('SECOND')) return '2';
      if (s.includes('3 DAY') || s.includes('3_DAY')) return '3';
      return 'G';
    case 'FEDEX':
      if (s.includes('OVERNIGHT')) return '1';
      if (s.includes('2DAY') || s.includes('2 DAY') || s.includes('2_DAY')) return '2';
      if (s.includes('SAVER')) return '3';
      return 'G';
    case 'DHL_EXPRESS':
      return 'X';
    default:
      return carrier.trim().charAt(0).toUpperCase() || '?';
  }
}

/** Carrier name as printed in the indicia area. */
export function carrierBrand(carrier: string): string {
  switch (carrier.toUpperCase()) {
    case 'USPS':
      return 'USPS';
    case 'FEDEX':
      return 'FEDEX';
    case 'DHL_EXPRESS':
      return 'DHL EXPRESS';
    default:
      return carrier.toUpperCase().replace(/_/g, ' ');
  }
}

/** `USPS_GROUND_ADVANTAGE` or `usps ground advantage` -> `USPS GROUND ADVANTAGE`. */
export function serviceBanner(serviceName: string): string {
  return serviceName.replace(/_/g, ' ').replace(/\s+/g, ' ').trim().toUpperCase();
}
