import fs from 'node:fs';
import { fail } from '../../shared/contract/errors';

/** Why a file could not be read, in words an operator can act on. */
function whyUnreadable(file: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return `There is no file ${file}: check its name and folder.`;
  if (code === 'EISDIR') return `${file} is a folder: name a file in it.`;
  if (code === 'EACCES' || code === 'EPERM') return `This user may not read ${file}: ask whoever owns it to share it, or copy it somewhere of yours.`;
  return `Cannot read ${file} (${error instanceof Error ? error.message : String(error)}).`;
}

/** The bytes of a file the operator named on the command line; a file that cannot be read stops the command with why. */
export function readInputFile(file: string): Buffer {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    fail('not_found', whyUnreadable(file, error));
  }
}
