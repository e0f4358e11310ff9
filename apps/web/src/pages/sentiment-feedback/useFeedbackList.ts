import { type SentimentFeedbackItem, sentimentFeedbackCalls } from '@kolscope/contract';
import { api, errorMessage } from '../../api';
import { usePagedQuery } from '../../features/query/usePagedQuery';

interface Paged {
  items: SentimentFeedbackItem[];
  more: boolean;
  nextCb: string;
}

const NONE: Paged = { items: [], more: false, nextCb: '' };

/** Adds a page by cursor while `more` is 1; a post already shown (a correction moved it up) is not repeated. */
export function addPage(state: Paged, page: { list: SentimentFeedbackItem[]; more: number; nextCb: string }): Paged {
  const seen = new Set(state.items.map((i) => i.postId));
  return {
    items: [...state.items, ...page.list.filter((i) => !seen.has(i.postId))],
    more: page.more === 1 && page.nextCb !== '',
    nextCb: page.nextCb,
  };
}

/** admin/sentiment_feedback, paged; the tab (disagreements or all) restarts it. */
export function useFeedbackList(disagreementsOnly: boolean, failedText: string) {
  const list = usePagedQuery(`${disagreementsOnly}|${failedText}`, {
    fetchPage: (nextCb) => api(sentimentFeedbackCalls.list, { disagreementsOnly, nextCb }),
    empty: () => NONE,
    first: (page) => addPage(NONE, page),
    append: addPage,
    next: (s) => (s.more ? s.nextCb : null),
    messageOf: (error) => errorMessage(error, failedText),
  });
  return { ...list.data, loading: list.loading, error: list.error, loadMore: list.loadMore, retry: list.retry };
}
