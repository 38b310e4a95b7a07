import type { PrinterSuggestion } from '../../../shared/contract/printing';

/** Vendors seen on packing benches, with what their label printers usually speak. */
interface KnownVendor {
  readonly vendorId: number;
  readonly name: string;
  /** null: the vendor's printers speak a protocol the station does not (DYMO, Brother QL). */
  readonly suggestion: Omit<PrinterSuggestion, 'model'> | null;
  readonly note?: string;
}

export const knownVendors: readonly KnownVendor[] = [
  { vendorId: 0x0a5f, name: 'Zebra', suggestion: { language: 'zpl', dpi: 203, media: '4x6' } },
  { vendorId: 0x1203, name: 'TSC', suggestion: { language: 'tspl', dpi: 203, media: '4x6' } },
  { vendorId: 0x04b8, name: 'Epson', suggestion: { language: 'escpos', dpi: 203, media: '2x7' } },
  { vendorId: 0x0922, name: 'DYMO', suggestion: null, note: 'DYMO LabelWriters use their own raster protocol, which the station does not speak yet.' },
  { vendorId: 0x04f9, name: 'Brother', suggestion: null, note: 'Brother QL printers use their own raster protocol, which the station does not speak yet.' },
];

export function knownVendor(vendorId: number): KnownVendor | null {
  return knownVendors.find((v) => v.vendorId === vendorId) ?? null;
}

/** IEEE 1284 device id ("MFG:Zebra;CMD:ZPL;MDL:ZD420;") as a map with upper-cased keys. */
export function parseDeviceId(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const part of text.split(';')) {
    const colon = part.indexOf(':');
    if (colon <= 0) continue;
    fields.set(part.slice(0, colon).trim().toUpperCase(), part.slice(colon + 1).trim());
  }
  return fields;
}

/**
 * What to print with: the device id's command set is authoritative (it is
 * the printer saying what it speaks), the vendor table fills in the rest.
 * Rollo X1038 reports only "MFG:Printer;MDL:Thermal Printer;" (lprint's table).
 */
export function suggestPrinter(vendorId: number, deviceId: string | null, productName: string | null): PrinterSuggestion | null {
  const fields = parseDeviceId(deviceId ?? '');
  const commandSet = (fields.get('COMMAND SET') ?? fields.get('CMD') ?? '').toUpperCase();
  const model = fields.get('MDL') ?? fields.get('MODEL') ?? productName ?? knownVendor(vendorId)?.name ?? 'USB printer';
  const vendor = knownVendor(vendorId);
  const base = vendor?.suggestion ?? { language: 'zpl' as const, dpi: 203 as const, media: '4x6' as const };
  const dpi = /300|12DOT/.test(`${model} ${commandSet}`) ? 300 : base.dpi;
  const languages = commandSet.split(/[,\s]+/);
  if (languages.includes('ZPL') || languages.some((l) => l.startsWith('ZPL'))) return { model, language: 'zpl', dpi, media: '4x6' };
  if (languages.includes('EPL') || languages.includes('EPL2')) return { model, language: 'epl', dpi, media: '4x6' };
  if (languages.some((l) => l === 'TSPL' || l === 'TSPL2' || l === 'XPP')) return { model, language: 'tspl', dpi, media: '4x6' };
  if (languages.some((l) => l === 'ESC/POS' || l === 'ESCPOS')) return { model, language: 'escpos', dpi, media: base.media };
  if (fields.get('MDL') === 'Thermal Printer') return { model: 'Rollo-class thermal printer', language: 'tspl', dpi: 203, media: '4x6' };
  if (!vendor?.suggestion) return null;
  return { model, ...vendor.suggestion, dpi };
}
