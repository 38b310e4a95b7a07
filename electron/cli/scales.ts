import { parseArgs } from 'node:util';
import type { ScalesState } from '../../shared/contract/devices';
import { createDevicesModule } from '../devices/module';
import { udevRules } from '../devices/scales/knownScales';
import type { UsbBus } from '../usb/usbTypes';
import { createMemoryLogger } from '../log/logger';
import type { StationContext } from '../core/module';
import { openDatabase } from '../store/database';
import { CliUsageError, type CliCommand } from './command';

export interface ScalesCommandDeps {
  /** A stand-in USB stack for tests; the real `usb` package otherwise. */
  readonly usb?: UsbBus;
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function describe(state: ScalesState): string[] {
  if (state.scales.length === 0) return [`${state.message}.`];
  return state.scales.map((scale) => {
    const reading = scale.active ? state.reading : null;
    const weight = reading ? `${reading.display} (${reading.statusText})` : scale.state === 'connected' ? 'no reading yet' : (scale.message ?? scale.state);
    const zero = scale.canZero ? 'can zero' : 'zero on the scale';
    return `${scale.active ? '*' : ' '} ${scale.name} [${scale.usbId ?? scale.kind}] ${scale.id}: ${weight}; ${zero}`;
  });
}

/**
 * Lists the scales this computer can see and what each one reads. It opens
 * the scales itself, so while the station app holds a scale this shows it
 * as busy; it keeps no state (an in-memory store, no log file).
 */
export function createScalesCommand(deps: ScalesCommandDeps = {}): CliCommand {
  return {
    name: 'scales',
    summary: 'List USB scales on this computer with their last reading',
    usage: [
      'Usage: parcel-station scales [--json] [--wait-ms N]',
      '       parcel-station scales --udev-rules',
      '',
      'Finds USB scales (known models and any HID point-of-sale scale), reads them for a moment and',
      'lists each with its weight. No scale is a normal answer, not an error.',
      '',
      '  --json       print one JSON line: {"scales": [...], "activeId", "reading", "message", "usbAvailable"}',
      '  --wait-ms N  how long to read before answering (default 1500)',
      '  --udev-rules print the Linux udev rules that let this user open the known scales',
    ].join('\n'),
    async run(argv, io) {
      const { values } = parseArgs({
        args: [...argv],
        options: {
          json: { type: 'boolean', default: false },
          'wait-ms': { type: 'string', default: '1500' },
          'udev-rules': { type: 'boolean', default: false },
        },
        strict: true,
      });
      if (values['udev-rules']) {
        io.out(udevRules());
        return 0;
      }
      const waitMs = Number(values['wait-ms']);
      if (!Number.isInteger(waitMs) || waitMs < 0 || waitMs > 60_000) {
        throw new CliUsageError(`--wait-ms must be a whole number from 0 to 60000, not "${values['wait-ms']}".`);
      }
      const db = openDatabase({ file: ':memory:' });
      const ctx: StationContext = { dataDir: '', db, emit: () => undefined, log: createMemoryLogger(), now: () => new Date() };
      const devices = createDevicesModule(ctx, deps.usb ? { usb: deps.usb } : {});
      try {
        await devices.start?.();
        const deadline = Date.now() + waitMs;
        let state = await devices.handlers['scales.list']({});
        // Scales stream several reports a second; stop early once the active one has settled.
        while (Date.now() < deadline && state.scales.length > 0 && !state.reading?.stable) {
          await pause(Math.min(100, Math.max(0, deadline - Date.now())));
          state = await devices.handlers['scales.list']({});
        }
        if (values.json) io.out(JSON.stringify(state));
        else for (const line of describe(state)) io.out(line);
        return 0;
      } finally {
        await devices.close?.();
        db.close();
      }
    },
  };
}

export const scalesCommand = createScalesCommand();
