import type { PrinterDpi, PrinterLanguage } from '../../../shared/domain/printing';

export type QueueLanguageGuess =
  | { readonly rawCapable: true; readonly language: PrinterLanguage; readonly dpi: PrinterDpi; readonly note: string | null }
  | { readonly rawCapable: true; readonly language: null; readonly dpi: PrinterDpi; readonly note: null }
  | { readonly rawCapable: false; readonly note: string };

/**
 * What a driver or make-and-model name says about the printer's language.
 * Each rule is one assumption taken from vendors' driver names; the first
 * that matches wins, so the narrow ones (EPL Zebras) stand before the broad.
 */
const RULES: ReadonlyArray<{ readonly test: RegExp; readonly guess: (dpi: PrinterDpi) => QueueLanguageGuess }> = [
  {
    test: /dymo|labelwriter/i,
    guess: () => ({ rawCapable: false, note: 'DYMO LabelWriter printers take only their own raster format, not a label language: the station cannot print to them raw.' }),
  },
  {
    test: /brother\s*ql/i,
    guess: () => ({ rawCapable: false, note: 'Brother QL printers take only their own raster format, not a label language: the station cannot print to them raw.' }),
  },
  // Zebra's EPL drivers say so ("ZDesigner LP 2844", "... (EPL)"); the 2844 and its siblings speak EPL2 first.
  { test: /\bepl\b|lp\s?2844|tlp\s?2844|lp\s?2824|eltron/i, guess: (dpi) => ({ rawCapable: true, language: 'epl', dpi, note: null }) },
  { test: /zdesigner|zebra|\bzpl\b|\bz[dt]\d{3}|\bg[kx]4\d\d|\bzp\s?[45]\d\d/i, guess: (dpi) => ({ rawCapable: true, language: 'zpl', dpi, note: null }) },
  {
    test: /rollo/i,
    guess: (dpi) => ({ rawCapable: true, language: 'tspl', dpi, note: 'Rollo printers speak TSPL; the wireless Rollo also takes ZPL.' }),
  },
  { test: /\btsc\b|\btspl|munbyn|xprinter|idprt|hprt|jadens|itari|polono|arkscan|phomemo|beeprt/i, guess: (dpi) => ({ rawCapable: true, language: 'tspl', dpi, note: null }) },
  { test: /epson\s*tm|\btm-[tmhlp]\d|esc\/?pos|receipt|pos-?(58|80)/i, guess: (dpi) => ({ rawCapable: true, language: 'escpos', dpi, note: null }) },
];

/** The language a queue's driver or model name suggests, with the head resolution when the name states 300 dpi. */
export function guessQueueLanguage(...names: ReadonlyArray<string | null>): QueueLanguageGuess {
  const text = names.filter((n): n is string => Boolean(n)).join(' ');
  const dpi: PrinterDpi = /\b300\s?dpi\b|-300dpi|\b12\s?dots/i.test(text) ? 300 : 203;
  for (const rule of RULES) if (rule.test.test(text)) return rule.guess(dpi);
  return { rawCapable: true, language: null, dpi, note: null };
}
