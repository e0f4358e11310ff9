import { type ViewType, viewCalls } from '@kolscope/contract';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api';
import { useQuery } from '../query/useQuery';
import { initialReport, receiveData, receiveFailure, startLoad } from './reportState';
import type { ReportSelection } from './selection';

/** Coin and event opinions have detail calls of their own (spec section 7); reports use report_detail. */
export function detailCall(viewType: ViewType) {
  if (viewType === 'coin_opinion') return viewCalls.coinOpinionDetail;
  if (viewType === 'event_opinion') return viewCalls.eventOpinionDetail;
  return viewCalls.reportDetail;
}

/**
 * How often the report is fetched again while an event view's history is being counted (the
 * server counts it in the background after its keywords are saved; the answer says how far).
 */
export const HISTORY_POLL_MS = 3_000;

/**
 * Loads a report for the selection, again whenever it changes, and, with `autoRefresh`, silently
 * once a minute while the page is visible (the detail page, spec section 4; the silent call says
 * `silent: true`), and every few seconds while an event view's history is counted. Callers key the component by view, so one view's chart never shows under
 * another's name.
 */
export function useReport(
  viewId: string,
  viewType: ViewType,
  selection: ReportSelection,
  autoRefresh: boolean,
  /** The report as it stood then (an opinion alert's time): no refresh, it does not move. */
  at?: number,
) {
  const { t } = useTranslation();
  const { period, interval } = selection;
  // A new language reloads too, so a failure shown is said again in it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: t is that language.
  const fetch = useCallback(
    (silent: boolean) =>
      api(detailCall(viewType), {
        viewId,
        period,
        interval,
        ...(silent ? { silent: true } : {}),
        ...(at !== undefined ? { at } : {}),
      }),
    [viewId, viewType, period, interval, at, t],
  );
  // Counting (the last answer carried a progress): polled every few seconds until it is done.
  const [counting, setCounting] = useState(false);
  const { state, reload } = useQuery(
    initialReport,
    {
      fetch,
      start: startLoad,
      receive: receiveData,
      fail: (s, requestId, error, silent) =>
        receiveFailure(s, requestId, errorMessage(error, t('report.loadFailed')), silent),
    },
    // New posts change every report; an event view's history count moving on changes its own.
    counting
      ? { autoRefresh: true, intervalMs: HISTORY_POLL_MS, live: ['posts', 'view_history'] }
      : { autoRefresh: autoRefresh && at === undefined, live: ['posts', 'view_history'] },
  );
  const percent = state.data?.historyPercent;
  useEffect(() => setCounting(percent !== undefined && percent !== null), [percent]);
  return { state, reload };
}
