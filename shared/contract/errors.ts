/**
 * Typed errors that cross the process boundary. Every failure the station can
 * report carries a machine code (for tests and for the UI to pick a remedy) and
 * a message written for the operator at the bench, never a stack trace.
 */
export const errorCodes = [
  'invalid_input',
  'unknown_command',
  'not_found',
  'conflict',
  'not_configured',
  'unauthorized',
  'keychain_unavailable',
  'service_rejected',
  'service_unavailable',
  'timeout',
  'rate_limited',
  'printer_unavailable',
  'device_unavailable',
  'bad_label',
  'disk_full',
  'internal',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export interface StationError {
  readonly code: ErrorCode;
  /** One or two sentences an operator understands; no secrets, no stack. */
  readonly message: string;
  /** Dotted path of the offending input field, when one field is at fault. */
  readonly field?: string;
  /** The service's own error code, when the failure came from the service. */
  readonly serviceCode?: string;
  /** True when trying the same action again may succeed. */
  readonly retryable?: boolean;
}

/** Thrown inside the main process; the dispatcher turns it into a Result. */
export class StationFailure extends Error {
  readonly error: StationError;
  constructor(error: StationError) {
    super(error.message);
    this.name = 'StationFailure';
    this.error = error;
  }
}

export function fail(code: ErrorCode, message: string, extra: Omit<StationError, 'code' | 'message'> = {}): never {
  throw new StationFailure({ code, message, ...extra });
}

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: StationError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const err = <T = never>(error: StationError): Result<T> => ({ ok: false, error });

export function isStationError(value: unknown): value is StationError {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { code?: unknown; message?: unknown };
  return (
    typeof candidate.message === 'string' &&
    typeof candidate.code === 'string' &&
    (errorCodes as readonly string[]).includes(candidate.code)
  );
}

/** The one refusal for a command name the contract does not list, whichever side notices. */
export const unknownCommandError: StationError = {
  code: 'unknown_command',
  message: 'The station does not know that action. Restart the station if this keeps happening.',
};

/** A write found the disk full: the station keeps what it could not write and says so, never "not completed". */
export const diskFullError: StationError = {
  code: 'disk_full',
  message: "The disk holding the station's data is full: free some space; nothing was lost.",
  retryable: true,
};

/** What the operator hears when the station itself failed (a bug, not a refusal); the log has the rest. */
export const internalError: StationError = {
  code: 'internal',
  message: 'Something went wrong inside the station. The action was not completed; try again, and check the log if it repeats.',
};
