import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api';
import type { AutoRefresh } from '../query/useQuery';
import { useQuery } from '../query/useQuery';
import { failLoaded, initialLoaded, type LoadedState, receiveLoaded, startLoaded } from './alertsState';

/** One answer of an alerts call through useQuery (alertsState.ts), reloaded when `deps` change. */
export function useLoaded<T>(load: () => Promise<T>, deps: unknown[], refresh: AutoRefresh = {}) {
  const { t } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the load reads.
  const fetch = useCallback(() => load(), deps);
  const { state, reload } = useQuery<LoadedState<T>, T>(
    initialLoaded<T>(),
    {
      fetch,
      start: startLoaded,
      receive: receiveLoaded,
      fail: (s, id, error, silent) => failLoaded(s, id, errorMessage(error, t('alerts.loadFailed')), silent),
    },
    refresh,
  );
  return { state, reload };
}
