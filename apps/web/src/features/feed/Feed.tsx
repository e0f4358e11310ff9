import type { TradingTrend } from '@kolscope/contract';
import { PullToRefresh, SpinLoading } from 'antd-mobile';
import { ContentOutline } from 'antd-mobile-icons';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedScroll } from '../query/PagedScroll';
import { toastError } from '../toast';
import { PostCard } from '../post-card/PostCard';
import { assignChunks, type Chunking, groupChunks } from './chunks';
import { FeedEmpty, FeedFailed, FeedLoading, FeedSearching } from './FeedStates';
import { feedDisplay, newPostsPaused } from './feedState';
import { feeds, useFeed } from './feeds';
import { type FeedQuery, feedKey, type ReportWindowChoice } from './feedStore';
import { NewItemsTip } from './NewItemsTip';
import { useAutoRefresh, useInsertNearTop } from './useNewPosts';
import './feed.css';

export interface FeedProps {
  viewId: string;
  /** The report's related-posts tabs; '' (default) is every post of the view. */
  tradingTrend?: TradingTrend;
  /**
   * Insert waiting posts silently when the reader is near the top. On by default; the spec
   * turns it off on detail pages, where only the tip inserts.
   */
  insertNearTop?: boolean;
  /** A report's period and interval: its related posts are the ones its numbers count. */
  reportWindow?: ReportWindowChoice;
}

/** A view's posts: first page, infinite scroll, pull to refresh, and the new-items tip. */
export default function Feed({ viewId, tradingTrend = '', insertNearTop = true, reportWindow }: FeedProps) {
  const { t } = useTranslation();
  const period = reportWindow?.period;
  const interval = reportWindow?.interval;
  const query = useMemo<FeedQuery>(
    () => ({ viewId, tradingTrend, ...(period && interval ? { window: { period, interval } } : {}) }),
    [viewId, tradingTrend, period, interval],
  );
  const state = useFeed(query);
  const display = feedDisplay(state);
  const waiting = state.newItemsCount > 0;
  const chunking = useRef<Chunking | undefined>(undefined);
  const chunks = useMemo(() => {
    chunking.current = assignChunks(
      state.list.map((p) => p.id),
      chunking.current,
    );
    return groupChunks(state.list, (p) => p.id, chunking.current);
  }, [state.list]);

  useEffect(() => {
    const current = feeds.get(feedKey(query));
    // First visit loads; coming back to a loaded feed checks for newer posts at once.
    if (!current.loaded) void feeds.loadFirst(query).catch(() => undefined);
    else void feeds.pollNewer(query);
  }, [query]);

  useAutoRefresh(query, newPostsPaused(state));
  const spinning = useInsertNearTop(query, waiting, insertNearTop);

  const refresh = () => feeds.loadFirst(query).catch((error: unknown) => toastError(error, t('feed.loadFailed')));
  // Insert first, then jump: scrolling first would also trigger the near-top insert.
  const showNew = () => void feeds.showPending(query).then(() => window.scrollTo(0, 0));

  const retry = () => void feeds.loadFirst(query).catch(() => undefined);
  if (display === 'spinner') return <FeedLoading id="feed" />;
  if (display === 'error') {
    return <FeedFailed keys="feed" id="feed" error={state.error} retrying={state.loading} onRetry={retry} />;
  }

  return (
    <div className="feed">
      {waiting && !spinning && <NewItemsTip count={state.newItemsCount} onClick={showNew} />}
      <PullToRefresh onRefresh={refresh}>
        {display === 'empty' ? (
          <FeedEmpty keys="feed" id="feed" icon={<ContentOutline className="feed-state__icon" />} />
        ) : (
          <>
            {spinning && (
              <div className="feed-inserting" role="status" aria-label={t('feed.inserting')}>
                <SpinLoading color="primary" style={{ '--size': '20px' }} />
              </div>
            )}
            {display === 'searching' && <FeedSearching keys="feed" id="feed" />}
            <div className="feed-list" data-testid="feed-list">
              {chunks.map((chunk) => (
                <div key={chunk.id} className="feed-chunk">
                  {chunk.items.map((post) => (
                    <PostCard key={post.id} post={post} />
                  ))}
                </div>
              ))}
            </div>
            <PagedScroll
              loadMore={() => feeds.loadMore(query)}
              hasMore={state.more === 1}
              look="footer"
              keys="feed"
              testIds={{ failed: 'feed-error', retry: 'feed-retry', end: 'feed-end' }}
            />
          </>
        )}
      </PullToRefresh>
    </div>
  );
}
