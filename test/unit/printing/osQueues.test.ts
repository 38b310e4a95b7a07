import { describe, expect, it } from 'vitest';
import { StationFailure } from '../../../shared/contract/errors';
import { cupsUri, resolveCupsServer } from '../../../electron/printing/osqueue/cupsServer';
import { queuePrinterId } from '../../../electron/printing/osqueue/osQueues';
import { guessQueueLanguage } from '../../../electron/printing/osqueue/queueLanguage';
import type { ProgramRun, ProgramResult } from '../../../electron/printing/osqueue/runProgram';
import { createWindowsSpooler, LIST_PRINTERS_SCRIPT, RAW_PRINT_SCRIPT } from '../../../electron/printing/osqueue/windowsSpooler';

describe('where CUPS is', () => {
  const none = () => false;
  it.each([
    ['print-server', { kind: 'tcp', host: 'print-server', port: 631 }],
    ['print-server:8631', { kind: 'tcp', host: 'print-server', port: 8631 }],
    ['127.0.0.1:6310/version=1.1', { kind: 'tcp', host: '127.0.0.1', port: 6310 }],
    ['[::1]:6311', { kind: 'tcp', host: '::1', port: 6311 }],
    ['/tmp/cups.sock', { kind: 'socket', path: '/tmp/cups.sock' }],
  ])('honours CUPS_SERVER=%s', (value, expected) => {
    expect(resolveCupsServer({ CUPS_SERVER: value }, none)).toEqual(expected);
  });

  it('without CUPS_SERVER uses the local scheduler\'s socket, else localhost:631', () => {
    expect(resolveCupsServer({}, (p) => p === '/private/var/run/cupsd')).toEqual({ kind: 'socket', path: '/private/var/run/cupsd' });
    expect(resolveCupsServer({}, none)).toEqual({ kind: 'tcp', host: 'localhost', port: 631 });
    expect(cupsUri({ kind: 'tcp', host: '::1', port: 631 }, '/printers/Z')).toBe('ipp://[::1]:631/printers/Z');
    expect(cupsUri({ kind: 'socket', path: '/run/cups/cups.sock' }, '/printers/Z')).toBe('ipp://localhost/printers/Z');
  });
});

describe('the language a driver name suggests', () => {
  it.each([
    ['ZDesigner ZD420-203dpi ZPL', 'zpl', 203],
    ['ZDesigner ZT411-300dpi ZPL', 'zpl', 300],
    ['Zebra GX430t', 'zpl', 203],
    ['ZDesigner LP 2844', 'epl', 203],
    ['ZDesigner GK420d (EPL)', 'epl', 203],
    ['Rollo Printer', 'tspl', 203],
    ['MUNBYN ITPP941', 'tspl', 203],
    ['TSC TE200', 'tspl', 203],
    ['EPSON TM-T88V Receipt', 'escpos', 203],
  ])('%s -> %s at %i dpi', (model, language, dpi) => {
    expect(guessQueueLanguage(model)).toMatchObject({ rawCapable: true, language, dpi });
  });

  it('says DYMO LabelWriter and Brother QL printers cannot print raw, and knows nothing of an office laser', () => {
    expect(guessQueueLanguage('DYMO LabelWriter 4XL')).toMatchObject({ rawCapable: false, note: expect.stringMatching(/cannot print to them raw/) });
    expect(guessQueueLanguage('Brother QL-1110NWB')).toMatchObject({ rawCapable: false });
    expect(guessQueueLanguage('HP LaserJet Pro M404', null)).toEqual({ rawCapable: true, language: null, dpi: 203, note: null });
    expect(guessQueueLanguage('Local Raw Printer', 'ZDesigner ZD620')).toMatchObject({ language: 'zpl' });
  });

  it('gives every queue a station id, even Windows names with spaces and parentheses', () => {
    const digest = (text: string) => Buffer.from(text).toString('hex');
    expect(queuePrinterId('Zebra_ZD420', digest)).toBe('queue:Zebra_ZD420');
    expect(queuePrinterId('ZDesigner GK420d (EPL)', digest)).toMatch(/^queue:ZDesigner_GK420d_EPL_~[0-9a-f]{8}$/);
  });
});

/** The Windows spooler is tested by what it would run: the program, its arguments, environment and standard input. */
function recorder(answer: ProgramResult) {
  const runs: ProgramRun[] = [];
  return { runs, run: async (run: ProgramRun) => (runs.push(run), answer) };
}
const decodeScript = (args: readonly string[]) => Buffer.from(args[args.length - 1] ?? '', 'base64').toString('utf16le');

describe('Windows spooler (RAW through WritePrinter)', () => {
  it('hands the exact bytes to a PowerShell P/Invoke of WritePrinter with the RAW datatype', async () => {
    const bytes = Buffer.from([0x5e, 0x58, 0x41, 0x00, 0xff, 0x0a, 0x1d, 0x76, 0x30, 0x5e, 0x58, 0x5a]);
    const { runs, run } = recorder({ code: 0, stdout: `{"written":${bytes.length}}`, stderr: '' });
    await createWindowsSpooler(run).printRaw('ZDesigner GK420d (EPL)', bytes, { id: 'job-7', title: 'Order "1001"; $(rm -rf)' });
    expect(runs).toHaveLength(1);
    const call = runs[0]!;
    expect(call.file).toBe('powershell.exe');
    expect(call.args.slice(0, -1)).toEqual(['-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass', '-EncodedCommand']);
    const script = decodeScript(call.args);
    expect(script).toBe(RAW_PRINT_SCRIPT);
    expect(script).toMatch(/pDatatype = "RAW"/);
    expect(script).toMatch(/WritePrinter\(printer, bytes, bytes\.Length, out written\)/);
    // Names travel in the environment, never inside the script.
    expect(call.env).toEqual({ PARCEL_STATION_PRINTER: 'ZDesigner GK420d (EPL)', PARCEL_STATION_JOB: 'Parcel Station job-7: Order "1001"; $(rm -rf)' });
    expect(script).not.toContain('GK420d');
    expect(Buffer.from(call.input ?? '', 'base64').equals(bytes)).toBe(true);
  });

  it('turns spooler failures into words: unknown printer, access denied, partial write, PowerShell missing', async () => {
    const failure = async (answer: ProgramResult | Error) => {
      const spooler = createWindowsSpooler(async () => {
        if (answer instanceof Error) throw answer;
        return answer;
      });
      try {
        await spooler.printRaw('Bench Zebra', Buffer.alloc(100), { id: 'j', title: 't' });
        return null;
      } catch (error) {
        return error instanceof StationFailure ? { ...error.error, sent: (error as { bytesSent?: number }).bytesSent } : error;
      }
    };
    await expect(failure({ code: 1, stdout: '{"error":"OpenPrinter","code":1801}', stderr: '' })).resolves.toMatchObject({ message: 'There is no printer "Bench Zebra" in Windows any more. Set it up again or choose another printer.', retryable: false, sent: 0 });
    await expect(failure({ code: 1, stdout: '{"error":"OpenPrinter","code":5}', stderr: '' })).resolves.toMatchObject({ message: expect.stringMatching(/does not let this user print/), retryable: false });
    await expect(failure({ code: 0, stdout: '{"written":40}', stderr: '' })).resolves.toMatchObject({ message: expect.stringMatching(/only part of the label/), sent: 40 });
    await expect(failure(new Error('spawn powershell.exe ENOENT'))).resolves.toMatchObject({ message: expect.stringMatching(/PowerShell could not be started/), retryable: false, sent: 0 });
  });

  it('lists installed printers with their driver and state through Get-Printer', async () => {
    const stdout = JSON.stringify([
      { Name: 'ZDesigner GK420d (EPL)', DriverName: 'ZDesigner GK420d (EPL)', PrinterStatus: 0, Comment: '' },
      { Name: 'Rollo Printer', DriverName: 'Rollo Printer', PrinterStatus: 1, Comment: null },
      { Name: 'Microsoft Print to PDF', DriverName: 'Microsoft Print To PDF', PrinterStatus: 'Offline' },
    ]);
    const { runs, run } = recorder({ code: 0, stdout, stderr: '' });
    const queues = await createWindowsSpooler(run).list();
    expect(decodeScript(runs[0]!.args)).toBe(LIST_PRINTERS_SCRIPT);
    expect(LIST_PRINTERS_SCRIPT).toMatch(/Get-Printer \| Select-Object Name, DriverName, PrinterStatus/);
    expect(queues).toEqual([
      { name: 'ZDesigner GK420d (EPL)', state: 'idle', stateMessage: null, model: 'ZDesigner GK420d (EPL)', description: null, acceptingJobs: true },
      { name: 'Rollo Printer', state: 'stopped', stateMessage: 'Paused in Windows', model: 'Rollo Printer', description: null, acceptingJobs: true },
      { name: 'Microsoft Print to PDF', state: 'stopped', stateMessage: 'Offline', model: 'Microsoft Print To PDF', description: null, acceptingJobs: true },
    ]);
    await expect(createWindowsSpooler(async () => ({ code: 0, stdout: '<html>', stderr: '' })).list()).rejects.toThrow('Windows listed its printers in a form the station does not understand.');
  });
});
