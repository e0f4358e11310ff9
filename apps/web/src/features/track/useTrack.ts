/** The track record calls (packages/contract/src/kol.ts) as paged lists for the profile and leaderboard. */
import {
  type HorizonStats,
  kolCalls,
  type LeaderboardRow,
  type Post,
  type Response,
  type TrackCall,
  type TrackHorizon,
} from '@kolscope/contract';
import { useCallback, useEffect, useState } from 'react';
import { api, errorMessage } from '../../api';
import { usePagedQuery } from '../query/usePagedQuery';
import { appendPage, emptyList, type ListState } from './paging';

export type KolProfile = Response<typeof kolCalls.profile>;

/** The profile header; `retry` loads it again after a failure. */
export function useKolProfile(twitterUserId: string, failedText: string) {
  const [state, setState] = useState<{ data: KolProfile | null; error: string | null }>({ data: null, error: null });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger.
  useEffect(() => {
    let live = true;
    setState({ data: null, error: null });
    api(kolCalls.profile, { twitterUserId }).then(
      (data) => live && setState({ data, error: null }),
      (error: unknown) => live && setState({ data: null, error: errorMessage(error, failedText) }),
    );
    return () => {
      live = false;
    };
  }, [twitterUserId, failedText, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, loading: !state.data && !state.error, retry };
}

export interface TrackState {
  totalCalls: number;
  /** Bullish or bearish posts left out of the record as unsure. */
  unsure: number;
  stats: HorizonStats | null;
  calls: ListState<TrackCall>;
}

const NO_TRACK: TrackState = { totalCalls: 0, unsure: 0, stats: null, calls: emptyList() };
const callKey = (c: TrackCall) => `${c.postId}|${c.coin}`;

/** The record at one horizon (stats from the first page) and the calls, newest first. */
export function useTrackRecord(twitterUserId: string, horizon: TrackHorizon, failedText: string) {
  const q = usePagedQuery(`${twitterUserId}|${horizon}|${failedText}`, {
    fetchPage: (nextCb) => api(kolCalls.trackRecord, { twitterUserId, horizon, nextCb }),
    empty: () => NO_TRACK,
    first: (page) => ({
      totalCalls: page.totalCalls,
      unsure: page.unsure,
      stats: page.stats,
      calls: appendPage(emptyList<TrackCall>(), page, callKey),
    }),
    append: (s, page) => ({ ...s, calls: appendPage(s.calls, page, callKey) }),
    next: (s) => (s.calls.more ? s.calls.nextCb : null),
    messageOf: (error) => errorMessage(error, failedText),
  });
  return { ...q.data, loading: q.loading, error: q.error, loadMore: q.loadMore, retry: q.retry };
}

/** The account's latest posts (the feed's card). */
export function useKolPosts(twitterUserId: string, failedText: string) {
  const q = usePagedQuery(`${twitterUserId}|${failedText}`, {
    fetchPage: (nextCb) => api(kolCalls.posts, { twitterUserId, nextCb }),
    empty: () => emptyList<Post>(),
    first: (page) => appendPage(emptyList<Post>(), page, (p) => p.id),
    append: (s, page) => appendPage(s, page, (p) => p.id),
    next: (s) => (s.more ? s.nextCb : null),
    messageOf: (error) => errorMessage(error, failedText),
  });
  return { ...q.data, loading: q.loading, error: q.error, loadMore: q.loadMore, retry: q.retry };
}

/** A group's members ranked at `horizon`, optionally on one coin. */
export function useLeaderboard(kolGroupId: string, horizon: TrackHorizon, coin: string, failedText: string) {
  const key = (r: LeaderboardRow) => r.user.id;
  const q = usePagedQuery(`${kolGroupId}|${horizon}|${coin}|${failedText}`, {
    fetchPage: (nextCb) => api(kolCalls.leaderboard, { kolGroupId, horizon, coin, nextCb }),
    empty: () => emptyList<LeaderboardRow>(),
    first: (page) => appendPage(emptyList<LeaderboardRow>(), page, key),
    append: (s, page) => appendPage(s, page, key),
    next: (s) => (s.more ? s.nextCb : null),
    messageOf: (error) => errorMessage(error, failedText),
  });
  return { ...q.data, loading: q.loading, error: q.error, loadMore: q.loadMore, retry: q.retry };
}
