/** The coin page's server data (packages/contract/src/coin.ts) and its one action. */
import { type CoinOverview, coinCalls, type Post, type TradingTrend, viewCalls } from '@kolscope/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api';
import { lastSubViewId } from '../../features/opinion/opinionForm';
import { usePagedQuery } from '../../features/query/usePagedQuery';
import { useQuery } from '../../features/query/useQuery';
import { type LoadedState, receiveData, receiveFailure, startLoad } from '../../features/report/reportState';
import type { ReportSelection } from '../../features/report/selection';
import { toastError, toastSuccess } from '../../features/toast';
import { appendPage, emptyList } from '../../features/track/paging';
import { applyViewList } from '../../state/views';

const NOTHING: LoadedState<CoinOverview> = { data: null, loading: false, error: null, requestId: 0 };

/**
 * The overview for the selection, again when it changes (the figures shown stay, under a spinner,
 * until the new answer lands), silently each minute and on new posts, like a report's detail page.
 */
export function useCoinOverview(coin: string, selection: ReportSelection) {
  const { t } = useTranslation();
  const { period, interval } = selection;
  // A new language loads again, so a failure shown is said in it and group names follow it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: t is that language.
  const fetch = useCallback(() => api(coinCalls.overview, { coin, period, interval }), [coin, period, interval, t]);
  return useQuery(
    NOTHING,
    {
      fetch,
      start: startLoad,
      receive: receiveData,
      fail: (s, requestId, error, silent) =>
        receiveFailure(s, requestId, errorMessage(error, t('coin.loadFailed')), silent),
    },
    { autoRefresh: true, live: ['posts'] },
  );
}

/** The coin's latest posts at one stance (the feed's card), newest first. */
export function useCoinPosts(coin: string, tradingTrend: TradingTrend) {
  const { t } = useTranslation();
  const failed = t('coin.loadFailed');
  const q = usePagedQuery(`${coin}|${tradingTrend}|${failed}`, {
    fetchPage: (nextCb) => api(coinCalls.posts, { coin, tradingTrend, nextCb }),
    empty: () => emptyList<Post>(),
    first: (page) => appendPage(emptyList<Post>(), page, (p) => p.id),
    append: (s, page) => appendPage(s, page, (p) => p.id),
    next: (s) => (s.more ? s.nextCb : null),
    messageOf: (error) => errorMessage(error, failed),
  });
  return { ...q.data, loading: q.loading, error: q.error, loadMore: q.loadMore, retry: q.retry };
}

/**
 * "Track this coin": a coin opinion view for `kolGroupId` (coinPage.ts trackGroupId), added to the
 * home list at once. `trackedViewId` is the view made here, else the one the overview names.
 */
export function useTrackCoin(coin: string, kolGroupId: string, known: string | undefined) {
  const { t } = useTranslation();
  const [made, setMade] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const track = async () => {
    setBusy(true);
    try {
      const list = await api(viewCalls.coinOpinionAdd, { coin, kolGroupId });
      applyViewList(list);
      setMade(lastSubViewId(list, 'coin_opinion') ?? '');
      toastSuccess(t('coin.trackedToast', { coin }));
    } catch (error) {
      toastError(error, t('coin.trackFailed'));
    } finally {
      setBusy(false);
    }
  };
  return { trackedViewId: made || known || '', busy, track };
}
