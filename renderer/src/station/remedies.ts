import type { ErrorCode, StationError } from '../../../shared/contract/errors';

/** What an operator can do about each kind of failure, in bench words. */
const remedies: Record<ErrorCode, string> = {
  invalid_input: 'Correct it and try again.',
  unknown_command: 'This screen and the station are out of step. Restart Parcel Station.',
  not_found: 'Check the number you scanned or typed; nothing matches it.',
  conflict: 'This was already done or changed. Check what the screen shows now before acting again.',
  not_configured: 'Open Settings and finish setting this up.',
  unauthorized: 'The service refused the keys. Enter fresh keys in Settings.',
  keychain_unavailable: 'The system keychain is locked or missing. Unlock it, then try again.',
  service_rejected: 'The shipping service refused this request. Change what it names and try again.',
  service_unavailable: 'The service could not be reached. Check the network and try again in a moment.',
  timeout: 'The service took too long. Try again; a purchase will not be charged twice.',
  rate_limited: 'Too many requests at once. Wait a few seconds and try again.',
  printer_unavailable: 'Check the printer is on, has labels and is plugged in. The label is kept and prints when it is back.',
  device_unavailable: 'Check the cable and power of the device, or choose another one in Settings.',
  bad_label: 'The label could not be printed as received. Reprint it from History or void it.',
  disk_full: 'Free some space on the disk that holds the station\'s data (delete or move files), then try again. Nothing was lost.',
  internal: 'Something went wrong inside the station. Try again; if it repeats, restart Parcel Station.',
};

export function remedyFor(error: StationError): string {
  return remedies[error.code] ?? remedies.internal;
}

/** Turns a thrown value from outside the contract (a bug) into the same shape. */
export function toStationError(thrown: unknown): StationError {
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  return { code: 'internal', message: `Unexpected failure: ${message}` };
}
