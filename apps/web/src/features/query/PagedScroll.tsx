import { Button, DotLoading, InfiniteScroll } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

interface Common {
  /** Rejects on failure: the footer then offers its retry. */
  loadMore: () => Promise<void>;
  hasMore: boolean;
  testIds?: { failed?: string; retry?: string; end?: string };
}

/**
 * 'footer' (the home feeds: posts, notifications): a line of text under the list (feed.css
 * `feed-footer`), worded by the i18n keys `<keys>.loadMoreFailed`, `.retry`, `.loadingMore`, `.noMore`;
 * 'compact' (lists on a page of their own, pickers): a retry button, dots, the end text.
 */
export type PagedScrollProps = Common &
  (
    | { look: 'footer'; keys: 'feed' | 'notify' }
    | { look: 'compact'; text: { failed: string; retry: string; end: string } }
  );

/** The bottom of a paged list: loads more on scroll, and says loading, failed (with retry) or the end. */
export function PagedScroll(props: PagedScrollProps) {
  const { t } = useTranslation();
  const { loadMore, hasMore, testIds = {} } = props;
  const text =
    props.look === 'compact'
      ? props.text
      : {
          failed: t(`${props.keys}.loadMoreFailed`),
          retry: t(`${props.keys}.retry`),
          loading: t(`${props.keys}.loadingMore`),
          end: t(`${props.keys}.noMore`),
        };
  return (
    <InfiniteScroll loadMore={loadMore} hasMore={hasMore}>
      {(more, failed, retry) => {
        if (props.look === 'compact') {
          if (failed) {
            return (
              <Button size="mini" fill="none" color="primary" data-testid={testIds.retry} onClick={retry}>
                {text.failed} · {text.retry}
              </Button>
            );
          }
          return more ? <DotLoading /> : <span data-testid={testIds.end}>{text.end}</span>;
        }
        if (failed) {
          return (
            <span className="feed-footer" data-testid={testIds.failed} data-kind="more">
              {text.failed}{' '}
              <button type="button" className="ks-link" data-testid={testIds.retry} onClick={retry}>
                {text.retry}
              </button>
            </span>
          );
        }
        if (more) {
          return (
            <span className="feed-footer">
              {'loading' in text && text.loading}
              <DotLoading />
            </span>
          );
        }
        return (
          <span className="feed-footer" data-testid={testIds.end}>
            {text.end}
          </span>
        );
      }}
    </InfiniteScroll>
  );
}

/** What the footer of a compact paged list reads of it (the paged hooks return it). */
export interface PagedListState {
  loading: boolean;
  error: string | null;
  items: readonly unknown[];
  more: boolean;
  loadMore: () => Promise<void>;
}

/**
 * The compact footer of a paged list on a page of its own or in a picker, shown once a first
 * page brought rows (the list's own states say loading, failed and empty before that).
 */
export function PagedListFooter({
  list,
  text,
  testIds,
}: {
  list: PagedListState;
  text: { failed: string; retry: string; end: string };
  testIds?: Common['testIds'];
}) {
  if (list.loading || list.error || list.items.length === 0) return null;
  return <PagedScroll loadMore={list.loadMore} hasMore={list.more} look="compact" text={text} testIds={testIds} />;
}
