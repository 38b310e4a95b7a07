import { useState } from 'react';
import { Key } from '../../ui/Key';
import type { StationError } from '../../../../shared/contract/errors';
import { run } from '../../station/run';
import { useQuery } from '../../station/use-query';
import { InlineError } from '../../ui/ErrorText';

type Profile = 'test' | 'live';

/** Sandbox or live service; keys go straight to the keychain and are never read back. */
export function BackendSettings() {
  const status = useQuery('backend.status', {}, ['backend']);
  const [kind, setKind] = useState<'sandbox' | 'live' | null>(null);
  const [profile, setProfile] = useState<Profile>('test');
  const [baseUrl, setBaseUrl] = useState<string | null>(null);
  const [legacyBaseUrl, setLegacyBaseUrl] = useState<string | null>(null);
  const [appKey, setAppKey] = useState('');
  const [appSecret, setAppSecret] = useState('');
  const [apiToken, setApiToken] = useState('');
  const [error, setError] = useState<StationError | null>(null);
  const [keyError, setKeyError] = useState<StationError | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const current = status.data;
  const chosen = kind ?? current?.kind ?? 'sandbox';

  // The station switches to a live service only after it answered and accepted the keys; until then the screen says it is checking.
  const apply = async (): Promise<void> => {
    setSaved(null);
    setError(null);
    setChecking(chosen === 'live');
    const result =
      chosen === 'sandbox'
        ? await run('backend.configure', { kind: 'sandbox' })
        : await run('backend.configure', { kind: 'live', profile, baseUrl: baseUrl ?? current?.baseUrl ?? '', legacyBaseUrl: legacyBaseUrl ?? current?.legacyBaseUrl ?? '' });
    setChecking(false);
    if (!result.ok) return setError(result.error);
    setSaved(
      result.value.kind === 'sandbox'
        ? 'Now using the embedded sandbox.'
        : `Now using the live service at ${result.value.baseUrl}: it answered and accepted the ${profile} keys.`,
    );
  };

  const storeKeys = async (): Promise<void> => {
    const optional = (v: string) => (v.trim() === '' ? undefined : v.trim());
    const result = await run('credentials.set', { profile, appKey: optional(appKey), appSecret: optional(appSecret), apiToken: optional(apiToken) });
    // Cleared either way: a key typed here is never kept in the screen longer than the call.
    setAppKey('');
    setAppSecret('');
    setApiToken('');
    if (!result.ok) return setKeyError(result.error);
    setKeyError(null);
    setSaved('Keys stored in the system keychain.');
  };

  const has = (stored: boolean | undefined) => (stored ? <span className="badge ok">stored</span> : <span className="badge">not set</span>);
  return (
    <section className="panel" aria-label="Backend">
      <h2>Backend</h2>
      <InlineError error={status.error} />
      {current ? (
        <p>
          Now: <strong>{current.kind === 'sandbox' ? 'embedded sandbox' : `live service (${current.mode} keys)`}</strong>
          {!current.keychain.available ? <span className="badge bad"> keychain unavailable: {current.keychain.message}</span> : null}
        </p>
      ) : null}
      <div className="row">
        <label className="check">
          <input type="radio" name="backend" aria-keyshortcuts="Alt+B" checked={chosen === 'sandbox'} onChange={() => setKind('sandbox')} />
          Sandbox (no real postage) <Key k="Alt+B" />
        </label>
        <label className="check">
          <input type="radio" name="backend" aria-keyshortcuts="Alt+L" checked={chosen === 'live'} onChange={() => setKind('live')} />
          Live service <Key k="Alt+L" />
        </label>
      </div>
      {chosen === 'live' ? (
        <div className="stack">
          <label className="field">
            Key set
            <select value={profile} onChange={(e) => setProfile(e.target.value as Profile)}>
              <option value="test">Test keys (SS_TEST_…)</option>
              <option value="live">Live keys (SS_LIVE_…)</option>
            </select>
          </label>
          <label className="field">
            Service address (v2)
            <input value={baseUrl ?? current?.baseUrl ?? ''} onChange={(e) => setBaseUrl(e.target.value)} aria-invalid={error?.field === 'baseUrl'} />
          </label>
          <label className="field">
            Legacy service address (v1)
            <input value={legacyBaseUrl ?? current?.legacyBaseUrl ?? ''} onChange={(e) => setLegacyBaseUrl(e.target.value)} aria-invalid={error?.field === 'legacyBaseUrl'} />
          </label>
        </div>
      ) : null}
      <InlineError error={error ?? undefined} />
      <button type="button" className="button primary" aria-keyshortcuts="Alt+U" disabled={checking} onClick={() => void apply()}>
        Use this backend <Key k="Alt+U" />
      </button>
      {checking ? <span role="status">Checking the live service and its keys…</span> : null}
      <h2>Keys ({profile === 'test' ? 'test' : 'live'} set)</h2>
      <p className="small muted">Keys are stored in the system keychain and never shown again. Leave a field empty to keep the stored key.</p>
      <form
        className="stack"
        autoComplete="off"
        onSubmit={(e) => {
          e.preventDefault();
          void storeKeys();
        }}
      >
        <label className="field">
          <span>AppKey {has(current?.profiles[profile].appKey)}</span>
          <input type="password" value={appKey} onChange={(e) => setAppKey(e.target.value)} autoComplete="off" />
        </label>
        <label className="field">
          <span>AppSecret {has(current?.profiles[profile].appSecret)}</span>
          <input type="password" value={appSecret} onChange={(e) => setAppSecret(e.target.value)} autoComplete="off" />
        </label>
        <label className="field">
          <span>Legacy api_token {has(current?.profiles[profile].apiToken)}</span>
          <input type="password" value={apiToken} onChange={(e) => setApiToken(e.target.value)} autoComplete="off" />
        </label>
        <InlineError error={keyError ?? undefined} />
        <div className="row">
          <button type="submit" className="button primary">
            Store keys <Key k="Enter" />
          </button>
          <button type="button" className="button" aria-keyshortcuts="Alt+D" onClick={() => void run('credentials.clear', { profile }, { action: 'Removing the keys' })}>
            Remove stored keys <Key k="Alt+D" />
          </button>
        </div>
      </form>
      {saved ? <p role="status">{saved}</p> : null}
    </section>
  );
}
