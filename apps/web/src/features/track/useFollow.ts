/** "Follow the group" (packages/contract/src/follow.ts): its figures and curve, and its calls paged. */
import { type FollowCall, followCalls, type Response, type TrackHorizon } from '@kolscope/contract';
import { api, errorMessage } from '../../api';
import { usePagedQuery } from '../query/usePagedQuery';
import { appendPage, emptyList } from './paging';

export type FollowSummary = Response<typeof followCalls.follow>;

/** The figures and curve: one answer (a paged query of one page, for its loading and retry). */
export function useFollowSummary(kolGroupId: string, horizon: TrackHorizon, failedText: string) {
  const q = usePagedQuery(`${kolGroupId}|${horizon}|${failedText}`, {
    fetchPage: () => api(followCalls.follow, { kolGroupId, horizon }),
    empty: (): FollowSummary | null => null,
    first: (data) => data,
    append: (s) => s,
    next: () => null,
    messageOf: (error) => errorMessage(error, failedText),
  });
  return { data: q.data, loading: q.loading, error: q.error, retry: q.retry };
}

/** The calls behind the curve, newest first. */
export function useFollowCalls(kolGroupId: string, horizon: TrackHorizon, failedText: string) {
  const key = (c: FollowCall) => `${c.postId}|${c.coin}`;
  const q = usePagedQuery(`${kolGroupId}|${horizon}|${failedText}`, {
    fetchPage: (nextCb) => api(followCalls.calls, { kolGroupId, horizon, nextCb }),
    empty: () => emptyList<FollowCall>(),
    first: (page) => appendPage(emptyList<FollowCall>(), page, key),
    append: (s, page) => appendPage(s, page, key),
    next: (s) => (s.more ? s.nextCb : null),
    messageOf: (error) => errorMessage(error, failedText),
  });
  return { ...q.data, loading: q.loading, error: q.error, loadMore: q.loadMore, retry: q.retry };
}
