import { createRequire } from 'node:module';
import type { UsbBus } from './usbTypes';

/** The bus typed as usbTypes.ts says, so the compiler checks here that the real module fits the types printers and scales use. */
export type UsbLoad = { readonly bus: UsbBus } | { readonly bus?: undefined; readonly reason: string };

/**
 * Loads the native `usb` module on first use. A machine without a USB stack
 * (a container, a locked-down kiosk) or a missing binary is a normal state:
 * the station runs without USB printers and scales, and says so.
 */
export function loadUsb(): UsbLoad {
  let mod: typeof import('usb');
  try {
    // createRequire keeps the native module out of the bundle and lazy.
    mod = createRequire(__filename)('usb') as typeof import('usb');
  } catch (error) {
    return { reason: `USB is not available on this computer (${error instanceof Error ? error.message : String(error)})` };
  }
  return {
    bus: {
      getDeviceList: () => mod.getDeviceList(),
      on(event, listener) {
        mod.usb.on(event, listener);
        // Watching for devices must not keep a CLI run or a test process alive.
        mod.usb.unrefHotplugEvents();
      },
      off(event, listener) {
        mod.usb.off(event, listener);
      },
    },
  };
}
