import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { loadUsb } from '../../../electron/usb/loadUsb';

const loaded = loadUsb();

describe.skipIf(!loaded.bus)('the usb package loader', () => {
  it('removes a listener registered for both hotplug events from both', () => {
    const { usb } = createRequire(__filename)('usb') as typeof import('usb');
    const before = { attach: usb.listenerCount('attach'), detach: usb.listenerCount('detach') };
    const listener = (): void => undefined;
    loaded.bus!.on('attach', listener);
    loaded.bus!.on('detach', listener);
    expect(usb.listenerCount('attach')).toBe(before.attach + 1);
    loaded.bus!.off('attach', listener);
    loaded.bus!.off('detach', listener);
    expect({ attach: usb.listenerCount('attach'), detach: usb.listenerCount('detach') }).toEqual(before);
  });
});
