/**
 * Loads a notification view (view/notifications) as a paged query: the first page behind a
 * spinner held for at least NOTIFICATION_LOADING_DELAY_MS (spec section 9), more by cursor, pull
 * to refresh, and a silent refresh every AUTO_REFRESH_MS while the page is visible that puts new
 * items on top. An answer for a superseded request (another view, a newer reload) is dropped.
 */
import { NOTIFICATION_LOADING_DELAY_MS, notificationCalls } from '@kolscope/contract';
import i18next from 'i18next';
import { api, errorMessage } from '../../api';
import { usePagedQuery } from '../query/usePagedQuery';
import { appendPage, emptyNotifications, firstPage, mergeFresh, type NotificationState } from './notificationState';

export function useNotifications(viewId: string) {
  const list = usePagedQuery(
    viewId,
    {
      fetchPage: (nextCb) => api(notificationCalls.list, { viewId, nextCb }),
      empty: emptyNotifications,
      first: firstPage,
      append: appendPage,
      next: (s) => s.nextCb,
      merge: mergeFresh,
      messageOf: (error) => errorMessage(error, i18next.t('notify.loadFailed')),
    },
    { minLoadingMs: NOTIFICATION_LOADING_DELAY_MS, autoRefresh: true, live: ['notification'] },
  );
  const state: NotificationState = { ...list.data, error: list.error };
  return { state, loading: list.loading, reload: list.reload, retry: list.retry, loadMore: list.loadMore };
}
