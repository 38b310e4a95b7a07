import type { CommandInput, CommandName, CommandOutput } from '../../shared/contract';
import { StationFailure } from '../../shared/contract/errors';
import { SHIP_FROM } from '../sandbox/seed';
import type { Dispatch } from '../core/dispatch';

/**
 * A station on the embedded sandbox ships from the sandbox account's
 * warehouse until the operator sets an address, so a new user can scan,
 * rate and buy from the first minute. A live station is never given an
 * address it did not choose.
 */
export async function applyPracticeDefaults(dispatch: Dispatch, onSandbox: boolean): Promise<void> {
  // Told, not asked through backend.status: that reports the sandbox's address, so it would start the sandbox at every start.
  if (!onSandbox) return;
  const call = async <N extends CommandName>(name: N, input: CommandInput<N>): Promise<CommandOutput<N>> => {
    const result = await dispatch(name, input);
    if (!result.ok) throw new StationFailure(result.error);
    return result.value as CommandOutput<N>;
  };
  const settings = await call('settings.shipping.get', {});
  if (settings.shipFrom) return;
  const { name, company, phone, street, street2, city, state, zip, country } = SHIP_FROM;
  await call('settings.shipping.set', { shipFrom: { name, company, phone, street, street2, city, state, zip, country } });
}
