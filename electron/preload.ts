import { contextBridge, ipcRenderer } from 'electron';
import type { StationApi } from '../shared/contract';
import { CALL_CHANNEL, EVENT_CHANNEL } from '../shared/contract/channels';

type EventFrame = { name: string; payload: unknown };

// The renderer gets two named functions, never ipcRenderer itself. No schema
// and no command list here (the preload stays a few KB): the station checks
// every name and input at its boundary, and answers an unknown name in words.
const station = {
  call: (name, input) => ipcRenderer.invoke(CALL_CHANNEL, name, input),
  on: (name, listener) => {
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
