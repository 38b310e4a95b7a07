import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeZpl } from '../../../electron/printing/lang/zpl';
import { defaultEncodeOptions } from '../../../electron/printing/lang/options';
import { decodeLabelPng } from '../../../electron/printing/raster/decode';
import { rastersEqual } from '../../../electron/printing/raster/raster';
import { createTcpPrinter } from '../../../electron/printing/transport/tcp';
import { createUsbPrinter } from '../../../electron/printing/transport/usb';
import { createVirtualPrinter } from '../../../electron/printing/transport/virtual';
import { createHostStatusMemory } from '../../../electron/printing/transport/zebraQuery';
import { suggestPrinter } from '../../../electron/printing/usb/knownPrinters';
import { listUsbPrinters } from '../../../electron/printing/usb/usbDiscovery';
import { PrinterSendError, readPortStatus, usbAccessAdvice } from '../../../electron/printing/usb/usbPrinter';
import { labelLikeRaster } from '../../unit/printing/fixtures';
import { fakeBus, fakePrinter, libusbError } from '../../unit/printing/usbFake';
import { READY, fakeZebraPrinter, hostStatusAnswer, type FakeZebra, type ZebraState } from '../../support/zebraPrinter';

const job = { id: 'job1', title: 'test', language: 'zpl' as const, size: { width: 812, height: 1218 } };
const label = labelLikeRaster(812, 1218);
const zpl = encodeZpl(label, defaultEncodeOptions);

describe('virtual printer', () => {
  it('writes the bytes and a preview decoded from those bytes, in a 0700 folder as 0600 files (a label shows an address)', async () => {
    const folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vp-')), 'printer');
    await createVirtualPrinter(folder, () => new Date('2026-01-02T03:04:05Z')).send(zpl, job);
    const files = fs.readdirSync(folder).sort();
    expect(files).toEqual(['2026-01-02T03-04-05-000Z-job1.png', '2026-01-02T03-04-05-000Z-job1.zpl']);
    expect(fs.readFileSync(path.join(folder, files[1]!))).toEqual(zpl);
    const preview = decodeLabelPng(fs.readFileSync(path.join(folder, files[0]!)));
    expect(preview.kind === 'bits' && rastersEqual(preview.raster, label)).toBe(true);
    expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
    for (const file of files) expect(fs.statSync(path.join(folder, file)).mode & 0o777, file).toBe(0o600);
  });
});

describe('raw TCP 9100', () => {
  const servers: net.Server[] = [];
  afterEach(() => servers.splice(0).forEach((s) => s.close()));

  const listen = (onSocket: (socket: net.Socket) => void): Promise<number> =>
    new Promise((resolve) => {
      const server = net.createServer(onSocket);
      servers.push(server);
      server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
    });

  it('delivers every byte to a listening printer', async () => {
    const chunks: Buffer[] = [];
    let done!: () => void;
    const received = new Promise<void>((r) => (done = r));
    const port = await listen((socket) => {
      socket.on('data', (d) => chunks.push(d));
      socket.on('end', () => {
        done();
        socket.end();
      });
    });
    const progress: number[] = [];
    await createTcpPrinter({ host: '127.0.0.1', port }).send(zpl, job, (n) => progress.push(n));
    await received;
    expect(Buffer.concat(chunks)).toEqual(zpl);
    expect(progress.at(-1)).toBe(zpl.length);
  });

  it('counts a job as sent when the printer resets the connection after taking every byte', async () => {
    let taken = 0;
    const port = await listen((socket) => {
      socket.on('data', (d) => {
        taken += d.length;
        if (taken >= zpl.length) socket.resetAndDestroy();
      });
      socket.on('error', () => undefined);
    });
    // Every byte went; a raw port never says whether the label came out, so the job is sent, not printed.
    await expect(createTcpPrinter({ host: '127.0.0.1', port }).send(zpl, job)).resolves.toEqual({ printed: false, unconfirmed: expect.stringMatching(/does not report whether the label printed/) });
    expect(taken).toBe(zpl.length);
  });

  it('reports a job the printer cut off with the bytes that left, not the bytes still buffered', async () => {
    const big = Buffer.alloc(32 * 1024 * 1024, 0x41);
    const port = await listen((socket) => {
      socket.once('data', () => socket.destroy());
      socket.on('error', () => undefined);
    });
    const error = await createTcpPrinter({ host: '127.0.0.1', port }).send(big, job).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PrinterSendError);
    expect((error as PrinterSendError).bytesSent).toBeLessThan(big.length);
  });

  it('reports a refused connection in words, with nothing sent', async () => {
    const port = await listen(() => undefined);
    servers.pop()!.close();
    await new Promise((r) => setTimeout(r, 20));
    const error = await createTcpPrinter({ host: '127.0.0.1', port }).send(zpl, job).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PrinterSendError);
    expect((error as PrinterSendError).bytesSent).toBe(0);
    expect((error as PrinterSendError).message).toMatch(/refused the connection/);
  });
});

describe('a ZPL label over raw TCP is followed by Zebra host status (~HS)', () => {
  const printers: FakeZebra[] = [];
  afterEach(async () => {
    for (const printer of printers.splice(0)) await printer.close();
  });
  const zebra = async (state: Partial<ZebraState> = {}): Promise<FakeZebra> => {
    const printer = await fakeZebraPrinter(state);
    printers.push(printer);
    return printer;
  };
  const send = (printer: FakeZebra, memory = createHostStatusMemory(), language: 'zpl' | 'epl' = 'zpl') =>
    createTcpPrinter({ host: printer.host, port: printer.port, zebraStatus: { memory, answerMs: 500, pollMs: 20, confirmMs: 2000 } }).send(zpl, { ...job, language });

  it('a printer that reports the format processed has printed the label; the label and the question went on separate connections', async () => {
    const printer = await zebra();
    await expect(send(printer)).resolves.toEqual({ printed: true });
    await printer.idle();
    expect(printer.labelBytes()).toEqual(zpl);
    expect(printer.connections.map((c) => c.bytes.toString('latin1')).slice(1)).toEqual(['~HS']);
  });

  it('asks again while the printer still holds the label, and is done once it has printed it', async () => {
    const printer = await zebra({ formatsInBuffer: 1, labelsRemaining: 1 });
    printer.onHostStatus = (count) => {
      if (count === 1) Object.assign(printer.state, { formatsInBuffer: 0, labelsRemaining: 1 });
      if (count === 2) printer.state.labelsRemaining = 0;
    };
    await expect(send(printer)).resolves.toEqual({ printed: true });
    expect(printer.hostStatusConnections()).toBe(3);
  });

  it('paper out, ribbon out, head up or paused: sent, in words naming the state', async () => {
    const paperOut = await zebra({ paperOut: true, formatsInBuffer: 1 });
    await expect(send(paperOut)).resolves.toEqual({ printed: false, unconfirmed: expect.stringMatching(/^the printer reports it is out of labels; the label prints once that is put right, so check/) });
    const open = await zebra({ headUp: true, ribbonOut: true, paused: true });
    await expect(send(open)).resolves.toEqual({ printed: false, unconfirmed: expect.stringMatching(/out of ribbon, open \(print head up\) and paused/) });
  });

  it('a Zebra that answered before and falls silent (newer firmware, out of labels) is named as stopped, and still asked next time', async () => {
    const printer = await zebra({ formatsInBuffer: 1, silentWhenStopped: true });
    printer.onHostStatus = (count) => {
      if (count === 1) printer.state.paperOut = true;
    };
    const memory = createHostStatusMemory();
    await expect(send(printer, memory)).resolves.toEqual({ printed: false, unconfirmed: expect.stringMatching(/stopped answering status questions \(a Zebra printer falls silent when out of labels/) });
    Object.assign(printer.state, { paperOut: false, formatsInBuffer: 0 });
    await expect(send(printer, memory)).resolves.toEqual({ printed: true });
    expect(printer.hostStatusConnections()).toBe(3);
  });

  it('a silent raw printer is sent, and the next label does not ask (nor wait) again', async () => {
    const printer = await zebra({ answers: false });
    const memory = createHostStatusMemory();
    await expect(send(printer, memory)).resolves.toEqual({ printed: false, unconfirmed: 'the printer did not answer a status question, so check that it came out' });
    await expect(send(printer, memory)).resolves.toEqual({ printed: false, unconfirmed: 'the printer does not answer status questions, so check that it came out' });
    await printer.idle();
    expect(printer.hostStatusConnections()).toBe(1);
    expect(printer.labelBytes()).toEqual(Buffer.concat([zpl, zpl]));
  });

  it('a label the printer still holds when the confirm time runs out is sent, in words', async () => {
    const printer = await zebra({ formatsInBuffer: 2, labelsRemaining: 3 });
    const delivery = await createTcpPrinter({ host: printer.host, port: printer.port, zebraStatus: { memory: createHostStatusMemory(), pollMs: 20, confirmMs: 100 } }).send(zpl, job);
    expect(delivery).toEqual({ printed: false, unconfirmed: 'the printer still has 3 labels to print after 1 s, so check that it came out' });
    expect(printer.hostStatusConnections()).toBeGreaterThan(1);
  });

  it('a device whose answer is not a host status is sent, and not asked again', async () => {
    const server = net.createServer((socket) => socket.on('data', (d) => (d.toString('latin1').includes('~HS') ? socket.end('\x02?\x03\r\n\x02?\x03\r\n') : undefined)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    const memory = createHostStatusMemory();
    const tcp = createTcpPrinter({ host: '127.0.0.1', port, zebraStatus: { memory, answerMs: 5000 } });
    await expect(tcp.send(zpl, job)).resolves.toEqual({ printed: false, unconfirmed: expect.stringMatching(/status answer could not be read/) });
    expect(memory.silent(`127.0.0.1:${port}`)).toBe(true);
    server.close();
  });

  it('a printer that stops listening once it has the label is sent, in words without codes', async () => {
    const server = net.createServer((socket) => {
      server.close();
      socket.on('data', () => undefined);
      socket.on('end', () => socket.end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    const tcp = createTcpPrinter({ host: '127.0.0.1', port, zebraStatus: { memory: createHostStatusMemory() } });
    await expect(tcp.send(zpl, job)).resolves.toEqual({
      printed: false,
      unconfirmed: 'the printer took the label but could not be asked whether it printed (it refused the connection), so check that it came out',
    });
  });

  it('only ZPL labels ask; other languages are sent as before', async () => {
    const printer = await zebra();
    await expect(send(printer, createHostStatusMemory(), 'epl')).resolves.toEqual({ printed: false, unconfirmed: expect.stringMatching(/raw network printer does not report/) });
    expect(printer.hostStatusConnections()).toBe(0);
  });
});

describe('USB printer (stand-in device shaped like usb 2.18)', () => {
  it('detaches usblp, claims the printer interface and sends in chunks with a timeout', async () => {
    const device = fakePrinter();
    const printer = createUsbPrinter(fakeBus([device]), { vendorId: 0x0a5f, productId: 0x0120, serialNumber: null }, { chunkSize: 4096, timeoutMs: 2000 });
    expect(printer.isPresent()).toBe(true);
    await printer.send(zpl, job);
    expect(Buffer.concat(device.received)).toEqual(zpl);
    expect(device.received.every((c) => c.length <= 4096)).toBe(true);
    const expected = process.platform === 'linux' ? ['open', 'detachKernelDriver', 'claim', 'control a1 1 0', 'release', 'close'] : ['open', 'claim', 'control a1 1 0', 'release', 'close'];
    expect(device.log).toEqual(expected);
  });

  it('a label that went out whole is sent, even when letting go of the printer fails afterwards', async () => {
    const device = fakePrinter();
    const claimed = device.interface(0);
    device.interface = () => ({
      ...claimed,
      release: () => {
        throw libusbError('LIBUSB_ERROR_NO_DEVICE', -4);
      },
    });
    const printer = createUsbPrinter(fakeBus([device]), { vendorId: 0x0a5f, productId: 0x0120, serialNumber: null }, { chunkSize: 4096 });
    await expect(printer.send(zpl, job)).resolves.toEqual({ printed: false, unconfirmed: expect.stringMatching(/without saying whether the label printed/) });
    expect(Buffer.concat(device.received)).toEqual(zpl);
    expect(device.log.at(-1)).toBe('close');
  });

  it('listing printers while one prints reads nothing from it, so the job\'s handle stays open', async () => {
    const device = fakePrinter();
    const bus = fakeBus([device]);
    await listUsbPrinters(bus);
    const printer = createUsbPrinter(bus, { vendorId: 0x0a5f, productId: 0x0120, serialNumber: null }, { chunkSize: 100 });
    let listed: Awaited<ReturnType<typeof listUsbPrinters>> = [];
    let logDuringList: string[] = [];
    await printer.send(zpl, job, (sent) => {
      if (sent !== 200) return;
      const before = device.log.length;
      void listUsbPrinters(bus).then((found) => {
        listed = found;
        logDuringList = device.log.slice(before);
      });
    });
    expect(Buffer.concat(device.received)).toEqual(zpl);
    expect(logDuringList.filter((entry) => entry === 'open' || entry === 'close')).toEqual([]);
    expect(listed[0]).toMatchObject({ id: 'usb:0a5f:0120:D2J123456', suggestion: { language: 'zpl' } });
  });

  it('says how many bytes went out when unplugged mid-job', async () => {
    const device = fakePrinter();
    device.failAfterChunks = { chunks: 2, error: 'LIBUSB_ERROR_NO_DEVICE' };
    const printer = createUsbPrinter(fakeBus([device]), { vendorId: 0x0a5f, productId: 0x0120, serialNumber: null }, { chunkSize: 100 });
    const error = (await printer.send(zpl, job).catch((e: unknown) => e)) as PrinterSendError;
    expect(error).toBeInstanceOf(PrinterSendError);
    expect(error.bytesSent).toBe(200);
    expect(error.message).toMatch(/unplugged/);
    expect(device.log).toContain('release');
  });

  it('counts the part of a chunk a timed-out transfer moved, so a job stalled mid-chunk is not re-sent as if untouched', async () => {
    const device = fakePrinter();
    device.failAfterChunks = { chunks: 0, error: 'LIBUSB_ERROR_TIMEOUT', actual: 64 };
    const printer = createUsbPrinter(fakeBus([device]), { vendorId: 0x0a5f, productId: 0x0120, serialNumber: null }, { chunkSize: 4096 });
    const error = (await printer.send(zpl, job).catch((e: unknown) => e)) as PrinterSendError;
    expect(error).toBeInstanceOf(PrinterSendError);
    expect(error.bytesSent).toBe(64);
  });

  it('checks GET_PORT_STATUS and waits, sending nothing, when the printer is out of labels', async () => {
    const device = fakePrinter();
    device.portStatus = 0x38;
    const error = (await createUsbPrinter(fakeBus([device]), { vendorId: 0x0a5f, productId: 0x0120, serialNumber: null }).send(zpl, job).catch((e: unknown) => e)) as PrinterSendError;
    expect(error.bytesSent).toBe(0);
    expect(error.message).toMatch(/out of labels/);
    expect(device.received).toHaveLength(0);
    expect(device.log).toContain('release');
  });

  it('says before a label whether a one-way printer is out of labels, from GET_PORT_STATUS', async () => {
    const device = fakePrinter();
    const printer = createUsbPrinter(fakeBus([device]), { vendorId: 0x0a5f, productId: 0x0120, serialNumber: null });
    await expect(printer.readiness?.('epl')).resolves.toEqual({ state: 'ready' });
    device.portStatus = 0x38;
    await expect(printer.readiness?.('epl')).resolves.toEqual({ state: 'stopped', words: 'reports it is out of labels' });
    expect(device.received).toHaveLength(0);
    expect(device.log.filter((entry) => entry === 'release')).toHaveLength(2);
  });

  it('asks a bidirectional Zebra ~HS on its IN endpoint: paused or open is a stop in words, and no question is among the label bytes', async () => {
    const device = fakePrinter();
    const state: ZebraState = { ...READY, paused: true, headUp: true };
    device.hostStatus = () => hostStatusAnswer(state);
    const printer = createUsbPrinter(fakeBus([device]), { vendorId: 0x0a5f, productId: 0x0120, serialNumber: null }, { answerMs: 200 });
    await expect(printer.readiness?.('zpl')).resolves.toEqual({ state: 'stopped', words: 'reports it is open (print head up) and paused' });
    state.paused = false;
    state.headUp = false;
    await expect(printer.readiness?.('zpl')).resolves.toEqual({ state: 'ready' });
    await printer.send(zpl, job);
    expect(device.hostStatusQueries).toBe(2);
    expect(Buffer.concat(device.received)).toEqual(zpl);
  });

  it('a bidirectional printer that never answers ~HS is asked once; after that its labels do not wait for it', async () => {
    const device = fakePrinter();
    device.hostStatus = () => null;
    const printer = createUsbPrinter(fakeBus([device]), { vendorId: 0x0a5f, productId: 0x0120, serialNumber: null }, { answerMs: 100 });
    await expect(printer.readiness?.('zpl')).resolves.toEqual({ state: 'ready' });
    await expect(printer.readiness?.('zpl')).resolves.toEqual({ state: 'ready' });
    expect(device.hostStatusQueries).toBe(1);
  });

  it('a missing printer is a calm, retryable state with nothing sent', async () => {
    const printer = createUsbPrinter(fakeBus([]), { vendorId: 0x0a5f, productId: 0x0120, serialNumber: null });
    expect(printer.isPresent()).toBe(false);
    const error = (await printer.send(zpl, job).catch((e: unknown) => e)) as PrinterSendError;
    expect(error.bytesSent).toBe(0);
    expect(error.error.retryable).toBe(true);
    expect(error.message).toMatch(/not connected/);
  });

  it('explains the udev rule or WinUSB step on LIBUSB_ERROR_ACCESS', async () => {
    const device = fakePrinter();
    device.openError = 'LIBUSB_ERROR_ACCESS';
    const error = (await createUsbPrinter(fakeBus([device]), { vendorId: 0x0a5f, productId: 0x0120, serialNumber: null }).send(zpl, job).catch((e: unknown) => e)) as PrinterSendError;
    expect(error.error.code).toBe('printer_unavailable');
    expect(usbAccessAdvice(device, 'linux')).toMatch(/udev rule.*ATTR\{idVendor\}=="0a5f".*plugdev/);
    expect(usbAccessAdvice(device, 'win32')).toMatch(/WinUSB.*Zadig/);
  });

  it('lists printer-class devices with their IEEE 1284 id and a suggestion; other devices are skipped', async () => {
    const zebra = fakePrinter();
    const keyboard = fakePrinter({ printerClass: false, vendorId: 0x046d });
    const found = await listUsbPrinters(fakeBus([zebra, keyboard]));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      id: 'usb:0a5f:0120:D2J123456',
      deviceId: 'MFG:Zebra Technologies;CMD:ZPL;MDL:ZD420;',
      suggestion: { model: 'ZD420', language: 'zpl', dpi: 203, media: '4x6' },
      message: null,
    });
    expect(zebra.log).toContain('control a1 0 0');
  });

  it('reads GET_PORT_STATUS', async () => {
    const device = fakePrinter();
    expect(await readPortStatus(device, { interfaceNumber: 0, alternateSetting: 0, outEndpoint: 1, inEndpoint: null })).toEqual({ paperEmpty: false, selected: true, error: false });
  });

  it('suggests languages from the device id before the vendor table', () => {
    expect(suggestPrinter(0x0a5f, 'MFG:Zebra;CMD:EPL2;MDL:LP2844;', null)).toMatchObject({ language: 'epl' });
    expect(suggestPrinter(0x1234, 'MFG:Printer;MDL:Thermal Printer;CMD:XPP,XL;', null)).toMatchObject({ language: 'tspl' });
    expect(suggestPrinter(0x0a5f, null, null)).toMatchObject({ language: 'zpl', dpi: 203 });
    // The long-form keys a ZD611 reports (lprint's driver table).
    expect(suggestPrinter(0x0a5f, 'MANUFACTURER:Zebra Technologies ;COMMAND SET:ZPL;MODEL:ZTC ZD611-300dpi ZPL;', null)).toMatchObject({
      language: 'zpl',
      dpi: 300,
      model: 'ZTC ZD611-300dpi ZPL',
    });
    expect(suggestPrinter(0x0922, null, 'LabelWriter 4XL')).toBeNull();
  });
});
