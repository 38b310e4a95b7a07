import { useEffect, useState } from 'react';
import { getStation } from '../station/get-station';
import type { LinkState } from '../station/socket-client';
import { useQuery } from '../station/use-query';

const modeWords = { sandbox: 'Sandbox (no real postage)', test: 'Test keys', live: 'LIVE postage' } as const;

function useLink(): LinkState {
  const station = getStation();
  const [state, setState] = useState<LinkState>(station.link());
  useEffect(() => station.onLink(setState), [station]);
  return state;
}

function Item({ label, value, tone }: { readonly label: string; readonly value: string; readonly tone: 'ok' | 'warn' | 'bad' | 'idle' }) {
  return (
    <div className={`status-item tone-${tone}`}>
      <span className="status-dot" aria-hidden="true" />
      <span className="status-label">{label}</span>
      <span className="status-value">{value}</span>
    </div>
  );
}

/** Always visible: which backend buys postage, and whether the station is reachable. */
export function StatusBar({ children }: { readonly children?: React.ReactNode }) {
  const link = useLink();
  const backend = useQuery('backend.status', {}, ['backend', 'settings']);
  const mode = backend.data?.mode;
  return (
    <footer className="status-bar" aria-label="Station status">
      <Item
        label="Station"
        value={link === 'open' ? 'Connected' : link === 'connecting' ? 'Connecting…' : 'Disconnected, retrying'}
        tone={link === 'open' ? 'ok' : link === 'connecting' ? 'warn' : 'bad'}
      />
      <Item
        label="Backend"
        value={mode ? modeWords[mode] : backend.error ? backend.error.message : '…'}
        tone={mode === 'live' ? 'warn' : mode ? 'ok' : backend.error ? 'bad' : 'idle'}
      />
      {children}
    </footer>
  );
}
