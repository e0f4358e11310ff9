import { describe, expect, it, vi } from 'vitest';
import type { FeedPage } from './feedState';
import { makePost } from './fixtures';
import { createFeedStore, type FetchPage } from './feedStore';

const page = (ids: number[], more: 0 | 1 = 0, nextCb = ''): FeedPage => ({
  list: ids.map((id) => makePost(id)),
  more,
  nextCb,
});

/** A fetcher whose answers the test releases one by one, in any order. */
function controlledFetch() {
  const calls: { request: Parameters<FetchPage>[0]; resolve: (p: FeedPage) => void; reject: (e: unknown) => void }[] =
    [];
  const fetchPage: FetchPage = (request) =>
    new Promise<FeedPage>((resolve, reject) => {
      calls.push({ request, resolve, reject });
    });
  return { calls, fetchPage };
}

const Q = { viewId: 'v1' };
const ids = (store: ReturnType<typeof createFeedStore>) => store.get('v1|').list.map((p) => p.id);

/** A store showing posts 3 and 2, its load of the older page (cursor c1) sent and unanswered. */
async function loadingMore() {
  const { calls, fetchPage } = controlledFetch();
  const feeds = createFeedStore(fetchPage, () => 'failed');
  const first = feeds.loadFirst(Q);
  calls[0]?.resolve(page([3, 2], 1, 'c1'));
  await first;
  return { calls, feeds, more: feeds.loadMore(Q) };
}

describe('feed store', () => {
  it('loads the first page, then older pages by cursor', async () => {
    const { calls, feeds, more } = await loadingMore();
    expect(calls[1]?.request).toMatchObject({ viewId: 'v1', nextCb: 'c1', tradingTrend: '' });
    calls[1]?.resolve(page([2, 1], 0));
    await more;
    expect(ids(feeds)).toEqual(['3', '2', '1']);
    await feeds.loadMore(Q);
    expect(calls).toHaveLength(2);
  });

  it('drops a slow answer of a load more when a refresh replaced the list', async () => {
    const { calls, feeds, more } = await loadingMore();
    const refresh = feeds.loadFirst(Q);
    calls[2]?.resolve(page([5, 4, 3], 1, 'c2'));
    await refresh;
    calls[1]?.resolve(page([1, 0], 0));
    await more;
    expect(ids(feeds)).toEqual(['5', '4', '3']);
    expect(feeds.get('v1|').nextCb).toBe('c2');
  });

  it('polls with newerThan, queues, and shows the queue on request', async () => {
    const { calls, fetchPage } = controlledFetch();
    const feeds = createFeedStore(fetchPage, () => 'failed');
    const first = feeds.loadFirst(Q);
    calls[0]?.resolve(page([3, 2]));
    await first;
    const poll = feeds.pollNewer(Q);
    expect(feeds.pollNewer(Q)).toBe(poll);
    expect(calls[1]?.request.newerThan).toBe('3');
    calls[1]?.resolve(page([5, 4]));
    await poll;
    expect(feeds.get('v1|').newItemsCount).toBe(2);
    const next = feeds.pollNewer(Q);
    expect(calls[2]?.request.newerThan).toBe('5');
    calls[2]?.resolve(page([]));
    await next;
    await feeds.showPending(Q);
    expect(ids(feeds)).toEqual(['5', '4', '3', '2']);
  });

  it('ignores poll failures; a first-page failure is kept and rethrown', async () => {
    const { calls, fetchPage } = controlledFetch();
    const feeds = createFeedStore(fetchPage, (e) => String((e as Error).message));
    const first = feeds.loadFirst(Q);
    calls[0]?.reject(new Error('Server busy'));
    await expect(first).rejects.toThrow('Server busy');
    expect(feeds.get('v1|').error).toBe('Server busy');
    const retry = feeds.loadFirst(Q);
    calls[1]?.resolve(page([1]));
    await retry;
    const poll = feeds.pollNewer(Q);
    calls[2]?.reject(new Error('down'));
    await expect(poll).resolves.toBeUndefined();
    expect(ids(feeds)).toEqual(['1']);
  });

  it('after an overflow, showing the queue reloads the first page', async () => {
    const fetchPage = vi.fn<FetchPage>(async (r) => (r.newerThan ? page([9, 8], 1) : page([9, 8, 7, 1])));
    const feeds = createFeedStore(fetchPage, () => 'failed');
    await feeds.loadFirst(Q);
    fetchPage.mockImplementationOnce(async () => page([1]));
    await feeds.loadFirst(Q);
    await feeds.pollNewer(Q);
    expect(feeds.get('v1|').pendingOverflow).toBe(true);
    await feeds.showPending(Q);
    expect(ids(feeds)).toEqual(['9', '8', '7', '1']);
    expect(feeds.get('v1|').newItemsCount).toBe(0);
  });

  it('keeps feeds apart by view and trend', async () => {
    const fetchPage = vi.fn<FetchPage>(async (r) => page(r.tradingTrend === 'bullish' ? [2] : [1]));
    const feeds = createFeedStore(fetchPage, () => 'failed');
    await feeds.loadFirst(Q);
    await feeds.loadFirst({ viewId: 'v1', tradingTrend: 'bullish' });
    expect(feeds.get('v1|').list[0]?.id).toBe('1');
    expect(feeds.get('v1|bullish').list[0]?.id).toBe('2');
    feeds.reset();
    expect(feeds.get('v1|').loaded).toBe(false);
  });
});
