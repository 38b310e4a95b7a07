import { Suspense, useEffect } from 'react';
import { ErrorSurface } from './ErrorSurface';
import { NavBar } from './NavBar';
import { useNav } from '../stores/nav-store';
import { screenForKey, screens, type ScreenId } from '../stores/screens';
import { StatusBar } from './StatusBar';
import { ShipScreen } from '../screens/ship/ShipScreen';
import { Notices } from './Notices';
import { ReadOnlyBanner } from './ReadOnlyBanner';
import { pressShortcut } from './shortcut-buttons';
import { ReadOnlyContext } from '../station/read-only';
import { useQuery } from '../station/use-query';

import { lazyScreens } from './lazy-screens';

function Screen({ id }: { readonly id: ScreenId }) {
  if (id === 'ship') return <ShipScreen />;
  const Lazy = lazyScreens[id];
  return <Lazy />;
}

export function App() {
  const screen = useNav((s) => s.screen);
  const go = useNav((s) => s.go);
  const readOnly = useQuery('station.info', {}, []).data?.readOnly;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = screenForKey(event);
      if (!target) {
        pressShortcut(event);
        return;
      }
      event.preventDefault();
      go(target);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go]);

  return (
    <ReadOnlyContext value={readOnly}>
      <div className="frame">
        <header className="top">
          <div className="brand" aria-hidden="true">
            Parcel Station
          </div>
          <NavBar />
        </header>
        <ReadOnlyBanner />
        <ErrorSurface />
        <Notices />
        <main className="main" aria-label={screens.find((s) => s.id === screen)?.label}>
          <Suspense fallback={<p className="loading">Loading…</p>}>
            <Screen id={screen} />
          </Suspense>
        </main>
        <StatusBar />
      </div>
    </ReadOnlyContext>
  );
}

