/**
 * One shared clock for every post time on screen: a single timer ticks while anything listens,
 * so a thousand cards do not each run their own interval. Ticks every 30 s, so "5m ago" is never
 * more than half a minute stale.
 */
import { useSyncExternalStore } from 'react';

const TICK_MS = 30_000;
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

export function useMinuteClock(): number {
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => now,
  );
}

/**
 * What `derive` makes of the clock's time; the component renders again only when that changes,
 * so a tick re-renders the few recent posts' times, not every card of a long feed.
 */
export function useClockDerived<T>(derive: (nowMs: number) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => derive(now),
    () => derive(now),
  );
}
