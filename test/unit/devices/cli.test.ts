import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createScalesCommand } from '../../../electron/cli/scales';
import { createScanCommand } from '../../../electron/cli/scan';
import { CliUsageError } from '../../../electron/cli/command';
import { scaleReportDescriptor, StandInDevice, StandInUsb } from './standInUsb';

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
}

describe('scan parse CLI', () => {
  it('prints exactly one JSON line with only the fields that apply', async () => {
    const t = io();
    const code = await createScanCommand().run(['parse', ']C142022153\u001d9101026837331000039521'], t.io);
    expect(code).toBe(0);
    expect(t.out).toEqual(['{"kind":"tracking","tracking_no":"9101026837331000039521","carrier":"USPS","zip":"22153"}']);
    expect(t.err).toEqual([]);
  });

  it('keeps the message of an unknown scan off stdout', async () => {
    const t = io();
    await createScanCommand().run(['parse', 'hello', 'world'], t.io);
    expect(t.out).toEqual(['{"kind":"unknown"}']);
    expect(t.err[0]).toMatch(/"hello world" is not an order/);
  });

  it('reads one scanned line from stdin with "-"', async () => {
    const t = io();
    await createScanCommand(Readable.from(['PS:CMD:REPRINT_LAST\r\n', 'ignored\n'])).run(['parse', '-'], t.io);
    expect(t.out).toEqual(['{"kind":"command","command":"REPRINT_LAST"}']);
  });

  it('refuses a missing or unknown action', async () => {
    await expect(createScanCommand().run([], io().io)).rejects.toBeInstanceOf(CliUsageError);
    await expect(createScanCommand().run(['print'], io().io)).rejects.toBeInstanceOf(CliUsageError);
  });
});

describe('scales CLI', () => {
  it('answers calmly when no scale is connected', async () => {
    const t = io();
    expect(await createScalesCommand({ usb: new StandInUsb() }).run(['--wait-ms', '0'], t.io)).toBe(0);
    expect(t.out).toEqual(['No scale connected.']);
    const j = io();
    await createScalesCommand({ usb: new StandInUsb() }).run(['--json', '--wait-ms', '0'], j.io);
    expect(j.out).toHaveLength(1);
    expect(JSON.parse(j.out[0] ?? '')).toMatchObject({ scales: [], message: 'No scale connected' });
  });

  it('lists a scale with its settled reading', async () => {
    const usb = new StandInUsb();
    const dymo = new StandInDevice({ vendorId: 0x0922, productId: 0x8003, reportDescriptor: scaleReportDescriptor, withOutput: true });
    usb.devices.push(dymo);
    const stream = setInterval(() => dymo.iface.input.report('03 04 0B FF CE 00'), 20);
    try {
      const t = io();
      await createScalesCommand({ usb }).run(['--json', '--wait-ms', '3000'], t.io);
      const state = JSON.parse(t.out[0] ?? '');
      expect(state.scales).toMatchObject([{ id: 'usb:0922:8003@1-2', name: 'DYMO M10 postal scale', active: true, canZero: true }]);
      expect(state.reading).toMatchObject({ weightOz: 20.6, display: '1 lb 4.6 oz', stable: true });
      const text = io();
      await createScalesCommand({ usb }).run(['--wait-ms', '3000'], text.io);
      expect(text.out).toEqual(['* DYMO M10 postal scale [0922:8003] usb:0922:8003@1-2: 1 lb 4.6 oz (Stable); can zero']);
    } finally {
      clearInterval(stream);
    }
    expect(usb.listenerCount()).toBe(0);
  });

  it('prints udev rules for the known scales', async () => {
    const t = io();
    await createScalesCommand({ usb: new StandInUsb() }).run(['--udev-rules'], t.io);
    const text = t.out.join('\n');
    expect(text).toContain('SUBSYSTEM=="usb", ATTR{idVendor}=="0922", ATTR{idProduct}=="8003", MODE="0660", GROUP="plugdev", TAG+="uaccess"  # DYMO M10 postal scale');
    expect(text.split('\n').filter((l) => l.startsWith('SUBSYSTEM'))).toHaveLength(13);
  });

  it('refuses a bad wait', async () => {
    await expect(createScalesCommand({ usb: new StandInUsb() }).run(['--wait-ms', 'soon'], io().io)).rejects.toBeInstanceOf(CliUsageError);
  });
});
