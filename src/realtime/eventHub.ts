import type { RealtimeEvent } from '../../domain/enums.ts';

export type RealtimeHandler = (payload: unknown) => void;

/** Who listens to which server event; it outlives connections, so listeners never re-subscribe. */
export type EventHub = {
  on(event: RealtimeEvent, handler: RealtimeHandler): () => void;
  /** Hands the payload to every listener of `event`; one failing listener does not stop the others. */
  emit(event: string, payload: unknown): void;
};

export function createEventHub(warn: (message: string, error: unknown) => void = console.warn): EventHub {
  const listeners = new Map<string, Set<RealtimeHandler>>();
  return {
    on(event, handler) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(handler);
      return () => {
        set.delete(handler);
      };
    },
    emit(event, payload) {
      for (const handler of [...(listeners.get(event) ?? [])]) {
        try {
          handler(payload);
        } catch (error) {
          warn(`realtime: a ${event} handler failed`, error);
        }
      }
    },
  };
}
