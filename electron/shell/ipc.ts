import { CALL_CHANNEL, EVENT_CHANNEL } from '../../shared/contract/channels';
import type { Dispatch } from '../core/dispatch';
import type { IpcMainInvokeEventLike, IpcMainLike, WebContentsLike } from './electronLike';
import { isTrustedSender } from './security';

/**
 * One IPC handler carries every contract call to the station, which checks
 * the command name and its input at its own boundary (the dispatcher). Calls
 * from any frame other than our own top-level page are refused here, before
 * they reach the station.
 */
export function registerContract(
  ipcMain: IpcMainLike,
  dispatch: Dispatch,
  isTrusted: (event: IpcMainInvokeEventLike) => boolean = isTrustedSender,
): void {
  ipcMain.handle(CALL_CHANNEL, async (event, name, input) =>
    isTrusted(event)
      ? dispatch(name, input)
      : { ok: false, error: { code: 'unauthorized', message: 'This window is not allowed to control the station.' } },
  );
}

/** Forwards every station event to the given windows' renderers. */
export function forwardEvents(
  events: { subscribe(listener: (name: string, payload: unknown) => void): () => void },
  targets: () => Iterable<WebContentsLike>,
): () => void {
  return events.subscribe((name, payload) => {
    for (const contents of targets()) {
      if (!contents.isDestroyed()) contents.send(EVENT_CHANNEL, { name, payload });
    }
  });
}
