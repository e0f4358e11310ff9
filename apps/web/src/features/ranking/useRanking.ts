/**
 * One rank view's data: the first page on arrival, load more by cursor, a pull-to-refresh that
 * clears and reloads, and a silent refresh every AUTO_REFRESH_MS while the page is visible that
 * re-reads the pages shown and replaces them, ignoring errors (spec sections 4 and 9).
 */
import { RANK_PAGE_SIZE, viewCalls } from '@kolscope/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api';
import { usePoll } from '../query/usePoll';
import { useQuery } from '../query/useQuery';
import { toastError } from '../toast';
import {
  firstPageFailed,
  firstPageLoaded,
  initialRank,
  morePageFailed,
  morePageLoaded,
  pagesToCover,
  type RankPage,
  silentlyReplaced,
  startLoad,
  startMore,
} from './rankState';

const fetchPage = (viewId: string, nextCb = ''): Promise<RankPage> =>
  api(viewCalls.rankingList, { viewId, ...(nextCb ? { nextCb } : {}) });

export function useRanking(viewId: string) {
  const { t } = useTranslation();
  // A new language reloads too, so a failure shown is said again in it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: t is that language.
  const fetch = useCallback(() => fetchPage(viewId), [viewId, t]);
  // One store per mounted view: Home keys the rank view by viewId, so a new view remounts it.
  const { state, query, reload } = useQuery(initialRank, {
    fetch,
    start: startLoad,
    receive: firstPageLoaded,
    fail: (s, requestId, error) => firstPageFailed(s, requestId, errorMessage(error, t('rank.loadFailed'))),
  });
  const { get, set } = query;

  const loadMore = async () => {
    const s = get();
    if (s.more !== 1 || s.loadingMore || s.loading) return;
    set(startMore(s));
    try {
      set(morePageLoaded(get(), s.requestId, await fetchPage(viewId, s.nextCb)));
    } catch (error) {
      set(morePageFailed(get()));
      toastError(error, t('rank.loadMoreFailed'));
    }
  };

  const silentRefresh = useCallback(async () => {
    const s = get();
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
      set(silentlyReplaced(get(), s.requestId, pages));
    } catch {
      // Spec: a silent refresh ignores errors; the data shown stays.
    }
  }, [get, set, viewId]);
  usePoll(
    useCallback(() => void silentRefresh(), [silentRefresh]),
    { live: ['posts'] },
  );

  return { state, reload, refresh: reload, loadMore, silentRefresh };
}
