import { createRequire } from 'node:module';

/** One HID interface as the OS lists it (node-hid's Device). */
export interface HidDeviceInfo {
  readonly vendorId: number;
  readonly productId: number;
  /** The OS's handle for the interface: \\?\HID#... on Windows, an IOService path on macOS, /dev/hidrawN on Linux. */
  readonly path?: string | undefined;
  readonly serialNumber?: string | undefined;
  readonly manufacturer?: string | undefined;
  readonly product?: string | undefined;
  readonly usagePage?: number | undefined;
  readonly usage?: number | undefined;
  readonly interface: number;
}

/** An opened HID interface: input reports arrive as 'data', a pulled cable as 'error'. */
export interface HidHandle {
  on(event: 'data', listener: (report: Buffer) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  removeAllListeners(event?: string): unknown;
  close(): Promise<void>;
}

/** The OS HID API, the seam through which the station reaches node-hid (and tests reach recorded scales). */
export interface HidApi {
  devices(): Promise<HidDeviceInfo[]>;
  open(path: string): Promise<HidHandle>;
}

export type HidLoad = { readonly hid: HidApi } | { readonly hid?: undefined; readonly reason: string };

/**
 * node-hid on first use. It ships prebuilt N-API binaries for Windows,
 * macOS and Linux inside the npm package; on Linux the hidraw build is
 * chosen, which reads a scale through the kernel's HID driver without
 * claiming the interface as libusb must.
 */
export function loadHid(platform: NodeJS.Platform = process.platform): HidLoad {
  let mod: typeof import('node-hid');
  try {
    // createRequire keeps the native module out of the bundle and lazy.
    mod = createRequire(__filename)('node-hid') as typeof import('node-hid');
    if (platform === 'linux') mod.setDriverType('hidraw');
  } catch (error) {
    return { reason: `The OS HID interface is not available (${error instanceof Error ? error.message : String(error)})` };
  }
  return {
    hid: {
      devices: () => mod.devicesAsync(),
      open: (path) => mod.HIDAsync.open(path),
    },
  };
}
