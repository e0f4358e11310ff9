import { PENDING_NEW_ITEMS_CAP, type Post } from '@kolscope/contract';
import { describe, expect, it } from 'vitest';
import { makePost } from './fixtures';
import {
  emptyFeed,
  type FeedState,
  feedDisplay,
  insertPending,
  mergeUnique,
  newestId,
  newPostsPaused,
  queueNewItems,
  receiveFailure,
  receiveFirstPage,
  receiveMore,
  receiveNewer,
  startFirstPage,
  startMore,
} from './feedState';

const posts = (...ids: (string | number)[]) => ids.map((id) => makePost(id));
const ids = (list: readonly Post[]) => list.map((p) => p.id);

/** A feed showing posts 10..6, one older page left. */
function loadedFeed(): FeedState {
  const started = startFirstPage(emptyFeed());
  return receiveFirstPage(started, started.requestId, { list: posts(10, 9, 8, 7, 6), more: 1, nextCb: 'c1' });
}

describe('feed state: pages', () => {
  it('merges without duplicates, keeping the first occurrence and the order', () => {
    expect(ids(mergeUnique(posts(3, 2, 1), posts(2, 1, 0, 0)))).toEqual(['3', '2', '1', '0']);
  });

  it('shows a spinner until the first page, then items', () => {
    const started = startFirstPage(emptyFeed());
    expect(started.loading).toBe(true);
    expect(feedDisplay(started)).toBe('spinner');
    const loaded = loadedFeed();
    expect(feedDisplay(loaded)).toBe('items');
    expect(loaded).toMatchObject({ loading: false, loaded: true, more: 1, nextCb: 'c1' });
  });

  it('appends older pages, skipping posts already shown', () => {
    const state = startMore(loadedFeed());
    const next = receiveMore(state, state.requestId, { list: posts(6, 5, 4), more: 0, nextCb: '' });
    expect(ids(next.list)).toEqual(['10', '9', '8', '7', '6', '5', '4']);
    expect(next).toMatchObject({ more: 0, loading: false });
  });

  it('ignores an answer whose request id is no longer current', () => {
    const state = loadedFeed();
    const staleId = state.requestId;
    const refreshed = startFirstPage(state);
    expect(receiveMore(refreshed, staleId, { list: posts(1), more: 0, nextCb: '' })).toBe(refreshed);
    expect(receiveNewer(refreshed, staleId, { list: posts(99), more: 0, nextCb: '' })).toBe(refreshed);
    expect(receiveFirstPage(refreshed, staleId, { list: posts(1), more: 0, nextCb: '' })).toBe(refreshed);
    expect(receiveFailure(refreshed, staleId, 'x', true)).toBe(refreshed);
  });

  it('a failed first page shows the error while empty, keeps the list otherwise', () => {
    const started = startFirstPage(emptyFeed());
    const failed = receiveFailure(started, started.requestId, 'Server busy', true);
    expect(feedDisplay(failed)).toBe('error');
    expect(failed.error).toBe('Server busy');
    const retry = startFirstPage(failed);
    expect(retry.error).toBeNull();
    const refreshFailed = receiveFailure(startFirstPage(loadedFeed()), 2, 'down', true);
    expect(feedDisplay(refreshFailed)).toBe('items');
  });

  it('an empty first page is the empty state', () => {
    const started = startFirstPage(emptyFeed());
    expect(feedDisplay(receiveFirstPage(started, started.requestId, { list: [], more: 0, nextCb: '' }))).toBe('empty');
  });
});

describe('feed state: empty pages that say more', () => {
  it('says it is searching (its footer loading on) while empty pages say more, then shows empty', () => {
    const started = startFirstPage(emptyFeed());
    const first = receiveFirstPage(started, started.requestId, { list: [], more: 1, nextCb: 'c1' });
    expect(feedDisplay(first)).toBe('searching');
    const more = startMore(first);
    const again = receiveMore(more, more.requestId, { list: [], more: 1, nextCb: 'c2' });
    expect(again).toMatchObject({ more: 1, nextCb: 'c2' });
    expect(feedDisplay(again)).toBe('searching');
    const last = startMore(again);
    const found = receiveMore(last, last.requestId, { list: posts(3), more: 0, nextCb: '' });
    expect(ids(found.list)).toEqual(['3']);
    expect(feedDisplay(found)).toBe('items');
    const end = receiveMore(last, last.requestId, { list: [], more: 0, nextCb: '' });
    expect(feedDisplay(end)).toBe('empty');
  });
});

describe('feed state: new items', () => {
  it('queues newer posts with a counter, leaving the list alone', () => {
    const state = loadedFeed();
    const next = receiveNewer(state, state.requestId, { list: posts(12, 11), more: 0, nextCb: '' });
    expect(ids(next.list)).toEqual(ids(state.list));
    expect(ids(next.pendingNewItems)).toEqual(['12', '11']);
    expect(next.newItemsCount).toBe(2);
    expect(newestId(next)).toBe('12');
  });

  it('puts a later batch above the earlier one and drops posts already queued or shown', () => {
    let state = queueNewItems(loadedFeed(), posts(12, 11));
    state = queueNewItems(state, posts(14, 13, 12, 10));
    expect(ids(state.pendingNewItems)).toEqual(['14', '13', '12', '11']);
    expect(state.newItemsCount).toBe(4);
  });

  it('keeps at most 50, the newest, and marks the overflow', () => {
    const batch = Array.from({ length: 60 }, (_, i) => makePost(100 + 60 - i));
    const state = queueNewItems(loadedFeed(), batch);
    expect(state.pendingNewItems).toHaveLength(PENDING_NEW_ITEMS_CAP);
    expect(state.pendingNewItems[0]?.id).toBe('160');
    expect(state.pendingNewItems.at(-1)?.id).toBe('111');
    expect(state.newItemsCount).toBe(50);
    expect(state.pendingOverflow).toBe(true);
  });

  it('marks the overflow when the server says even more are newer', () => {
    const state = loadedFeed();
    expect(receiveNewer(state, state.requestId, { list: posts(11), more: 1, nextCb: '' }).pendingOverflow).toBe(true);
  });

  it('an empty poll changes nothing', () => {
    const state = loadedFeed();
    expect(receiveNewer(state, state.requestId, { list: [], more: 0, nextCb: '' })).toBe(state);
  });

  it('inserts pending posts on top and clears the counter', () => {
    const state = insertPending(queueNewItems(loadedFeed(), posts(12, 11)));
    expect(ids(state.list)).toEqual(['12', '11', '10', '9', '8', '7', '6']);
    expect(state).toMatchObject({ newItemsCount: 0, pendingNewItems: [], pendingOverflow: false, nextCb: 'c1' });
    expect(insertPending(state)).toBe(state);
  });

  it('the new-posts poll waits for the first page, goes on while posts are queued, stops on overflow', () => {
    expect(newPostsPaused(emptyFeed())).toBe(true);
    expect(newPostsPaused(loadedFeed())).toBe(false);
    const waiting = queueNewItems(loadedFeed(), posts(12));
    expect(newPostsPaused(waiting)).toBe(false);
    expect(newestId(waiting)).toBe('12');
    // A later poll adds to the queue: the count grows and a tap inserts every queued post.
    const more = receiveNewer(waiting, waiting.requestId, { list: posts(14, 13), more: 0, nextCb: '' });
    expect(more.newItemsCount).toBe(3);
    expect(ids(insertPending(more).list).slice(0, 3)).toEqual(['14', '13', '12']);
    const overflowed = queueNewItems(loadedFeed(), posts(12), true);
    expect(newPostsPaused(overflowed)).toBe(true);
  });

  it('a poll into an empty feed shows its posts directly, with their cursor', () => {
    const started = startFirstPage(emptyFeed());
    const empty = receiveFirstPage(started, started.requestId, { list: [], more: 0, nextCb: '' });
    const next = receiveNewer(empty, empty.requestId, { list: posts(2, 1), more: 1, nextCb: 'c9' });
    expect(ids(next.list)).toEqual(['2', '1']);
    expect(next).toMatchObject({ more: 1, nextCb: 'c9', newItemsCount: 0 });
  });

  it('a refresh replaces the list and forgets the queue', () => {
    const queued = queueNewItems(loadedFeed(), posts(12, 11));
    const started = startFirstPage(queued);
    const next = receiveFirstPage(started, started.requestId, { list: posts(12, 11, 10), more: 1, nextCb: 'c2' });
    expect(ids(next.list)).toEqual(['12', '11', '10']);
    expect(next).toMatchObject({ newItemsCount: 0, pendingNewItems: [], nextCb: 'c2' });
  });
});
