import { create } from 'zustand';
import { screenFromHash, type ScreenId } from './screens';

interface NavState {
  readonly screen: ScreenId;
  readonly go: (screen: ScreenId, param?: string) => void;
}

/** The address hash mirrors the screen so a reload keeps the operator where they were. */
export const useNav = create<NavState>((set) => ({
  screen: screenFromHash(window.location.hash),
  go: (screen, param) => {
    const hash = `#/${screen}${param ? `?${encodeURIComponent(param)}` : ''}`;
    if (window.location.hash !== hash) window.history.replaceState(null, '', hash);
    set({ screen });
  },
}));

/** A value handed to the target screen (e.g. a tracking number to void). */
export function navParam(): string | undefined {
  const raw = window.location.hash.split('?')[1];
  return raw ? decodeURIComponent(raw) : undefined;
}

window.addEventListener('hashchange', () => useNav.setState({ screen: screenFromHash(window.location.hash) }));
