import { z } from 'zod';
import type { Delivery } from '../transport/transport';
import { PrinterSendError } from '../usb/usbPrinter';
import { spoolerJobName, type InstalledQueue, type OsPrintQueues, type RawJob } from './osQueues';
import { runProgram, type RunProgram } from './runProgram';

const POWERSHELL = 'powershell.exe';
const POWERSHELL_ARGS = ['-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass', '-EncodedCommand'];

/**
 * A RAW job through the spooler: OpenPrinter, StartDocPrinter with the RAW
 * datatype, WritePrinter, in C# compiled by PowerShell's Add-Type (present
 * on every Windows since 7, so nothing native ships for it). The printer
 * and job names come in through the environment and the bytes as base64 on
 * standard input, so no name can be read as script.
 */
export const RAW_PRINT_SCRIPT = String.raw`$ErrorActionPreference = 'Stop'
Add-Type -TypeDefinition @'
using System;
using System.ComponentModel;
using System.Runtime.InteropServices;
public static class ParcelStationRawPrint {
  [StructLayout(LayoutKind.Sequential, CharSet = CharSet.Unicode)]
  public class DocInfo { public string pDocName; public string pOutputFile; public string pDatatype; }
  [DllImport("winspool.drv", CharSet = CharSet.Unicode, SetLastError = true)] static extern bool OpenPrinter(string name, out IntPtr printer, IntPtr defaults);
  [DllImport("winspool.drv", SetLastError = true)] static extern bool ClosePrinter(IntPtr printer);
  [DllImport("winspool.drv", CharSet = CharSet.Unicode, SetLastError = true)] static extern int StartDocPrinter(IntPtr printer, int level, [In] DocInfo info);
  [DllImport("winspool.drv", SetLastError = true)] static extern bool EndDocPrinter(IntPtr printer);
  [DllImport("winspool.drv", SetLastError = true)] static extern bool StartPagePrinter(IntPtr printer);
  [DllImport("winspool.drv", SetLastError = true)] static extern bool EndPagePrinter(IntPtr printer);
  [DllImport("winspool.drv", SetLastError = true)] static extern bool WritePrinter(IntPtr printer, byte[] bytes, int count, out int written);
  static Exception Failed(string step) { return new Win32Exception(Marshal.GetLastWin32Error(), step); }
  public static int Send(string name, string document, byte[] bytes) {
    IntPtr printer;
    if (!OpenPrinter(name, out printer, IntPtr.Zero)) throw Failed("OpenPrinter");
    try {
      if (StartDocPrinter(printer, 1, new DocInfo { pDocName = document, pDatatype = "RAW" }) == 0) throw Failed("StartDocPrinter");
      try {
        if (!StartPagePrinter(printer)) throw Failed("StartPagePrinter");
        int written;
        if (!WritePrinter(printer, bytes, bytes.Length, out written)) throw Failed("WritePrinter");
        EndPagePrinter(printer);
        return written;
      } finally { EndDocPrinter(printer); }
    } finally { ClosePrinter(printer); }
  }
}
'@
try {
  $bytes = [Convert]::FromBase64String([Console]::In.ReadToEnd())
  $written = [ParcelStationRawPrint]::Send($env:PARCEL_STATION_PRINTER, $env:PARCEL_STATION_JOB, $bytes)
  [Console]::Out.Write('{"written":' + $written + '}')
} catch {
  $e = $_.Exception
  if ($e.InnerException) { $e = $e.InnerException }
  $code = 0
  if ($e -is [System.ComponentModel.Win32Exception]) { $code = $e.NativeErrorCode }
  [Console]::Out.Write((@{ error = $e.Message; code = $code } | ConvertTo-Json -Compress))
  exit 1
}`;

/** Installed printers with their driver and state; @() keeps one printer a JSON array. */
export const LIST_PRINTERS_SCRIPT = String.raw`$ErrorActionPreference = 'Stop'
ConvertTo-Json -Compress -InputObject @(Get-Printer | Select-Object Name, DriverName, PrinterStatus, Comment)`;

/** PowerShell's -EncodedCommand takes the script as base64 of UTF-16LE. */
export function encodedCommand(script: string): string {
  return Buffer.from(script, 'utf16le').toString('base64');
}

/** Win32 errors the operator can act on (winerror.h). */
const ERROR_INVALID_PRINTER_NAME = 1801;
const ERROR_ACCESS_DENIED = 5;
const ERROR_PRINTER_DELETED = 1905;

const printerRows = z.array(
  z.object({
    Name: z.string().min(1),
    DriverName: z.string().nullish(),
    // The MSFT_Printer enum; PowerShell writes it as a number, some hosts as its name.
    PrinterStatus: z.union([z.number(), z.string()]).nullish(),
    Comment: z.string().nullish(),
  }),
);
const printAnswer = z.union([z.object({ written: z.number().int().min(0) }), z.object({ error: z.string(), code: z.number().int() })]);

/** The helper's one JSON line, or null when it died before writing one. */
function readAnswer(stdout: string): z.infer<typeof printAnswer> | null {
  try {
    return printAnswer.parse(JSON.parse(stdout.trim()));
  } catch {
    return null;
  }
}

/** MSFT_Printer.PrinterStatus: 0 normal, 1 paused, 2 error, 4 paper jam, 5 paper out, 7 paper problem, 8 offline, 9 I/O active, 10 busy, 11 printing. */
function printerState(status: number | string | null | undefined): { state: InstalledQueue['state']; message: string | null } {
  const words: Record<string, { state: InstalledQueue['state']; message: string | null }> = {
    '0': { state: 'idle', message: null },
    Normal: { state: 'idle', message: null },
    '1': { state: 'stopped', message: 'Paused in Windows' },
    Paused: { state: 'stopped', message: 'Paused in Windows' },
    '2': { state: 'stopped', message: 'The printer reports an error' },
    Error: { state: 'stopped', message: 'The printer reports an error' },
    '4': { state: 'stopped', message: 'Paper jam' },
    PaperJam: { state: 'stopped', message: 'Paper jam' },
    '5': { state: 'stopped', message: 'Out of labels' },
    PaperOut: { state: 'stopped', message: 'Out of labels' },
    '8': { state: 'stopped', message: 'Offline' },
    Offline: { state: 'stopped', message: 'Offline' },
    '9': { state: 'printing', message: null },
    '10': { state: 'printing', message: null },
    '11': { state: 'printing', message: null },
    Printing: { state: 'printing', message: null },
    Busy: { state: 'printing', message: null },
  };
  return words[String(status ?? '')] ?? { state: 'unknown', message: null };
}

/** The Windows spooler through PowerShell: Get-Printer to list, WritePrinter with the RAW datatype to print. */
export function createWindowsSpooler(run: RunProgram = runProgram): OsPrintQueues {
  return {
    system: 'the Windows print spooler',
    async list() {
      const result = await run({ file: POWERSHELL, args: [...POWERSHELL_ARGS, encodedCommand(LIST_PRINTERS_SCRIPT)], timeoutMs: 30_000 });
      if (result.code !== 0) throw new Error(`Windows could not list its printers (${result.stderr.trim() || `exit ${result.code ?? '?'}`}).`);
      let rows: z.infer<typeof printerRows>;
      try {
        rows = printerRows.parse(JSON.parse(result.stdout.trim() || '[]'));
      } catch {
        throw new Error('Windows listed its printers in a form the station does not understand.');
      }
      return rows.map((row) => {
        const { state, message } = printerState(row.PrinterStatus);
        return { name: row.Name, state, stateMessage: message, model: row.DriverName ?? null, description: row.Comment || null, acceptingJobs: true };
      });
    },
    async printRaw(queue: string, bytes: Uint8Array, job: RawJob, spooled?: () => void): Promise<Delivery> {
      // The raw path skips the printer's driver, which is what would turn a PDF into pages.
      if (job.format === 'application/pdf') throw new PrinterSendError('Windows printers take PDF slips through their driver, which the station does not use yet: choose a label or receipt slip on this station.', 0, false);
      let result;
      try {
        result = await run({
          file: POWERSHELL,
          args: [...POWERSHELL_ARGS, encodedCommand(RAW_PRINT_SCRIPT)],
          env: { PARCEL_STATION_PRINTER: queue, PARCEL_STATION_JOB: spoolerJobName(job) },
          input: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
          timeoutMs: 60_000,
        });
      } catch (error) {
        throw new PrinterSendError(`Windows PowerShell could not be started to print (${error instanceof Error ? error.message : String(error)}).`, 0, false);
      }
      const answer = readAnswer(result.stdout);
      if (answer && 'written' in answer) {
        if (answer.written < bytes.length) throw new PrinterSendError(`The Windows spooler took only part of the label for "${queue}".`, answer.written);
        spooled?.();
        return { printed: false, unconfirmed: `the Windows spooler took the label for "${queue}" and does not tell the station whether it printed, so check that it came out` };
      }
      if (!answer) throw new PrinterSendError(`Printing to "${queue}" through Windows failed (${result.stderr.trim().split('\n')[0] || `exit ${result.code ?? '?'}`}).`, 0);
      switch (answer.code) {
        case ERROR_INVALID_PRINTER_NAME:
        case ERROR_PRINTER_DELETED:
          throw new PrinterSendError(`There is no printer "${queue}" in Windows any more. Set it up again or choose another printer.`, 0, false);
        case ERROR_ACCESS_DENIED:
          throw new PrinterSendError(`Windows does not let this user print to "${queue}". Ask the administrator to allow it.`, 0, false);
        default:
          throw new PrinterSendError(`Windows could not print to "${queue}" (${answer.error}).`, 0);
      }
    },
  };
}
