import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { createPagedQuery, type PagedSteps } from './pagedQuery';
import type { AutoRefresh } from './useQuery';
import { usePoll } from './usePoll';

/**
 * A paged list (pagedQuery.ts) for React: a new `key` starts from the empty list and loads the
 * first page; with `autoRefresh` (and `steps.merge`) a silent refresh runs on the refresh clock.
 */
export function usePagedQuery<S, P>(
  key: string,
  steps: PagedSteps<S, P>,
  { minLoadingMs, ...refresh }: AutoRefresh & { minLoadingMs?: number } = {},
) {
  const latest = useRef(steps);
  latest.current = steps;
  const [query] = useState(() => createPagedQuery(() => latest.current));
  const state = useStore(query.store);

  /** Starts from nothing, as when the key changed; a failure shows as `error`. */
  const retry = useCallback(
    () => query.load({ clear: true, minLoadingMs }).catch(() => undefined),
    [query, minLoadingMs],
  );
  /** Pull to refresh: the list stays until the first page answers; rejects on failure. */
  const reload = useCallback(() => query.load(), [query]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key is a new list.
  useEffect(() => void retry(), [retry, key]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the refresh reads the list of `key`.
  const silentRefresh = useCallback(() => void query.refresh(), [query, key]);
  usePoll(silentRefresh, { paused: !refresh.autoRefresh, intervalMs: refresh.intervalMs, live: refresh.live });

  return { ...state, reload, retry, loadMore: query.loadMore };
}
