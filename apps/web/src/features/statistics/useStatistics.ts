import { adminCalls, type Response, STATISTICS_REFRESH_MS } from '@kolscope/contract';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api';
import { useQuery } from '../query/useQuery';
import { usePoll } from '../query/usePoll';
import type { StatSelection } from './selection';
import { failStat, initialStat, receiveStat, startStatLoad } from './statState';

export type StatSource = Response<typeof adminCalls.fromAcntList>[number];

/**
 * Loads admin/stat for the selection, again whenever it changes, and silently every 60 s while
 * the page is visible (spec section 9), together with the source list. Only administrators reach
 * this hook: the API answers 403 to anyone else, and a 403 signs the user out.
 */
export function useStatistics(selection: StatSelection) {
  const [sources, setSources] = useState<StatSource[]>([]);
  const { statType, source, period, interval } = selection;
  const fetch = useCallback(
    () => api(adminCalls.stat, { statType, fromAcntName: source, period, interval }),
    [statType, source, period, interval],
  );
  const { state } = useQuery(
    initialStat,
    {
      fetch,
      start: startStatLoad,
      receive: (s, requestId, tables) => receiveStat(s, requestId, tables, Date.now()),
      fail: (s, requestId, _error, silent) => failStat(s, requestId, silent),
    },
    { autoRefresh: true, intervalMs: STATISTICS_REFRESH_MS },
  );

  const loadSources = useCallback(() => {
    // A failed list leaves 'all' and whatever loaded before: the chart still works.
    api(adminCalls.fromAcntList).then(setSources, () => undefined);
  }, []);
  useEffect(() => loadSources(), [loadSources]);
  usePoll(loadSources, { intervalMs: STATISTICS_REFRESH_MS });

  return { state, sources };
}
