import type { CommandInput, CommandName, CommandOutput } from '../../../shared/contract';
import type { Result } from '../../../shared/contract/errors';
import { useErrors } from './errors-store';
import { getStation } from './get-station';
import { toStationError } from './remedies';

export interface RunOptions {
  /** Words for the error surface ("Voiding the label"); omit when the caller shows the error next to its cause. */
  readonly action?: string;
}

/**
 * The one place Results are unwrapped. Every call goes through here so a
 * failure is never lost: either the caller shows it inline (and gets the
 * Result back), or it lands on the error surface under `action`.
 */
export async function run<N extends CommandName>(
  name: N,
  input: CommandInput<N>,
  options: RunOptions = {},
): Promise<Result<CommandOutput<N>>> {
  let result: Result<CommandOutput<N>>;
  try {
    result = await getStation().api.call(name, input);
  } catch (thrown) {
    result = { ok: false, error: toStationError(thrown) };
  }
  if (!result.ok && options.action) useErrors.getState().show(options.action, result.error);
  return result;
}
