import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { createQuery, type QuerySteps } from './query';
import type { PollOptions } from './poll';
import { usePoll } from './usePoll';

export interface AutoRefresh {
  /** A silent load on the refresh clock (usePoll) while the page is visible. */
  autoRefresh?: boolean;
  intervalMs?: number;
  /** Stream hints that also run the silent load (usePoll). */
  live?: PollOptions['live'];
}

/**
 * A screen's data (query.ts) for React: loaded on mount and again whenever `steps.fetch` changes
 * (callers memoize it on what it reads), silently refreshed with `autoRefresh`. One store per
 * mounted component: callers key the component by view, so one view's data never shows under
 * another's name.
 */
export function useQuery<S extends { requestId: number }, T>(
  initial: S,
  steps: QuerySteps<S, T>,
  { autoRefresh = false, intervalMs, live }: AutoRefresh = {},
) {
  const [query] = useState(() => createQuery(initial));
  const state = useStore(query.store);
  // The newest steps for every call, without restarting anything when only a closure changed.
  const latest = useRef(steps);
  latest.current = steps;
  const { fetch } = steps;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new fetch is a new query.
  const load = useCallback((silent: boolean) => query.load(latest.current, silent), [query, fetch]);
  const silentLoad = useCallback(() => void load(true), [load]);

  useEffect(() => void load(false), [load]);
  usePoll(silentLoad, { paused: !autoRefresh, intervalMs, live });

  /** A visible load: resolves once its answer (or failure) is shown, never rejects. */
  const reload = useCallback(() => load(false), [load]);
  return { state, query, reload };
}
