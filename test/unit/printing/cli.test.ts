import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../electron/cli/main';
import { labelCommand } from '../../../electron/cli/label';
import { createPrintCommand } from '../../../electron/cli/print';
import { createPrintersCommand } from '../../../electron/cli/printers';
import { decodeLabelPng } from '../../../electron/printing/raster/decode';
import { rastersEqual } from '../../../electron/printing/raster/raster';
import { openPrinting } from '../../../electron/station/printingStation';
import { defaultVirtualProfile } from '../../../shared/contract/printing';
import { labelLikeRaster, rasterToOneBitRows, writePng } from './fixtures';
import { fakeBus, fakePrinter } from './usbFake';

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'label-cli-'));
const label = labelLikeRaster(812, 1218);
const input = path.join(dir, 'label.png');
fs.writeFileSync(input, writePng({ width: 812, height: 1218, bitDepth: 1, colorType: 0, rows: rasterToOneBitRows(label) }));

describe('label, printers and print commands', () => {
  it.each(['zpl', 'epl', 'tspl', 'escpos'])('label convert then preview gives back the label (%s)', async (lang) => {
    const commands = [labelCommand];
    const bytes = path.join(dir, `label.${lang}`);
    const preview = path.join(dir, `preview-${lang}.png`);
    expect(await runCli(['label', 'convert', '--in', input, '--lang', lang, '--dpi', '203', '--out', bytes], io().io, commands)).toBe(0);
    expect(await runCli(['label', 'preview', '--in', bytes, '--lang', lang, '--out', preview], io().io, commands)).toBe(0);
    const decoded = decodeLabelPng(fs.readFileSync(preview));
    expect(decoded.kind === 'bits' && rastersEqual(decoded.raster, label)).toBe(true);
  });

  it('names an unknown language and a bad PNG in words', async () => {
    const a = io();
    expect(await runCli(['label', 'convert', '--in', input, '--lang', 'pcl', '--out', path.join(dir, 'x')], a.io, [labelCommand])).toBe(2);
    expect(a.err.join('\n')).toMatch(/Unknown printer language "pcl"/);
    const b = io();
    expect(await runCli(['label', 'convert', '--in', __filename, '--lang', 'zpl', '--out', path.join(dir, 'x')], b.io, [labelCommand])).toBe(1);
    expect(b.err.join('\n')).toMatch(/^Error: The label is not a readable PNG image/);
    expect(b.err.join('\n')).not.toMatch(/bad_label/);
    const c = io();
    expect(await runCli(['label', 'convert', '--in', input, '--lang', 'zpl', '--out', path.join(dir, 'no-such-folder', 'x.zpl')], c.io, [labelCommand])).toBe(1);
    expect(c.err.join('\n')).toMatch(/^Error: Cannot write .*x\.zpl/);
    expect(c.err.join('\n')).not.toMatch(/not_found/);
  });

  it('printers lists the virtual default and plugged-in USB printers; none is a calm answer', async () => {
    const data = path.join(dir, 'data-a');
    const none = io();
    expect(await runCli(['printers', '--data-dir', data], none.io, [createPrintersCommand({ usb: null, osQueues: null })])).toBe(0);
    expect(none.out.join('\n')).toMatch(/\* virtual {2}Virtual printer.*\nNo USB printers are plugged in\./);
    const some = io();
    expect(await runCli(['printers', '--json', '--data-dir', data], some.io, [createPrintersCommand({ usb: fakeBus([fakePrinter()]), osQueues: null })])).toBe(0);
    expect(some.out).toHaveLength(1);
    expect(JSON.parse(some.out[0]!).printers[1]).toMatchObject({ id: 'usb:0a5f:0120:D2J123456', suggestion: { language: 'zpl' } });
  });

  it('printers says no USB printer is plugged in when the only USB printer set up is unplugged', async () => {
    const data = path.join(dir, 'data-c');
    const setUp = await openPrinting(data, null, null);
    try {
      await setUp.printing.handlers['printers.profile.set']({
        profile: { ...defaultVirtualProfile, id: 'zebra', name: 'Bench Zebra', transport: { kind: 'usb', vendorId: 0x0a5f, productId: 0x0120, serialNumber: null } },
        makeDefault: false,
      });
    } finally {
      await setUp.close();
    }
    const run = io();
    expect(await runCli(['printers', '--data-dir', data], run.io, [createPrintersCommand({ usb: fakeBus([]), osQueues: null })])).toBe(0);
    expect(run.out.join('\n')).toMatch(/zebra {2}Bench Zebra \[usb, not connected\][\s\S]*\nNo USB printers are plugged in\./);
  });

  it('print sends a label through the queue to the default printer', async () => {
    const run = io();
    const data = path.join(dir, 'data-b');
    expect(await runCli(['print', '--in', input, '--json', '--data-dir', data], run.io, [createPrintCommand({ usb: null, osQueues: null })])).toBe(0);
    expect(JSON.parse(run.out[0]!)).toMatchObject({ status: 'done', printerId: 'virtual' });
    expect(fs.readdirSync(path.join(data, 'virtual-printer')).some((f) => f.endsWith('.zpl'))).toBe(true);
  });
});
