import { commandChannel, commandNames, EVENT_CHANNEL } from '../../shared/contract';
import type { Dispatch } from '../station/dispatch';
import type { EventHub } from '../station/events';
import type { IpcMainInvokeEventLike, IpcMainLike, WebContentsLike } from './electronLike';
import { isTrustedSender } from './security';

/**
 * Registers one IPC handler per contract command, derived from the contract
 * table: nothing is registered by hand. Calls from any frame other than our
 * own top-level page are refused before the dispatcher sees them.
 */
export function registerContract(
  ipcMain: IpcMainLike,
  dispatch: Dispatch,
  isTrusted: (event: IpcMainInvokeEventLike) => boolean = isTrustedSender,
): readonly string[] {
  return commandNames.map((name) => {
    const channel = commandChannel(name);
    ipcMain.handle(channel, async (event, input) =>
      isTrusted(event)
        ? dispatch(name, input)
        : { ok: false, error: { code: 'unauthorized', message: 'This window is not allowed to control the station.' } },
    );
    return channel;
  });
}

/** Forwards every station event to the given windows' renderers. */
export function forwardEvents(events: EventHub, targets: () => Iterable<WebContentsLike>): () => void {
  return events.subscribe((name, payload) => {
    for (const contents of targets()) {
      if (!contents.isDestroyed()) contents.send(EVENT_CHANNEL, { name, payload });
    }
  });
}
