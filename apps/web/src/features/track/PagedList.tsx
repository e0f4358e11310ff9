import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedScroll } from '../query/PagedScroll';
import { FailedState, LoadingState } from '../LoadState';

interface Props {
  /** Prefix of the test ids: `<id>-loading`, `-error`, `-empty`, `-retry`, `-end`. */
  id: string;
  list: {
    loading: boolean;
    error: string | null;
    items: unknown[];
    more: boolean;
    loadMore: () => Promise<void>;
    retry: () => void;
  };
  emptyText: string;
  children: ReactNode;
}

/** A paged list's states around its rows: first load, failure with retry, empty, and the infinite scroll. */
export function PagedList({ id, list, emptyText, children }: Props) {
  const { t } = useTranslation();
  if (list.loading) {
    return <LoadingState className="track-list__state" testId={`${id}-loading`} />;
  }
  if (list.error) {
    return <FailedState className="track-list__state" testId={`${id}-error`} load={list} />;
  }
  if (list.items.length === 0) {
    return (
      <p className="track-list__state" data-testid={`${id}-empty`}>
        {emptyText}
      </p>
    );
  }
  return (
    <>
      {children}
      <PagedScroll
        loadMore={list.loadMore}
        hasMore={list.more}
        look="compact"
        text={{ failed: t('kol.detail.loadFailed'), retry: t('kol.detail.retry'), end: t('kol.detail.noMore') }}
        testIds={{ retry: `${id}-retry`, end: `${id}-end` }}
      />
    </>
  );
}
