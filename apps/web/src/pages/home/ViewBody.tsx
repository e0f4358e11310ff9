import type { ViewListItem } from '@kolscope/contract';
import { lazy, Suspense } from 'react';
import { GroupSubList } from './GroupSubList';
import { LoadingState } from '../../features/LoadState';

// The feed (infinite scroll, pull to refresh, image viewer, post cards) is its own chunk, so the
// first load stays small; Home starts fetching it as soon as a signed-in user arrives.
const loadFeed = () => import('../../features/feed/Feed');
const Feed = lazy(loadFeed);
export function preloadFeed(): void {
  void loadFeed();
}
// The report view (chart, stat cards, related posts) is a chunk of its own too.
const ReportView = lazy(() => import('../../features/report/ReportView'));
// The rank view (ranking_list views and the Hot Coins tab) as well.
const RankView = lazy(() => import('../../features/ranking/RankView'));
// And the notification view.
const NotificationView = lazy(() => import('../../features/notifications/NotificationView'));
// And the mindshare view (issue 33 §2).
const MindshareView = lazy(() => import('../../features/mindshare/MindshareView'));

function Spinner() {
  return <LoadingState className="home-body-spinner" testId="feed-loading" />;
}

/** The body of the selected tab, by viewType (spec section 2, Home). */
export function ViewBody({ group, selected }: { group: ViewListItem; selected: string }) {
  if (group.viewType === 'coin_opinion' || group.viewType === 'event_opinion') {
    return <GroupSubList group={group} selected={selected === group.viewId ? null : selected} />;
  }
  return <Suspense fallback={<Spinner />}>{lazyBody(group)}</Suspense>;
}

/** The lazily loaded body of a view that is not a group of sub-views. */
function lazyBody(group: ViewListItem) {
  switch (group.viewType) {
    case 'content_feed':
      return <Feed key={group.viewId} viewId={group.viewId} />;
    case 'analytics_report':
      return <ReportView key={group.viewId} viewId={group.viewId} viewType={group.viewType} />;
    case 'ranking_list':
    case 'hot_coins':
      return <RankView key={group.viewId} viewId={group.viewId} />;
    case 'notification':
      return <NotificationView key={group.viewId} viewId={group.viewId} />;
    case 'mindshare':
      return <MindshareView key={group.viewId} viewId={group.viewId} />;
  }
}
