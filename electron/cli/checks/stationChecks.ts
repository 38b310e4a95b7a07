import type { CommandInput, CommandName, CommandOutput } from '../../../shared/contract';
import type { Result } from '../../../shared/contract/errors';

/** What the checks call: a station in this process, or the running one through its endpoint. */
export interface CheckedStation {
  call(name: string, input: unknown): Promise<Result<unknown>>;
}
import type { Check, CheckResult } from './check';

async function call<N extends CommandName>(station: CheckedStation, name: N, input: CommandInput<N>): Promise<CommandOutput<N>> {
  const result = await station.call(name, input);
  if (!result.ok) throw new Error(result.error.message);
  return result.value as CommandOutput<N>;
}

const fromError = (name: string, status: CheckResult['status']) => (error: unknown): CheckResult => ({
  name,
  status,
  detail: error instanceof Error ? error.message : String(error),
});

/** Which service, which keys, whether the keychain answers, and whether both APIs respond. */
export function backendChecks(station: CheckedStation): Check {
  return async () => {
    const status = await call(station, 'backend.status', {});
    const results: CheckResult[] = [
      {
        name: 'backend',
        status: status.kind === 'live' && !(status.keys.appKey && status.keys.appSecret) ? 'fail' : 'ok',
        detail:
          status.kind === 'sandbox'
            ? `embedded sandbox at ${status.baseUrl} (practice mode: nothing is charged)`
            : `${status.mode === 'live' ? 'LIVE service: labels cost money' : 'live service with test keys'} at ${status.baseUrl}`,
      },
      {
        name: 'keychain',
        status: status.keychain.available ? 'ok' : status.kind === 'sandbox' ? 'warn' : 'fail',
        detail: status.keychain.available ? 'the OS keychain answers' : (status.keychain.message ?? 'not reachable'),
      },
    ];
    results.push(
      await call(station, 'pickups.locations', {}).then(
        (locations): CheckResult => ({ name: 'v2 API', status: 'ok', detail: `token issued and answered (${locations.length} pickup locations)` }),
        fromError('v2 API', 'fail'),
      ),
      await call(station, 'account.balance', {}).then(
        (balance): CheckResult => ({ name: 'v1 API', status: 'ok', detail: `answered: balance ${balance.balance.toFixed(2)} ${balance.currency}` }),
        fromError('v1 API', status.keys.apiToken || status.kind === 'sandbox' ? 'fail' : 'warn'),
      ),
    );
    return results;
  };
}

/** Printers and scales; none attached is a calm answer, not a failure. */
export function deviceChecks(station: CheckedStation): Check {
  return async () => {
    const printers = await call(station, 'printers.list', {}).then(
      (list): CheckResult => {
        const connected = list.filter((p) => p.connected);
        const preferred = list.find((p) => p.isDefault);
        return {
          name: 'printers',
          status: connected.length > 0 ? 'ok' : 'warn',
          detail: `${list.length} known, ${connected.length} ready${preferred ? `; default: ${preferred.name}` : ''}${preferred?.message ? ` (${preferred.message})` : ''}`,
        };
      },
      fromError('printers', 'fail'),
    );
    const scales = await call(station, 'scales.list', {}).then(
      (state): CheckResult => ({
        name: 'scales',
        status: state.scales.some((s) => s.kind !== 'simulated' && s.state === 'connected') ? 'ok' : 'warn',
        detail: `${state.message}${state.usbAvailable ? '' : ' (USB is not available to this program)'}`,
      }),
      fromError('scales', 'fail'),
    );
    return [printers, scales];
  };
}
