import { createRequire } from 'node:module';
import type { UsbBus, UsbDevice, UsbHotplugEvent } from './usbTypes';

type UsbModule = typeof import('usb');

export type UsbAvailability = { readonly bus: UsbBus } | { readonly bus?: undefined; readonly reason: string };

/**
 * Loads the native `usb` module on first use. No USB stack (a container, a
 * kiosk) or no binary is a normal, calm state: the station then has no USB
 * printers, and says so.
 */
export function loadUsbBus(): UsbAvailability {
  let mod: UsbModule;
  try {
    // createRequire keeps the native module out of the bundle and lazy.
    mod = createRequire(__filename)('usb') as UsbModule;
  } catch (error) {
    return { reason: `USB printing is not available on this computer (${error instanceof Error ? error.message : String(error)}).` };
  }
  const wrapped = new Map<(device: UsbDevice) => void, (device: import('usb').Device) => void>();
  return {
    bus: {
      getDeviceList: (): readonly UsbDevice[] => mod.getDeviceList(),
      on(event: UsbHotplugEvent, listener) {
        const inner = (device: import('usb').Device): void => listener(device);
        wrapped.set(listener, inner);
        mod.usb.on(event, inner);
        // Listening for printers must not keep a CLI run or a test process alive.
        mod.usb.unrefHotplugEvents();
      },
      off(event: UsbHotplugEvent, listener) {
        const inner = wrapped.get(listener);
        if (!inner) return;
        wrapped.delete(listener);
        mod.usb.off(event, inner);
      },
    },
  };
}
