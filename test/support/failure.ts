import { StationFailure, type StationError } from '../../shared/contract/errors';

/** The typed error a promise is refused with; anything else (success, a raw error) fails the test. */
export async function failure(promise: Promise<unknown>): Promise<StationError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof StationFailure)) throw new Error(`expected a StationFailure, got ${String(error)}`);
  return error.error;
}
