import { createRequire } from 'node:module';
import type { DeviceLike, HotplugEvent, UsbLike } from './usbLike';

type UsbModule = typeof import('usb');

/**
 * Loads the native `usb` module on first use. A machine without a USB stack
 * (a container, a locked-down kiosk) or a missing binary is a normal state:
 * the station runs with no scale rather than failing to start.
 */
export function loadUsb(): { readonly usb: UsbLike } | { readonly usb?: undefined; readonly reason: string } {
  let mod: UsbModule;
  try {
    // The bundle is CommonJS; createRequire keeps the native import out of the bundle and lazy.
    mod = createRequire(__filename)('usb') as UsbModule;
  } catch (error) {
    return { reason: `USB support is not available on this computer (${error instanceof Error ? error.message : String(error)})` };
  }
  // Listeners wrap the device so the same function object can be removed again.
  const wrapped = new Map<(device: DeviceLike) => void, (device: import('usb').Device) => void>();
  const adapter: UsbLike = {
    getDeviceList: () => mod.getDeviceList(),
    on(event: HotplugEvent, listener) {
      const inner = (device: import('usb').Device): void => listener(device);
      wrapped.set(listener, inner);
      mod.usb.on(event, inner);
    },
    off(event: HotplugEvent, listener) {
      const inner = wrapped.get(listener);
      if (!inner) return;
      wrapped.delete(listener);
      mod.usb.off(event, inner);
    },
  };
  return { usb: adapter };
}
