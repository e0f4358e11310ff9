import { PullToRefresh } from 'antd-mobile';
import { BellOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { AlertEvents } from '../alerts/AlertEvents';
import { PagedScroll } from '../query/PagedScroll';
import { toastError } from '../toast';
import { FeedEmpty, FeedFailed, FeedLoading, FeedSearching } from '../feed/FeedStates';
import { NotificationCard } from './NotificationCard';
import { notificationDisplay } from './notificationState';
import { useNotifications } from './useNotifications';
import '../feed/feed.css';

/** The home body of a notification view: its items newest first, infinite scroll, pull to refresh. */
export default function NotificationView({ viewId }: { viewId: string }) {
  const { t } = useTranslation();
  const { state, loading, reload, retry, loadMore } = useNotifications(viewId);
  const display = notificationDisplay(state, loading);

  if (display === 'spinner') return <FeedLoading id="notification" />;
  if (display === 'error') {
    const again = () => void retry().catch(() => undefined);
    return <FeedFailed keys="notify" id="notification" error={state.error} onRetry={again} />;
  }

  const refresh = () => reload().catch((error: unknown) => toastError(error, t('notify.loadFailed')));
  return (
    <div className="feed" data-testid="notification-view" data-view-id={viewId}>
      <PullToRefresh onRefresh={refresh}>
        {/* Opinion alerts of every opinion view of the user, above the view's matches. */}
        <AlertEvents />
        {display === 'empty' ? (
          <FeedEmpty keys="notify" id="notification" icon={<BellOutline className="feed-state__icon" />} />
        ) : (
          <>
            {display === 'searching' && <FeedSearching keys="notify" id="notification" />}
            <div data-testid="notification-list">
              {state.list.map((item) => (
                <NotificationCard key={item.id} item={item} />
              ))}
            </div>
            <PagedScroll
              loadMore={loadMore}
              hasMore={state.more === 1}
              look="footer"
              keys="notify"
              testIds={{ end: 'notification-end' }}
            />
          </>
        )}
      </PullToRefresh>
    </div>
  );
}
