/**
 * One rank view's data: the first page on arrival, load more by cursor, a pull-to-refresh that
 * clears and reloads, and a silent refresh every AUTO_REFRESH_MS while the page is visible that
 * re-reads the pages shown and replaces them, ignoring errors (spec sections 4 and 9).
 */
import { AUTO_REFRESH_MS, RANK_PAGE_SIZE, viewCalls } from '@kolscope/contract';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { api, errorMessage } from '../../api';
import { toastError } from '../toast';
import {
  firstPageFailed,
  firstPageLoaded,
  initialRank,
  morePageFailed,
  morePageLoaded,
  pagesToCover,
  type RankPage,
  type RankState,
  silentlyReplaced,
  startLoad,
  startMore,
} from './rankState';

const fetchPage = (viewId: string, nextCb = ''): Promise<RankPage> =>
  api(viewCalls.rankingList, { viewId, ...(nextCb ? { nextCb } : {}) });

export function useRanking(viewId: string) {
  const { t } = useTranslation();
  // One store per mounted view: Home keys the rank view by viewId, so a new view remounts it.
  const [store] = useState(() => createStore<RankState>(() => initialRank));
  const state = useStore(store);
  const set = (next: RankState) => store.setState(next, true);

  const load = useCallback(async () => {
    const started = startLoad(store.getState());
    store.setState(started, true);
    try {
      const page = await fetchPage(viewId);
      store.setState(firstPageLoaded(store.getState(), started.requestId, page), true);
    } catch (error) {
      const message = errorMessage(error, t('rank.loadFailed'));
      store.setState(firstPageFailed(store.getState(), started.requestId, message), true);
    }
  }, [store, viewId, t]);

  const loadMore = async () => {
    const s = store.getState();
    if (s.more !== 1 || s.loadingMore || s.loading) return;
    set(startMore(s));
    try {
      set(morePageLoaded(store.getState(), s.requestId, await fetchPage(viewId, s.nextCb)));
    } catch (error) {
      set(morePageFailed(store.getState()));
      toastError(error, t('rank.loadMoreFailed'));
    }
  };

  const silentRefresh = useCallback(async () => {
    const s = store.getState();
    if (!s.loaded || s.loading) return;
    try {
      const pages: RankPage[] = [];
      let cursor = '';
      for (let i = 0; i < pagesToCover(s.items.length, RANK_PAGE_SIZE); i++) {
        const page = await fetchPage(viewId, cursor);
        pages.push(page);
        if (page.more !== 1) break;
        cursor = page.nextCb;
      }
      store.setState(silentlyReplaced(store.getState(), s.requestId, pages), true);
    } catch {
      // Spec: a silent refresh ignores errors; the data shown stays.
    }
  }, [store, viewId]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    const visible = () => document.visibilityState !== 'hidden';
    const timer = setInterval(() => {
      if (visible()) void silentRefresh();
    }, AUTO_REFRESH_MS);
    return () => clearInterval(timer);
  }, [silentRefresh]);

  return { state, reload: load, refresh: load, loadMore, silentRefresh };
}
