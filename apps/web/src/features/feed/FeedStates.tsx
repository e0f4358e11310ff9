/**
 * The full-size states of a home body that pages (a view's posts, a notification view's items),
 * worded by the i18n keys `<keys>.loadFailed`, `.retry`, `.emptyTitle` and `.emptyBody`, with the
 * test ids `<id>-loading`, `-error`, `-retry` and `-empty`.
 */
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../LoadState';
import { RetryButton } from '../RetryButton';
import './feed.css';

/** Whose words: the posts' (`feed.*`) or the notifications' (`notify.*`). */
type Keys = 'feed' | 'notify';

function Centered({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <div className="feed-state" data-testid={testId}>
      {children}
    </div>
  );
}

export function FeedLoading({ id }: { id: string }) {
  return <LoadingState className="feed-state" testId={`${id}-loading`} />;
}

/** The first page failed: the title, the server's own text when it says more, and a retry. */
export function FeedFailed({
  keys,
  id,
  error,
  retrying,
  onRetry,
}: {
  keys: Keys;
  id: string;
  error: string | null;
  /** The retry is running (the button spins meanwhile); left out, the button never spins. */
  retrying?: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const title = t(`${keys}.loadFailed`);
  return (
    <Centered testId={`${id}-error`}>
      <ExclamationCircleOutline className="feed-state__icon" />
      <div className="feed-state__title">{title}</div>
      {error && error !== title && <div className="feed-state__body">{error}</div>}
      <RetryButton loading={retrying} testId={`${id}-retry`} onClick={onRetry}>
        {t(`${keys}.retry`)}
      </RetryButton>
    </Centered>
  );
}

export function FeedEmpty({ keys, id, icon }: { keys: Keys; id: string; icon: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Centered testId={`${id}-empty`}>
      {icon}
      <div className="feed-state__title">{t(`${keys}.emptyTitle`)}</div>
      <div className="feed-state__body">{t(`${keys}.emptyBody`)}</div>
    </Centered>
  );
}

/**
 * Nothing found yet, and the server says there is more to look through (a rare keyword: each page
 * looks at a bounded number of posts). Shown above the footer that keeps loading, so the reader
 * knows the search goes on rather than watching a bare "Loading" (issue 29).
 */
export function FeedSearching({ keys, id }: { keys: Keys; id: string }) {
  const { t } = useTranslation();
  return (
    <div className="feed-searching" role="status" data-testid={`${id}-searching`}>
      {t(`${keys}.searching`)}
    </div>
  );
}
