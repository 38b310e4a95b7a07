/** Every screen, in tab order, with the key that opens it from anywhere. */
export const screens = [
  { id: 'ship', label: 'Ship', key: '1' },
  { id: 'batch', label: 'Batch', key: '2' },
  { id: 'void', label: 'Void', key: '3' },
  { id: 'returns', label: 'Returns', key: '4' },
  { id: 'pickups', label: 'Pickups', key: '5' },
  { id: 'tracking', label: 'Tracking', key: '6' },
  { id: 'address', label: 'Address', key: '7' },
  { id: 'end-of-day', label: 'End of day', key: '8' },
  { id: 'history', label: 'History', key: '9' },
  // Every letter is some screen's button already; the key beside 0 is free.
  { id: 'reports', label: 'Reports', key: '-' },
  { id: 'rules', label: 'Rules', key: '=' },
  { id: 'account', label: 'Account', key: '0' },
  { id: 'settings', label: 'Settings', key: 's' },
] as const;

export type ScreenId = (typeof screens)[number]['id'];

export const keyHint = (key: string): string => `Alt+${key.toUpperCase()}`;

export function screenFromHash(hash: string): ScreenId {
  const id = hash.replace(/^#\/?/, '').split('?')[0];
  return screens.find((s) => s.id === id)?.id ?? 'ship';
}

export function screenForKey(event: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'key' | 'code'>): ScreenId | undefined {
  if (!event.altKey || event.ctrlKey || event.metaKey) return undefined;
  // event.code survives keyboard layouts where Alt+digit types a symbol.
  const pressed = event.code.startsWith('Digit') ? event.code.slice(5) : event.code.startsWith('Key') ? event.code.slice(3).toLowerCase() : event.key.toLowerCase();
  return screens.find((s) => s.key === pressed)?.id;
}
