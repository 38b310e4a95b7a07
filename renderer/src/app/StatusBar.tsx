import { useSyncExternalStore } from 'react';
import type { BackendStatus } from '../../../shared/contract/station';
import { getStation } from '../station/get-station';
import type { LinkState } from '../station/socket-client';
import { useReadOnly } from '../station/read-only';
import { useQuery } from '../station/use-query';
import { PrinterStatus } from './PrinterStatus';
import { ScaleStatus } from './ScaleStatus';
import { StatusItem } from './StatusItem';

const modeWords = { sandbox: 'Sandbox (no real postage)', test: 'Test keys', live: 'LIVE postage' } as const;

function useLink(): LinkState {
  const station = getStation();
  return useSyncExternalStore(station.onLink, station.link);
}

/** Why a live backend cannot buy right now (keys gone from the keychain, or the keychain itself), or null. */
function liveProblem(status: BackendStatus | undefined): string | null {
  if (status?.kind !== 'live') return null;
  // Keys from the environment (headless) need no keychain.
  if (status.keys.appKey && status.keys.appSecret) return null;
  if (!status.keychain.available) return 'Live: no keychain, no keys';
  return 'Live: keys missing';
}

/** Always visible: which backend buys postage, and whether the station is reachable. */
export function StatusBar() {
  const link = useLink();
  const backend = useQuery('backend.status', {}, ['backend', 'settings']);
  const mode = backend.data?.mode;
  const problem = liveProblem(backend.data);
  const readOnly = useReadOnly();
  return (
    <footer className="status-bar" aria-label="Station status">
      <StatusItem
        label="Station"
        value={link === 'open' ? 'Connected' : link === 'connecting' ? 'Connecting…' : 'Disconnected, retrying'}
        tone={link === 'open' ? 'ok' : link === 'connecting' ? 'warn' : 'bad'}
      />
      <StatusItem
        label="Backend"
        value={problem ?? (mode ? modeWords[mode] : backend.error ? backend.error.message : '…')}
        tone={problem || backend.error ? 'bad' : mode === 'live' ? 'warn' : mode ? 'ok' : 'idle'}
      />
      {readOnly ? <StatusItem label="Database" value="Damaged: reprints only" tone="warn" /> : null}
      <PrinterStatus />
      <ScaleStatus />
    </footer>
  );
}
