import { contextBridge, ipcRenderer } from 'electron';
import { commandChannel, EVENT_CHANNEL, isCommandName, isEventName, type StationApi, unknownCommandError } from '../shared/contract';

type EventFrame = { name: string; payload: unknown };

// The renderer gets two named functions, never ipcRenderer itself.
const station = {
  call: (name, input) => {
    if (!isCommandName(name)) {
      return Promise.resolve({ ok: false, error: unknownCommandError });
    }
    return ipcRenderer.invoke(commandChannel(name), input);
  },
  on: (name, listener) => {
    if (!isEventName(name)) return () => undefined;
    const handler = (_event: unknown, frame: EventFrame): void => {
      if (frame.name === name) (listener as (payload: unknown) => void)(frame.payload);
    };
    ipcRenderer.on(EVENT_CHANNEL, handler);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, handler);
    };
  },
} satisfies StationApi;

contextBridge.exposeInMainWorld('station', station);
