import { argumentCalls, type OpinionArguments } from '@kolscope/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api';
import { useQuery } from '../query/useQuery';
import { initialReport, type LoadedState, receiveData, receiveFailure, startLoad } from '../report/reportState';
import type { ReportSelection } from '../report/selection';

const initial: LoadedState<OpinionArguments> = { ...initialReport, data: null };

/**
 * Loads a view's arguments for the report's selection, and again (silently) whenever the report
 * beside them answers with other totals (`reportKey`): the report polls and listens for new posts,
 * so the section follows it rather than keeping a clock of its own, and the two agree.
 */
export function useArguments(viewId: string, selection: ReportSelection, reportKey: string) {
  const { t } = useTranslation();
  const { period, interval } = selection;
  // biome-ignore lint/correctness/useExhaustiveDependencies: t is the language; reportKey a newer report.
  const fetch = useCallback(
    () => api(argumentCalls.opinionArguments, { viewId, period, interval }),
    [viewId, period, interval, t, reportKey],
  );
  return useQuery(initial, {
    fetch,
    start: startLoad,
    receive: receiveData,
    fail: (s, requestId, error, silent) =>
      receiveFailure(s, requestId, errorMessage(error, t('arguments.loadFailed')), silent),
  });
}
