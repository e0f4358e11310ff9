/**
 * The per-view post state of spec section 3 and its transitions (section 4, "Post loading"),
 * as pure functions: state in, state out, no I/O. The store (feedStore.ts) wires them to the API.
 *
 * Request ids: every first-page load (initial, retry, pull to refresh, reload after an overflow)
 * takes a new id; "load more" and the new-posts poll carry the id current when they started.
 * An answer whose id is no longer current belongs to a list that has since been replaced and is
 * dropped, which is what the spec means by "a response whose request id no longer matches".
 */
import { PENDING_NEW_ITEMS_CAP, type Post } from '@kolscope/contract';

export interface FeedPage {
  list: Post[];
  more: 0 | 1;
  nextCb: string;
}

export interface FeedState {
  list: Post[];
  /** 1 while older pages exist. */
  more: 0 | 1;
  /** Cursor of the next older page. */
  nextCb: string;
  /** A first page or an older page is being fetched. */
  loading: boolean;
  /** The first page has arrived at least once (so an empty list means "no posts"). */
  loaded: boolean;
  /** Why the first page failed; shown with a retry while the list is empty. */
  error: string | null;
  /** Shown on the new-items tip. */
  newItemsCount: number;
  /** Newer posts waiting above the list, newest first, at most PENDING_NEW_ITEMS_CAP. */
  pendingNewItems: Post[];
  /**
   * More new posts arrived than the queue keeps: inserting the queue would leave a hole between
   * it and the list, so the tip reloads the first page instead.
   */
  pendingOverflow: boolean;
  requestId: number;
}

export function emptyFeed(): FeedState {
  return {
    list: [],
    more: 0,
    nextCb: '',
    loading: false,
    loaded: false,
    error: null,
    newItemsCount: 0,
    pendingNewItems: [],
    pendingOverflow: false,
    requestId: 0,
  };
}

/** `head` then the items of `tail` not already in `head`; order kept, no duplicates. */
export function mergeUnique(head: readonly Post[], tail: readonly Post[]): Post[] {
  const seen = new Set<string>();
  const out: Post[] = [];
  for (const post of [...head, ...tail]) {
    if (seen.has(post.id)) continue;
    seen.add(post.id);
    out.push(post);
  }
  return out;
}

/** The id the next poll asks for posts newer than: the newest post queued or shown. */
export function newestId(state: FeedState): string | undefined {
  return state.pendingNewItems[0]?.id ?? state.list[0]?.id;
}

/** A first-page load starts: a new request id, so every older answer becomes stale. */
export function startFirstPage(state: FeedState): FeedState {
  return { ...state, loading: true, error: null, requestId: state.requestId + 1 };
}

/** The first page replaces the list; anything queued is part of it now. */
export function receiveFirstPage(state: FeedState, requestId: number, page: FeedPage): FeedState {
  if (requestId !== state.requestId) return state;
  return {
    ...state,
    list: mergeUnique(page.list, []),
    more: page.more,
    nextCb: page.nextCb,
    loading: false,
    loaded: true,
    error: null,
    newItemsCount: 0,
    pendingNewItems: [],
    pendingOverflow: false,
  };
}

export function startMore(state: FeedState): FeedState {
  return { ...state, loading: true };
}

/** Load more appends the older page, skipping posts already shown (new posts shift pages). */
export function receiveMore(state: FeedState, requestId: number, page: FeedPage): FeedState {
  if (requestId !== state.requestId) return state;
  return { ...state, list: mergeUnique(state.list, page.list), more: page.more, nextCb: page.nextCb, loading: false };
}

/** A failed first page keeps what is shown and records why; a failed older page only stops loading. */
export function receiveFailure(state: FeedState, requestId: number, message: string, firstPage: boolean): FeedState {
  if (requestId !== state.requestId) return state;
  return firstPage ? { ...state, loading: false, error: message } : { ...state, loading: false };
}

/**
 * Queues newer posts above the list (spec: "queues into pending items, at most 50 kept").
 * The newest are kept; dropping any marks the queue as overflowed.
 */
export function queueNewItems(state: FeedState, newer: readonly Post[], serverHasMore = false): FeedState {
  const shown = new Set(state.list.map((p) => p.id));
  const fresh = newer.filter((p) => !shown.has(p.id));
  if (fresh.length === 0 && !serverHasMore) return state;
  const merged = mergeUnique(fresh, state.pendingNewItems);
  const kept = merged.slice(0, PENDING_NEW_ITEMS_CAP);
  return {
    ...state,
    pendingNewItems: kept,
    newItemsCount: kept.length,
    pendingOverflow: state.pendingOverflow || serverHasMore || merged.length > kept.length,
  };
}

/** The answer of a new-posts poll: queued (the tip shows) unless the list is empty, then shown. */
export function receiveNewer(state: FeedState, requestId: number, page: FeedPage): FeedState {
  if (requestId !== state.requestId) return state;
  if (state.list.length === 0) {
    // Nothing shown, so no reader's place to keep; the poll asked without `newerThan`, so this
    // is the first page and its cursor is valid.
    return { ...state, list: mergeUnique(page.list, []), more: page.more, nextCb: page.nextCb, loaded: true };
  }
  return queueNewItems(state, page.list, page.more === 1);
}

/** The user taps the tip or scrolls to the top: pending posts go above the list. */
export function insertPending(state: FeedState): FeedState {
  if (state.pendingNewItems.length === 0) return state;
  return {
    ...state,
    list: mergeUnique(state.pendingNewItems, state.list),
    pendingNewItems: [],
    newItemsCount: 0,
    pendingOverflow: false,
  };
}

/**
 * The new-posts poll waits for the first page. While posts wait in the queue it goes on asking for
 * what is newer than the newest queued one (newestId), so the tip's count stays true and a tap
 * inserts all of them (issue 29: a paused poll left "1 new" for minutes); the list itself stays
 * as the reader left it, which is what the spec's pause protects. Once the queue has overflowed a
 * tap reloads the first page anyway, so asking further would only cost requests.
 */
export function newPostsPaused(state: FeedState): boolean {
  return !state.loaded || state.pendingOverflow;
}

/** What the body shows (spec section 4, "Feed display"). */
export type FeedDisplay = 'spinner' | 'error' | 'empty' | 'searching' | 'items';

export function feedDisplay(state: FeedState): FeedDisplay {
  if (state.list.length > 0) return 'items';
  if (state.error !== null) return 'error';
  if (!state.loaded) return 'spinner';
  // A view whose keywords match rarely may answer an empty page that says more (the server looks
  // at a bounded number of posts a page): the list's footer stays and keeps loading, under a line
  // saying the search goes on.
  if (state.more === 1) return 'searching';
  return 'empty';
}
