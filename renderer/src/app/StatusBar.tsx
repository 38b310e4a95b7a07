import { useSyncExternalStore } from 'react';
import { getStation } from '../station/get-station';
import type { LinkState } from '../station/socket-client';
import { useQuery } from '../station/use-query';
import { PrinterStatus } from './PrinterStatus';
import { ScaleStatus } from './ScaleStatus';
import { StatusItem } from './StatusItem';

const modeWords = { sandbox: 'Sandbox (no real postage)', test: 'Test keys', live: 'LIVE postage' } as const;

function useLink(): LinkState {
  const station = getStation();
  return useSyncExternalStore(station.onLink, station.link);
}

/** Always visible: which backend buys postage, and whether the station is reachable. */
export function StatusBar() {
  const link = useLink();
  const backend = useQuery('backend.status', {}, ['backend', 'settings']);
  const mode = backend.data?.mode;
  return (
    <footer className="status-bar" aria-label="Station status">
      <StatusItem
        label="Station"
        value={link === 'open' ? 'Connected' : link === 'connecting' ? 'Connecting…' : 'Disconnected, retrying'}
        tone={link === 'open' ? 'ok' : link === 'connecting' ? 'warn' : 'bad'}
      />
      <StatusItem
        label="Backend"
        value={mode ? modeWords[mode] : backend.error ? backend.error.message : '…'}
        tone={mode === 'live' ? 'warn' : mode ? 'ok' : backend.error ? 'bad' : 'idle'}
      />
      <PrinterStatus />
      <ScaleStatus />
    </footer>
  );
}
