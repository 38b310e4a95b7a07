// Label conversion benchmark on the real carrier corpus (../shared/fixtures/real-labels),
// at each resolution its manifest names. Two measurements per label, interleaved
// round by round so machine load hits every contender alike:
//  - ours, whole pipeline: the carrier's PNG to printer bytes in each language
//    (decode, trim, turn, fit, tone, encode);
//  - like for like: every contender gets the same already-fitted 1-bit PNG and
//    makes ZPL (ours vs zpl-image) or ESC/POS (ours vs node-thermal-printer).
// Run: npm run -s bench:label -- --json   (one JSON object on stdout)
//      --quick: three labels, one measured round (what CI runs, so the benchmark cannot rot)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PrinterTypes, ThermalPrinter } from 'node-thermal-printer';
import { PNG } from 'pngjs';
import { parseArgs } from 'node:util';
import { printerLanguages, type PrinterDpi, type PrinterLanguage } from '../../shared/domain/printing';
import { encodeEscpos } from '../../electron/printing/lang/escpos';
import { encodeZpl } from '../../electron/printing/lang/zpl';
import { convertLabel, labelRaster } from '../../electron/printing/pipeline';
import { rasterToPng } from '../../electron/printing/raster/preview';

// zpl-image ships no typings; this is its documented Node API (README, "Node.js Usage").
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { rgbaToZ64 } = require('zpl-image') as {
  rgbaToZ64(rgba: Uint8Array, width: number, opts?: { black?: number; notrim?: boolean }): { length: number; rowlen: number; z64: string };
};

interface Row {
  label: string;
  dpi: number;
  scale: number;
  turns: number;
  warnings: string[];
  /** Whole pipeline from the carrier's PNG, per language. */
  ours_ms: Record<PrinterLanguage, number>;
  ours_cpu_ms: Record<PrinterLanguage, number>;
  /** From the same fitted PNG. */
  fitted_ours_zpl_ms: number;
  fitted_zpl_image_ms: number;
  fitted_ours_escpos_ms: number;
  fitted_node_thermal_printer_ms: number;
  zpl_image_ratio: number;
  node_thermal_printer_ratio: number;
  ours_zpl_bytes: number;
  zpl_image_bytes: number;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const round = (n: number, digits = 3): number => Number(n.toFixed(digits));

const settings = (dpi: PrinterDpi) => ({ dpi, media: '4x6' as const, offsetX: 0, offsetY: 0, darkness: null });

function oursZpl(png: Buffer, dpi: PrinterDpi): Buffer {
  return encodeZpl(labelRaster(png, settings(dpi)).raster, settings(dpi));
}

function oursEscpos(png: Buffer, dpi: PrinterDpi): Buffer {
  return encodeEscpos(labelRaster(png, { ...settings(dpi), language: 'escpos' }).raster);
}

/** zpl-image's documented pngjs path, wrapped in the same ^XA...^XZ envelope as ours so sizes compare fairly. */
function zplImage(png: Buffer): Buffer {
  const image = PNG.sync.read(png);
  const res = rgbaToZ64(image.data, image.width, { notrim: true });
  const height = res.length / res.rowlen;
  return Buffer.from(`^XA^PW${res.rowlen * 8}^LL${height}^LH0,0^FO0,0^GFA,${res.length},${res.length},${res.rowlen},${res.z64}^FS^PQ1^XZ`, 'latin1');
}

class Sink {
  bytes: Buffer = Buffer.alloc(0);
  getPrinterName(): string {
    return 'bench';
  }
  async isPrinterConnected(): Promise<boolean> {
    return true;
  }
  async execute(buffer: Buffer): Promise<Buffer> {
    this.bytes = buffer;
    return buffer;
  }
}

async function nodeThermalPrinter(png: Buffer): Promise<Buffer> {
  const printer = new ThermalPrinter({ type: PrinterTypes.EPSON, interface: new Sink() as unknown as string });
  await printer.printImageBuffer(png);
  printer.cut();
  return printer.getBuffer();
}

/** Wall-clock and this process's CPU milliseconds: on a machine shared with other work the CPU time is the steadier figure. */
async function time(fn: () => unknown): Promise<[number, number]> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await fn();
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return [wall, (used.user + used.system) / 1000];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      json: { type: 'boolean', default: false },
      quick: { type: 'boolean', default: false },
      rounds: { type: 'string' },
      corpus: { type: 'string', default: path.resolve('..', 'shared/fixtures/real-labels') },
    },
  });
  const rounds = values.rounds ? Math.max(3, Number(values.rounds) || 9) : values.quick ? 1 : 9;
  const corpus = values.corpus;
  const manifest = JSON.parse(fs.readFileSync(path.join(corpus, 'manifest.json'), 'utf8')) as Record<string, { dpis: PrinterDpi[] }>;
  const files = Object.entries(manifest).slice(0, values.quick ? 3 : undefined);
  const gc = (globalThis as { gc?: () => void }).gc;
  const rows: Row[] = [];
  for (const [file, entry] of files) {
    const png = fs.readFileSync(path.join(corpus, file));
    for (const dpi of entry.dpis) {
      const first = await convertLabel(png, { ...settings(dpi), language: 'zpl' });
      const fitted = rasterToPng(first.raster);
      const oursBytes = oursZpl(fitted, dpi);
      const peerBytes = zplImage(fitted);
      const keys = ['zpl', 'epl', 'tspl', 'escpos', 'fittedZpl', 'zplImage', 'fittedEscpos', 'ntp'];
      const t = Object.fromEntries(keys.map((k) => [k, [] as number[]]));
      const c = Object.fromEntries(keys.map((k) => [k, [] as number[]]));
      await nodeThermalPrinter(fitted);
      for (let r = 0; r < rounds + 1; r += 1) {
        gc?.();
        const sample: Record<string, [number, number]> = {};
        // The conversion that runs first after gc() pays for the collector's background work on the peers'
        // garbage; each round starts with the next language so that no language always pays it.
        const order = printerLanguages.map((_, i) => printerLanguages[(i + r) % printerLanguages.length]!);
        for (const language of order) sample[language] = await time(() => convertLabel(png, { ...settings(dpi), language }));
        sample.fittedZpl = await time(() => oursZpl(fitted, dpi));
        sample.zplImage = await time(() => zplImage(fitted));
        sample.fittedEscpos = await time(() => oursEscpos(fitted, dpi));
        sample.ntp = await time(() => nodeThermalPrinter(fitted));
        // The first round warms the JIT and is dropped.
        if (r > 0) {
          for (const [k, [wall, cpu]] of Object.entries(sample)) {
            t[k]!.push(wall);
            c[k]!.push(cpu);
          }
        }
      }
      const m = (k: string): number => median(t[k]!);
      const mc = (k: string): number => median(c[k]!);
      rows.push({
        label: file,
        dpi,
        scale: round(first.fit.scale),
        turns: first.fit.turns,
        warnings: first.fit.warnings.map((w) => w.kind),
        ours_ms: { zpl: round(m('zpl')), epl: round(m('epl')), tspl: round(m('tspl')), escpos: round(m('escpos')) },
        ours_cpu_ms: { zpl: round(mc('zpl')), epl: round(mc('epl')), tspl: round(mc('tspl')), escpos: round(mc('escpos')) },
        fitted_ours_zpl_ms: round(m('fittedZpl')),
        fitted_zpl_image_ms: round(m('zplImage')),
        fitted_ours_escpos_ms: round(m('fittedEscpos')),
        fitted_node_thermal_printer_ms: round(m('ntp')),
        zpl_image_ratio: round(m('zplImage') / m('fittedZpl'), 2),
        node_thermal_printer_ratio: round(m('ntp') / m('fittedEscpos'), 2),
        ours_zpl_bytes: oursBytes.length,
        zpl_image_bytes: peerBytes.length,
      });
    }
  }
  const at203 = rows.filter((r) => r.dpi === 203);
  const summary = {
    labels: rows.length,
    median_203: {
      ours_ms: Object.fromEntries(printerLanguages.map((l) => [l, round(median(at203.map((r) => r.ours_ms[l])))])),
      ours_cpu_ms: Object.fromEntries(printerLanguages.map((l) => [l, round(median(at203.map((r) => r.ours_cpu_ms[l])))])),
      fitted_ours_zpl_ms: round(median(at203.map((r) => r.fitted_ours_zpl_ms))),
      fitted_zpl_image_ms: round(median(at203.map((r) => r.fitted_zpl_image_ms))),
      fitted_ours_escpos_ms: round(median(at203.map((r) => r.fitted_ours_escpos_ms))),
      fitted_node_thermal_printer_ms: round(median(at203.map((r) => r.fitted_node_thermal_printer_ms))),
      zpl_image_ratio: round(median(at203.map((r) => r.zpl_image_ratio)), 2),
      node_thermal_printer_ratio: round(median(at203.map((r) => r.node_thermal_printer_ratio)), 2),
    },
    zpl_never_larger_than_zpl_image: rows.every((r) => r.ours_zpl_bytes <= r.zpl_image_bytes),
    load_average: os.loadavg().map((n) => round(n, 1)),
    cpus: os.cpus().length,
  };
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ summary, labels: rows })}\n`);
    return;
  }
  process.stdout.write('label                            dpi  scale turn  zpl cpu ms | zpl   epl  tspl escpos | fit:zpl zpl-image  x    escpos   ntp     x  | zpl bytes  zpl-image\n');
  for (const r of rows) {
    const ms = (n: number, w = 6): string => n.toFixed(1).padStart(w);
    process.stdout.write(
      `${r.label.padEnd(32)} ${String(r.dpi).padEnd(4)} ${r.scale.toFixed(2).padStart(5)} ${String(r.turns).padStart(4)} ${ms(r.ours_cpu_ms.zpl, 10)} | ${ms(r.ours_ms.zpl)}${ms(r.ours_ms.epl)}${ms(r.ours_ms.tspl)}${ms(r.ours_ms.escpos, 7)} | ${ms(r.fitted_ours_zpl_ms, 7)}${ms(r.fitted_zpl_image_ms, 10)}${ms(r.zpl_image_ratio, 5)}${ms(r.fitted_ours_escpos_ms, 9)}${ms(r.fitted_node_thermal_printer_ms)}${ms(r.node_thermal_printer_ratio, 6)}  | ${String(r.ours_zpl_bytes).padStart(9)} ${String(r.zpl_image_bytes).padStart(10)}\n`,
    );
  }
  process.stdout.write(`${JSON.stringify(summary)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
