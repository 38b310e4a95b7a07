import type { EventEmitterFn, EventName, EventPayload } from '../../shared/contract';

export type EventListener = (name: EventName, payload: unknown) => void;

/** Fan-out of main-process events to every connected renderer (IPC windows, bridge sockets). */
export interface EventHub {
  readonly emit: EventEmitterFn;
  subscribe(listener: EventListener): () => void;
}

export function createEventHub(onListenerError: (error: unknown) => void): EventHub {
  const listeners = new Set<EventListener>();
  return {
    emit<E extends EventName>(name: E, payload: EventPayload<E>) {
      for (const listener of listeners) {
        try {
          listener(name, payload);
        } catch (error) {
          onListenerError(error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
