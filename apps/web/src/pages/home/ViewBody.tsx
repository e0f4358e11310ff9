import { LOADING_SPINNER_SIZE_PX, type ViewListItem } from '@kolscope/contract';
import { SpinLoading } from 'antd-mobile';
import { lazy, Suspense } from 'react';
import { GroupSubList } from './GroupSubList';

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

function Spinner() {
  return (
    <div className="home-body-spinner" data-testid="feed-loading">
      <SpinLoading color="primary" style={{ '--size': `${LOADING_SPINNER_SIZE_PX}px` }} />
    </div>
  );
}

/** The body of the selected tab, by viewType (spec section 2, Home). */
export function ViewBody({ group, selected }: { group: ViewListItem; selected: string }) {
  switch (group.viewType) {
    case 'content_feed':
      return (
        <Suspense fallback={<Spinner />}>
          <Feed key={group.viewId} viewId={group.viewId} />
        </Suspense>
      );
    case 'analytics_report':
      return (
        <Suspense fallback={<Spinner />}>
          <ReportView key={group.viewId} viewId={group.viewId} viewType={group.viewType} />
        </Suspense>
      );
    case 'ranking_list':
    case 'hot_coins':
      return (
        <Suspense fallback={<Spinner />}>
          <RankView key={group.viewId} viewId={group.viewId} />
        </Suspense>
      );
    case 'notification':
      return (
        <Suspense fallback={<Spinner />}>
          <NotificationView key={group.viewId} viewId={group.viewId} />
        </Suspense>
      );
    case 'coin_opinion':
    case 'event_opinion':
      return <GroupSubList group={group} selected={selected === group.viewId ? null : selected} />;
  }
}
