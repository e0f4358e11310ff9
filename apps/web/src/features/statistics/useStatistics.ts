import { adminCalls, type Response, STATISTICS_REFRESH_MS } from '@kolscope/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../api';
import type { StatSelection } from './selection';
import { failStat, initialStat, receiveStat, type StatState, startStatLoad } from './statState';

export type StatSource = Response<typeof adminCalls.fromAcntList>[number];

/**
 * Loads admin/stat for the selection, again whenever it changes, and silently every 60 s while
 * the page is visible (spec section 9), together with the source list. Only administrators reach
 * this hook: the API answers 403 to anyone else, and a 403 signs the user out.
 */
export function useStatistics(selection: StatSelection) {
  const [state, setState] = useState<StatState>(initialStat);
  const [sources, setSources] = useState<StatSource[]>([]);
  // The newest request id lives in a ref too: an answer compares against it without a stale closure.
  const latest = useRef(initialStat);
  const { statType, source, period, interval } = selection;

  const loadSources = useCallback(() => {
    // A failed list leaves 'all' and whatever loaded before: the chart still works.
    api(adminCalls.fromAcntList).then(setSources, () => undefined);
  }, []);

  const load = useCallback(
    (silent: boolean) => {
      latest.current = startStatLoad(latest.current, silent);
      setState(latest.current);
      const { requestId } = latest.current;
      const apply = (next: (s: StatState) => StatState) => {
        latest.current = next(latest.current);
        setState(latest.current);
      };
      api(adminCalls.stat, { statType, fromAcntName: source, period, interval }).then(
        (tables) => apply((s) => receiveStat(s, requestId, tables, Date.now())),
        () => apply((s) => failStat(s, requestId, silent)),
      );
    },
    [statType, source, period, interval],
  );

  useEffect(() => load(false), [load]);
  useEffect(() => loadSources(), [loadSources]);

  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      load(true);
      loadSources();
    }, STATISTICS_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [load, loadSources]);

  return { state, sources };
}
