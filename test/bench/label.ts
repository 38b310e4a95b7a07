// Label conversion benchmark: base64 PNG to printer bytes, ours vs zpl-image vs
// node-thermal-printer, measured side by side (interleaved) in one run on the
// sample labels from electron/sandbox/render/samples.ts.
// Run: npm run -s bench:label -- --json   (one JSON object on stdout)
import { PrinterTypes, ThermalPrinter } from 'node-thermal-printer';
import { PNG } from 'pngjs';
import { parseArgs } from 'node:util';
import { encodeZpl } from '../../electron/printing/lang/zpl';
import { labelRaster } from '../../electron/printing/pipeline';
import { sampleLabels } from '../../electron/sandbox/render/samples';

// zpl-image ships no typings; this is its documented Node API (README, "Node.js Usage").
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { rgbaToZ64 } = require('zpl-image') as {
  rgbaToZ64(rgba: Uint8Array, width: number, opts?: { black?: number; notrim?: boolean }): { length: number; rowlen: number; z64: string };
};

interface Row {
  name: string;
  dpi: number;
  ours_ms: number;
  zpl_image_ms: number;
  node_thermal_printer_ms: number;
  ours_zpl_bytes: number;
  zpl_image_bytes: number;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function ours(base64: string, dpi: 203 | 300): Buffer {
  const settings = { dpi, media: '4x6' as const, offsetX: 0, offsetY: 0 };
  const { raster } = labelRaster(Buffer.from(base64, 'base64'), settings);
  return encodeZpl(raster, { ...settings, darkness: null });
}

/** zpl-image's documented pngjs path, wrapped in the same ^XA...^XZ envelope as ours so sizes compare fairly. */
function zplImage(base64: string): Buffer {
  const png = PNG.sync.read(Buffer.from(base64, 'base64'));
  const res = rgbaToZ64(png.data, png.width, { notrim: true });
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

async function nodeThermalPrinter(base64: string): Promise<Buffer> {
  const printer = new ThermalPrinter({ type: PrinterTypes.EPSON, interface: new Sink() as unknown as string });
  await printer.printImageBuffer(Buffer.from(base64, 'base64'));
  return printer.getBuffer();
}

async function time(fn: () => unknown): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { json: { type: 'boolean', default: false }, rounds: { type: 'string', default: '15' } } });
  const rounds = Math.max(3, Number(values.rounds) || 15);
  const gc = (globalThis as { gc?: () => void }).gc;
  const rows: Row[] = [];
  for (const sample of sampleLabels()) {
    const base64 = sample.png.toString('base64');
    const dpi = sample.dpi;
    const oursBytes = ours(base64, dpi);
    const peerBytes = zplImage(base64);
    for (let i = 0; i < 5; i += 1) {
      ours(base64, dpi);
      zplImage(base64);
    }
    await nodeThermalPrinter(base64);
    const t = { ours: [] as number[], zplImage: [] as number[], ntp: [] as number[] };
    for (let round = 0; round < rounds; round += 1) {
      gc?.();
      // Ours is quick and noisy in absolute terms, so it runs a few times per round.
      for (let k = 0; k < 3; k += 1) t.ours.push(await time(() => ours(base64, dpi)));
      t.zplImage.push(await time(() => zplImage(base64)));
      t.ntp.push(await time(() => nodeThermalPrinter(base64)));
    }
    rows.push({
      name: sample.name,
      dpi,
      ours_ms: Number(median(t.ours).toFixed(3)),
      zpl_image_ms: Number(median(t.zplImage).toFixed(3)),
      node_thermal_printer_ms: Number(median(t.ntp).toFixed(3)),
      ours_zpl_bytes: oursBytes.length,
      zpl_image_bytes: peerBytes.length,
    });
  }
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ labels: rows })}\n`);
    return;
  }
  process.stdout.write('label                          dpi   ours ms  zpl-image ms  ntp ms   ours bytes  zpl-image bytes\n');
  for (const r of rows) {
    process.stdout.write(
      `${r.name.padEnd(30)} ${String(r.dpi).padEnd(4)} ${r.ours_ms.toFixed(2).padStart(8)} ${r.zpl_image_ms.toFixed(2).padStart(13)} ${r.node_thermal_printer_ms.toFixed(1).padStart(7)} ${String(r.ours_zpl_bytes).padStart(12)} ${String(r.zpl_image_bytes).padStart(16)}\n`,
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
