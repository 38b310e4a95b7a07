import { StationFailure, diskFullError } from '../../shared/contract/errors';

/**
 * What a full disk looks like from the station's writers: SQLite says
 * SQLITE_FULL (better-sqlite3 puts it in `code`), a file write says ENOSPC,
 * or EDQUOT when the user's quota is spent rather than the disk.
 */
const FULL_CODES = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT']);

/** Whether a thrown value, or what it was caused by, is the disk holding the station's data running out of space. */
export function isDiskFull(error: unknown): boolean {
  for (let cause = error, depth = 0; typeof cause === 'object' && cause !== null && depth < 5; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && FULL_CODES.has(code)) return true;
    if (cause instanceof StationFailure) return cause.error.code === 'disk_full';
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** The one failure a full disk is told as, wherever it surfaces. */
export const diskFullFailure = (): StationFailure => new StationFailure(diskFullError);
