import { createCupsQueues } from './cups';
import type { OsPrintQueues } from './osQueues';
import { createWindowsSpooler } from './windowsSpooler';

/** The spooler of this OS: the Windows spooler on Windows, CUPS everywhere else (Linux, macOS, the BSDs). */
export function platformQueues(platform: NodeJS.Platform = process.platform): OsPrintQueues {
  return platform === 'win32' ? createWindowsSpooler() : createCupsQueues();
}
