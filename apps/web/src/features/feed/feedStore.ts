/**
 * Per-view post state kept for the whole session (switching tabs back shows the list at once),
 * with the loads that feed it. The transitions are the pure functions of feedState.ts; this file
 * only adds the calls, and stays testable by taking the page fetcher as a parameter.
 */
import type { Granularity, ReportPeriod, TradingTrend } from '@kolscope/contract';
import { createStore } from 'zustand/vanilla';
import {
  emptyFeed,
  type FeedPage,
  type FeedState,
  insertPending,
  newestId,
  receiveFailure,
  receiveFirstPage,
  receiveMore,
  receiveNewer,
  startFirstPage,
  startMore,
} from './feedState';

export interface FeedQuery {
  viewId: string;
  /** The report's related-posts tabs filter by trend; '' is every post. */
  tradingTrend?: TradingTrend;
  /** A report's related posts: only those inside its period's window (the buckets it counts). */
  window?: ReportWindowChoice;
}

export interface ReportWindowChoice {
  period: ReportPeriod;
  interval: Granularity;
}

export type FetchPage = (request: {
  viewId: string;
  tradingTrend: TradingTrend;
  nextCb: string;
  newerThan?: string;
  period?: ReportPeriod;
  interval?: Granularity;
}) => Promise<FeedPage>;

export function feedKey({ viewId, tradingTrend = '', window }: FeedQuery): string {
  return window ? `${viewId}|${tradingTrend}|${window.period}|${window.interval}` : `${viewId}|${tradingTrend}`;
}

/** The request's fields every call of a feed shares. */
function asked(query: FeedQuery) {
  return { viewId: query.viewId, tradingTrend: query.tradingTrend ?? '', ...(query.window ?? {}) };
}

export function createFeedStore(fetchPage: FetchPage, messageOf: (error: unknown) => string) {
  const store = createStore<{ feeds: Record<string, FeedState> }>()(() => ({ feeds: {} }));
  // One first-or-more load and one poll per feed at a time; callers share the running one.
  const loads = new Map<string, Promise<void>>();
  const polls = new Map<string, Promise<void>>();

  const get = (key: string): FeedState => store.getState().feeds[key] ?? emptyFeed();
  const update = (key: string, next: (state: FeedState) => FeedState) =>
    store.setState((s) => ({ feeds: { ...s.feeds, [key]: next(s.feeds[key] ?? emptyFeed()) } }));

  function track(map: Map<string, Promise<void>>, key: string, run: Promise<void>): Promise<void> {
    const tracked = run.finally(() => {
      if (map.get(key) === tracked) map.delete(key);
    });
    map.set(key, tracked);
    return tracked;
  }

  /**
   * Fetches a page of the list and hands it to `receive`; a failure is kept on the feed (as a
   * first-page failure when `first`) and rethrown.
   */
  function fetchInto(
    query: FeedQuery,
    requestId: number,
    nextCb: string,
    receive: (state: FeedState, requestId: number, page: FeedPage) => FeedState,
    first: boolean,
  ): Promise<void> {
    const key = feedKey(query);
    const run = fetchPage({ ...asked(query), nextCb }).then(
      (page) => update(key, (s) => receive(s, requestId, page)),
      (error: unknown) => {
        update(key, (s) => receiveFailure(s, requestId, messageOf(error), first));
        throw error;
      },
    );
    return track(loads, key, run);
  }

  /** First page: initial load, retry, pull to refresh. Rejects on failure (the list stays). */
  function loadFirst(query: FeedQuery): Promise<void> {
    const key = feedKey(query);
    update(key, startFirstPage);
    return fetchInto(query, get(key).requestId, '', receiveFirstPage, true);
  }

  /** The next older page; rejects on failure so InfiniteScroll offers its retry. */
  function loadMore(query: FeedQuery): Promise<void> {
    const key = feedKey(query);
    const running = loads.get(key);
    if (running) return running.catch(() => undefined);
    const state = get(key);
    if (state.more !== 1 || !state.loaded) return Promise.resolve();
    update(key, startMore);
    return fetchInto(query, state.requestId, state.nextCb, receiveMore, false);
  }

  /** The silent new-posts check (`newerThan`); its errors are ignored (spec section 8). */
  function pollNewer(query: FeedQuery): Promise<void> {
    const key = feedKey(query);
    const running = polls.get(key);
    if (running) return running;
    const state = get(key);
    if (!state.loaded || loads.has(key)) return Promise.resolve();
    const { requestId } = state;
    const newerThan = newestId(state);
    const run = fetchPage({ ...asked(query), nextCb: '', ...(newerThan ? { newerThan } : {}) }).then(
      (page) => update(key, (s) => receiveNewer(s, requestId, page)),
      () => undefined,
    );
    return track(polls, key, run);
  }

  /** Puts the queued posts on top; after an overflow the first page is reloaded instead. */
  function showPending(query: FeedQuery): Promise<void> {
    const key = feedKey(query);
    if (get(key).pendingOverflow) return loadFirst(query).catch(() => undefined);
    update(key, insertPending);
    return Promise.resolve();
  }

  function reset(): void {
    loads.clear();
    polls.clear();
    store.setState({ feeds: {} });
  }

  return { store, get, loadFirst, loadMore, pollNewer, showPending, reset };
}

export type FeedStore = ReturnType<typeof createFeedStore>;
