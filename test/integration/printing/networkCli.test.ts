import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../electron/cli/main';
import { createPrintCommand } from '../../../electron/cli/print';
import { createPrintersCommand } from '../../../electron/cli/printers';
import { decodeZpl } from '../../../electron/printing/lang/zpl';
import { rastersEqual } from '../../../electron/printing/raster/raster';
import { labelLikeRaster, rasterToOneBitRows, writePng } from '../../unit/printing/fixtures';
import { fakeZebraPrinter } from '../../support/zebraPrinter';

const label = labelLikeRaster(812, 1218);
const png = writePng({ width: 812, height: 1218, bitDepth: 1, colorType: 0, rows: rasterToOneBitRows(label) });

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'printers-tcp-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const commands = () => [createPrintersCommand({ usb: null, osQueues: null }), createPrintCommand({ usb: null, osQueues: null })];

describe('printers add --tcp', () => {
  it('sets up a network Zebra as the window does, and a label printed with it arrives whole', async () => {
    const printer = await fakeZebraPrinter();
    cleanups.push(() => printer.close());
    const data = dataDir();
    const added = io();
    const address = `${printer.host}:${printer.port}`;
    expect(await runCli(['printers', 'add', '--tcp', address, '--lang', 'zpl', '--name', 'Packing Zebra', '--default', '--json', '--data-dir', data], added.io, commands())).toBe(0);
    expect(JSON.parse(added.out[0] ?? '{}')).toMatchObject({
      id: `net:${printer.host}:${printer.port}`,
      name: 'Packing Zebra',
      transport: { kind: 'tcp', host: printer.host, port: printer.port },
      language: 'zpl',
      dpi: 203,
      media: '4x6',
    });
    const listed = io();
    expect(await runCli(['printers', '--data-dir', data], listed.io, commands())).toBe(0);
    expect(listed.out.join('\n')).toContain(`* net:${printer.host}:${printer.port}  Packing Zebra [tcp, connected]`);

    const input = path.join(data, 'label.png');
    fs.writeFileSync(input, png);
    const printed = io();
    expect(await runCli(['print', '--in', input, '--json', '--data-dir', data], printed.io, commands())).toBe(0);
    expect(JSON.parse(printed.out[0] ?? '{}')).toMatchObject({ status: 'done', printerId: `net:${printer.host}:${printer.port}` });
    await printer.idle();
    expect(rastersEqual(decodeZpl(printer.labelBytes()), label)).toBe(true);
  });

  it('says in words what is missing or wrong, and saves nothing', async () => {
    const data = dataDir();
    const cases: Array<[string[], RegExp]> = [
      [['--tcp', '10.0.0.9'], /--lang is required with --tcp/],
      [['--tcp', '10.0.0.9:70000', '--lang', 'zpl'], /The port in "10\.0\.0\.9:70000" is not one from 1 to 65535/],
      [['--tcp', 'printer one', '--lang', 'zpl'], /"printer one" is not a printer address/],
      [['--tcp', '10.0.0.9', '--queue', 'Zebra', '--lang', 'zpl'], /Give --queue or --tcp, not both/],
      [['--tcp', '10.0.0.9', '--lang', 'pdf'], /Unknown printer language "pdf"/],
    ];
    for (const [args, words] of cases) {
      const run = io();
      expect(await runCli(['printers', 'add', ...args, '--data-dir', data], run.io, commands())).not.toBe(0);
      expect(run.err.join('\n')).toMatch(words);
    }
    const listed = io();
    expect(await runCli(['printers', '--json', '--data-dir', data], listed.io, commands())).toBe(0);
    expect((JSON.parse(listed.out[0] ?? '{}') as { printers: Array<{ kind: string }> }).printers.filter((p) => p.kind === 'tcp')).toHaveLength(0);
  });
});
