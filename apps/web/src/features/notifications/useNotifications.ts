/**
 * Loads a notification view (view/notifications): the first page behind a spinner held for at
 * least NOTIFICATION_LOADING_DELAY_MS (spec section 9), more by cursor, pull to refresh, and a
 * silent refresh every AUTO_REFRESH_MS while the page is visible that puts new items on top.
 * An answer for a superseded request (another view, a newer reload) is dropped.
 */
import { AUTO_REFRESH_MS, NOTIFICATION_LOADING_DELAY_MS, notificationCalls } from '@kolscope/contract';
import i18next from 'i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, errorMessage } from '../../api';
import { appendPage, emptyNotifications, firstPage, mergeFresh, type NotificationState } from './notificationState';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fetchPage = (viewId: string, nextCb = '') => api(notificationCalls.list, { viewId, nextCb });

export function useNotifications(viewId: string) {
  const [state, setState] = useState<NotificationState>(emptyNotifications);
  const [loading, setLoading] = useState(true);
  // Bumped by every first-page load; an older answer no longer applies.
  const generation = useRef(0);

  const load = useCallback(
    async (withDelay: boolean) => {
      const mine = ++generation.current;
      setLoading(true);
      try {
        const [page] = await Promise.all([fetchPage(viewId), withDelay ? wait(NOTIFICATION_LOADING_DELAY_MS) : null]);
        if (mine === generation.current) setState(firstPage(page));
      } catch (error) {
        if (mine === generation.current) {
          setState((s) => ({ ...s, error: errorMessage(error, i18next.t('notify.loadFailed')) }));
        }
        throw error;
      } finally {
        if (mine === generation.current) setLoading(false);
      }
    },
    [viewId],
  );

  useEffect(() => {
    setState(emptyNotifications());
    void load(true).catch(() => undefined);
  }, [load]);

  // The latest state for the callbacks below, without re-creating them on every change.
  const current = useRef(state);
  current.current = state;

  const loadMore = useCallback(async () => {
    const mine = generation.current;
    const page = await fetchPage(viewId, current.current.nextCb);
    if (mine === generation.current) setState((s) => appendPage(s, page));
  }, [viewId]);

  useEffect(() => {
    const poll = () => {
      if (document.visibilityState === 'hidden' || !current.current.loaded) return;
      const mine = generation.current;
      // Failures of a silent refresh are ignored (spec section 4).
      fetchPage(viewId).then(
        (page) => mine === generation.current && setState((s) => mergeFresh(s, page)),
        () => undefined,
      );
    };
    const timer = setInterval(poll, AUTO_REFRESH_MS);
    return () => clearInterval(timer);
  }, [viewId]);

  return { state, loading, reload: () => load(false), retry: () => load(true), loadMore };
}
