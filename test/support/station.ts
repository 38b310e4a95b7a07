import type { CommandInput, CommandName, CommandOutput } from '../../shared/contract';
import type { Station } from '../../electron/station/createStation';
import type { KeychainBackend } from '../../electron/vault/vault';

/** A keychain that is not there, as on a server without a Secret Service. */
export const noKeychain: KeychainBackend = {
  getPassword: () => Promise.reject(new Error('no Secret Service')),
  setPassword: () => Promise.reject(new Error('no Secret Service')),
  deletePassword: () => Promise.reject(new Error('no Secret Service')),
};

/** A command sent as a screen sends it: its answer, or a throw with the operator's words when the station refused. */
export async function command<N extends CommandName>(station: Station, name: N, input: CommandInput<N>): Promise<CommandOutput<N>> {
  const result = await station.dispatch(name, input);
  if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
  return result.value as CommandOutput<N>;
}
