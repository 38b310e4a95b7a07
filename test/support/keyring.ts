import { randomBytes } from 'node:crypto';
import keytar from 'keytar';
import { createVault, type Vault } from '../../electron/vault/vault';

export interface TestVault {
  readonly vault: Vault;
  /** The Secret Service name this vault's entries are stored under, used by no other test. */
  readonly service: string;
  /** Deletes every entry stored under `service`, so nothing outlives the test. */
  remove(): Promise<void>;
}

const WRAPPER = "dbus-run-session -- sh -c 'echo pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null; npx vitest run …'";

/**
 * A vault on the real Secret Service (gnome-keyring through keytar, as the
 * station runs), under a service name of its own so parallel test files and
 * a developer's own station keys never meet. No Secret Service is a failure,
 * not a reason to keep keys somewhere else: a green run must mean the keys
 * went through the keyring.
 */
export async function openTestVault(): Promise<TestVault> {
  const service = `parcel-station-test-${randomBytes(8).toString('hex')}`;
  const vault = createVault({ service });
  const health = await vault.available();
  if (!health.available) {
    throw new Error(
      `These tests keep the station's keys in the real Secret Service (gnome-keyring), and none answers here. ` +
        `Run them through \`npm test\`, or inside a private unlocked keyring: ${WRAPPER}. The vault said: ${health.message ?? 'nothing'}`,
    );
  }
  return {
    vault,
    service,
    async remove() {
      for (const { account } of await keytar.findCredentials(service)) await keytar.deletePassword(service, account);
    },
  };
}
