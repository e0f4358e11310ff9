/**
 * One screen's server data as a store of state S changed only by the screen's pure transitions
 * (reportState.ts, statState.ts, rankState.ts). A load takes a new request id (`start`); its
 * answer goes through `receive` or `fail` with the id it started with, and those transitions drop
 * an answer whose id is no longer the newest. A silent load (the minute's refresh) starts the
 * same way but shows nothing and keeps what is shown when it fails.
 */
import { createStore } from 'zustand/vanilla';

export interface QuerySteps<S extends { requestId: number }, T> {
  fetch: (silent: boolean) => Promise<T>;
  start: (state: S, silent: boolean) => S;
  receive: (state: S, requestId: number, data: T) => S;
  fail: (state: S, requestId: number, error: unknown, silent: boolean) => S;
}

export function createQuery<S extends { requestId: number }>(initial: S) {
  const store = createStore<S>(() => initial);
  const get = () => store.getState();
  const set = (next: S) => store.setState(next, true);

  /** Resolves once the answer (or the failure) is applied; never rejects. */
  function load<T>(steps: QuerySteps<S, T>, silent: boolean): Promise<void> {
    set(steps.start(get(), silent));
    const { requestId } = get();
    return steps.fetch(silent).then(
      (data) => set(steps.receive(get(), requestId, data)),
      (error: unknown) => set(steps.fail(get(), requestId, error, silent)),
    );
  }

  return { store, get, set, load };
}

export type Query<S extends { requestId: number }> = ReturnType<typeof createQuery<S>>;
