import { z } from 'zod';
import { command } from './define';

/** Wire capture for support: whether each exchange with the service is written, redacted, to a folder. */
export interface WireCaptureStatus {
  readonly enabled: boolean;
  /** Where the files go while capture is on. */
  readonly folder: string;
  /** Capture was switched on by `--capture-wire DIR` for this run: the Settings switch cannot turn it off. */
  readonly fromCommandLine: boolean;
}

export const captureCommands = {
  'capture.status': command<WireCaptureStatus>()('Whether wire capture for support is on, and its folder', z.object({}).strict()),
  'capture.set': command<WireCaptureStatus>()(
    'Turn wire capture for support on or off (keys and tokens are never written)',
    z.object({ enabled: z.boolean() }).strict(),
  ),
} as const;
