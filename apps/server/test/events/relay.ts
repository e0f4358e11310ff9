/**
 * Buses of "processes" linked as a broker would link them, without one: what one publishes is
 * delivered locally at once and relayed to the others. `cut` stops the relay (a broker that went
 * away) and `restore` brings it back, telling every bus of the gap, as the Redis bus does.
 */
import { localBus } from '../../src/services/events/local';
import type { AppEvent, EventBus } from '../../src/services/events/types';

export function relayedBuses(count: number) {
  const locals = Array.from({ length: count }, () => localBus());
  let up = true;
  const relayed: AppEvent[] = [];
  const buses: EventBus[] = locals.map((own) => ({
    ...own,
    async publish(event: AppEvent) {
      own.deliver(event);
      if (!up) return;
      relayed.push(event);
      for (const other of locals) if (other !== own) other.deliver(event);
    },
    get connected() {
      return up;
    },
  }));
  return {
    buses,
    /** Every event that crossed between buses, in order. */
    relayed,
    cut() {
      up = false;
    },
    restore() {
      up = true;
      for (const bus of locals) bus.gap();
    },
  };
}
