/** The in-process bus: the embedded default, and what every broker-backed bus delivers locally through. */
import type { AppEvent, EventBus } from './types';

export function localBus(log: (line: string) => void = () => {}): EventBus & {
  /** Delivers an event that came from another process (used by the broker-backed buses). */
  deliver(event: AppEvent): void;
  /** Tells the gap handlers that events may have been missed. */
  gap(): void;
} {
  const handlers = new Set<(event: AppEvent) => void>();
  const gapHandlers = new Set<() => void>();
  const deliver = (event: AppEvent) => {
    for (const handler of handlers) {
      // One failing subscriber must not keep the event from the others, nor fail the publisher.
      try {
        handler(event);
      } catch (err) {
        log(`events: a ${event.type} handler failed: ${(err as Error).message}`);
      }
    }
  };
  return {
    async publish(event) {
      deliver(event);
    },
    deliver,
    gap() {
      for (const handler of gapHandlers) handler();
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    onGap(handler) {
      gapHandlers.add(handler);
      return () => gapHandlers.delete(handler);
    },
    connected: true,
    async close() {
      handlers.clear();
      gapHandlers.clear();
    },
  };
}
