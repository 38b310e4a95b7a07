import type { EventEmitterFn } from '../../shared/contract';
import type { PrinterProfile } from '../../shared/contract/printing';
import type { Logger } from '../log/logger';
import { statusEvent, type PrinterTransport } from './transport/transport';

export interface StatusWatchDeps {
  readonly defaultProfile: () => PrinterProfile | null;
  readonly transport: (profile: PrinterProfile) => PrinterTransport;
  /** A worker is sending to the printer: a status question then would only cross the label. */
  readonly busy: (printerId: string) => boolean;
  /** The printer answered ready: labels held for it may go now rather than at their next turn. */
  readonly ready: (printerId: string) => void;
  readonly emit: EventEmitterFn;
  readonly log: Logger;
  readonly everyMs: number;
}

/**
 * Keeps the status bar's printer state true while the bench is idle: the
 * default printer is asked the question a job asks before it goes, and each
 * answer is announced, so a window that opens later hears it within one round.
 */
export function watchPrinterStatus(deps: StatusWatchDeps) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let looking: Promise<void> = Promise.resolve();

  async function look(): Promise<void> {
    const profile = deps.defaultProfile();
    if (!profile || deps.busy(profile.id)) return;
    const transport = deps.transport(profile);
    if (!transport.readiness || !transport.isPresent()) return;
    const readiness = await transport.readiness(profile.language);
    if (stopped) return;
    deps.emit('printer.status', statusEvent(profile, readiness));
    if (readiness.state === 'ready') deps.ready(profile.id);
  }

  function round(): void {
    looking = look()
      .catch((error: unknown) => deps.log.warn('could not ask the printer for its status', { error: error instanceof Error ? error.message : String(error) }))
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(round, deps.everyMs);
        // The watch never keeps a closing station alive.
        timer.unref();
      });
  }

  return {
    start: round,
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await looking;
    },
  };
}
