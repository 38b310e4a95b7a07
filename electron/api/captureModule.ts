import path from 'node:path';
import { z } from 'zod';
import type { WireCaptureStatus } from '../../shared/contract/capture';
import type { StationContext, StationModule } from '../core/module';
import type { SettingsStore } from '../store/settings';

export type CaptureCommandName = 'capture.status' | 'capture.set';

const SETTING = 'support.wireCapture';
const settingSchema = z.object({ enabled: z.boolean() });

export interface CaptureSwitch {
  /** The folder to write into now, or null when capture is off. */
  folder(): string | null;
  status(): WireCaptureStatus;
  set(enabled: boolean): WireCaptureStatus;
}

/**
 * Where wire capture writes: the `--capture-wire DIR` of this run when
 * given (on for the whole run), else `<data folder>/wire-capture` while the
 * Settings switch is on. Read on every exchange, so the switch applies at once.
 */
export function createCaptureSwitch(settings: SettingsStore, dataDir: string, commandLineFolder?: string): CaptureSwitch {
  const settingsFolder = path.join(dataDir, 'wire-capture');
  const enabled = () => settings.get(SETTING, settingSchema, { enabled: false }).enabled;
  const status = (): WireCaptureStatus =>
    commandLineFolder
      ? { enabled: true, folder: path.resolve(commandLineFolder), fromCommandLine: true }
      : { enabled: enabled(), folder: settingsFolder, fromCommandLine: false };
  return {
    folder: () => {
      const now = status();
      return now.enabled ? now.folder : null;
    },
    status,
    set(on) {
      settings.set(SETTING, { enabled: on });
      return status();
    },
  };
}

export function createCaptureModule(ctx: StationContext, capture: CaptureSwitch): StationModule<CaptureCommandName> {
  return {
    handlers: {
      'capture.status': async () => capture.status(),
      'capture.set': async ({ enabled }) => {
        const status = capture.set(enabled);
        ctx.log.info('wire capture switched', { enabled, folder: status.folder });
        ctx.emit('station.changed', { topics: ['settings'] });
        return status;
      },
    },
  };
}
