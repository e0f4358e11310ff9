import { LOADING_SPINNER_SIZE_PX } from '@kolscope/contract';
import { PullToRefresh, SpinLoading } from 'antd-mobile';
import { BellOutline, ExclamationCircleOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedScroll } from '../query/PagedScroll';
import { toastError } from '../toast';
import { NotificationCard } from './NotificationCard';
import { notificationDisplay } from './notificationState';
import { useNotifications } from './useNotifications';
import '../feed/feed.css';
import { RetryButton } from '../RetryButton';

function Centered({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <div className="feed-state" data-testid={testId}>
      {children}
    </div>
  );
}

/** The home body of a notification view: its items newest first, infinite scroll, pull to refresh. */
export default function NotificationView({ viewId }: { viewId: string }) {
  const { t } = useTranslation();
  const { state, loading, reload, retry, loadMore } = useNotifications(viewId);
  const display = notificationDisplay(state, loading);

  if (display === 'spinner') {
    return (
      <Centered testId="notification-loading">
        <SpinLoading color="primary" style={{ '--size': `${LOADING_SPINNER_SIZE_PX}px` }} />
      </Centered>
    );
  }
  if (display === 'error') {
    return (
      <Centered testId="notification-error">
        <ExclamationCircleOutline className="feed-state__icon" />
        <div className="feed-state__title">{t('notify.loadFailed')}</div>
        {state.error !== t('notify.loadFailed') && <div className="feed-state__body">{state.error}</div>}
        <RetryButton testId="notification-retry" onClick={() => void retry().catch(() => undefined)}>
          {t('notify.retry')}
        </RetryButton>
      </Centered>
    );
  }

  const refresh = () => reload().catch((error: unknown) => toastError(error, t('notify.loadFailed')));
  return (
    <div className="feed" data-testid="notification-view" data-view-id={viewId}>
      <PullToRefresh onRefresh={refresh}>
        {display === 'empty' ? (
          <Centered testId="notification-empty">
            <BellOutline className="feed-state__icon" />
            <div className="feed-state__title">{t('notify.emptyTitle')}</div>
            <div className="feed-state__body">{t('notify.emptyBody')}</div>
          </Centered>
        ) : (
          <>
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
