import { AUTO_REFRESH_MS, viewCalls, type ViewType } from '@kolscope/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api';
import { initialReport, type ReportState, receiveData, receiveFailure, startLoad } from './reportState';
import type { ReportSelection } from './selection';

/** Coin and event opinions have detail calls of their own (spec section 7); reports use report_detail. */
export function detailCall(viewType: ViewType) {
  if (viewType === 'coin_opinion') return viewCalls.coinOpinionDetail;
  if (viewType === 'event_opinion') return viewCalls.eventOpinionDetail;
  return viewCalls.reportDetail;
}

/**
 * Loads a report for the selection, again whenever it changes, and, with `autoRefresh`, silently
 * once a minute while the page is visible (the detail page, spec section 4). Callers key the
 * component by view, so one view's chart never shows under another's name.
 */
export function useReport(viewId: string, viewType: ViewType, selection: ReportSelection, autoRefresh: boolean) {
  const { t } = useTranslation();
  const [state, setState] = useState<ReportState>(initialReport);
  // The newest id lives in a ref too: an answer compares against it without a stale closure.
  const latest = useRef(initialReport);
  const { period, interval } = selection;

  const load = useCallback(
    (silent: boolean) => {
      const started = startLoad(latest.current, silent);
      latest.current = started;
      setState(started);
      const { requestId } = started;
      const apply = (next: (s: ReportState) => ReportState) => {
        latest.current = next(latest.current);
        setState(latest.current);
      };
      api(detailCall(viewType), { viewId, period, interval, ...(silent ? { silent: true } : {}) }).then(
        (data) => apply((s) => receiveData(s, requestId, data)),
        (error: unknown) =>
          apply((s) => receiveFailure(s, requestId, errorMessage(error, t('report.loadFailed')), silent)),
      );
    },
    [viewId, viewType, period, interval, t],
  );

  useEffect(() => load(false), [load]);

  useEffect(() => {
    if (!autoRefresh) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') load(true);
    }, AUTO_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [autoRefresh, load]);

  return { state, reload: () => load(false) };
}
