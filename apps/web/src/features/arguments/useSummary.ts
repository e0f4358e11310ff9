import { argumentCalls, type OpinionSummary } from '@kolscope/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api';
import { useQuery } from '../query/useQuery';
import { initialReport, type LoadedState, receiveData, receiveFailure, startLoad } from '../report/reportState';
import type { ReportSelection } from '../report/selection';

const initial: LoadedState<OpinionSummary> = { ...initialReport, data: null };

/**
 * The generated summary of each side (SUMMARY_URL on the server), for the report's selection in
 * the reader's language. The server keeps one per view, period and language for a while, so this
 * loads once per selection; without one (state off or unavailable, or a failed call) the
 * headlines stand alone and nothing is shown.
 */
export function useSummary(viewId: string, selection: ReportSelection) {
  const { t } = useTranslation();
  const { period, interval } = selection;
  // biome-ignore lint/correctness/useExhaustiveDependencies: t is the language the summary is written in.
  const fetch = useCallback(
    () => api(argumentCalls.opinionSummary, { viewId, period, interval }),
    [viewId, period, interval, t],
  );
  const { state } = useQuery(initial, {
    fetch,
    start: startLoad,
    receive: receiveData,
    fail: (s, requestId, error, silent) => receiveFailure(s, requestId, String(error), silent),
  });
  return state.data?.state === 'ready' ? state.data : null;
}
