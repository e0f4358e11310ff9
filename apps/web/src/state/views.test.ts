import type { ViewListItem } from '@kolscope/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from './session';
import {
  currentAfterLoad,
  ensureViews,
  findView,
  reloadViews,
  removeView,
  resetViews,
  setCurrentView,
  viewCreated,
  viewsStore,
  withoutView,
} from './views';

const feed = (viewId: string, fixed = false): ViewListItem => ({
  viewId,
  name: viewId,
  viewType: 'content_feed',
  fixed,
  subs: [],
});
const coinGroup: ViewListItem = {
  viewId: 'coin_opinion',
  name: 'Coin Sentiment',
  viewType: 'coin_opinion',
  fixed: true,
  subs: [{ viewId: 'c1', name: 'BTC', viewType: 'coin_opinion' }],
};
const LIST = [feed('hot', true), feed('all', true), feed('btc'), coinGroup];

function ok(data: unknown) {
  return new Response(JSON.stringify({ ret: 1, data }), { status: 200 });
}

/** A fetch stub answering by path; records the paths called. */
function serve(handlers: Record<string, () => Response | Promise<Response>>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = String(url).replace('/webapi/v1/', '');
      calls.push(path);
      const handler = handlers[path];
      return handler ? handler() : new Response(JSON.stringify({ ret: 404, msg: 'No such call' }), { status: 404 });
    }),
  );
  return calls;
}

const wire = (list: ViewListItem[]) =>
  list.map((v) => ({
    view_id: v.viewId,
    name: v.name,
    view_type: v.viewType,
    fixed: v.fixed,
    subs: v.subs.map((s) => ({ view_id: s.viewId, name: s.name, view_type: s.viewType })),
  }));

beforeEach(() => {
  sessionStore.getState().signIn('u1');
  resetViews();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('views: pure helpers', () => {
  it('finds tab items and sub-views', () => {
    expect(findView(LIST, 'btc')?.group.viewId).toBe('btc');
    const sub = findView(LIST, 'c1');
    expect(sub?.group.viewId).toBe('coin_opinion');
    expect(sub?.viewType).toBe('coin_opinion');
    expect(findView(LIST, 'nope')).toBeNull();
    expect(findView(LIST, null)).toBeNull();
  });

  it('keeps the current view when present, else falls back to the first; null stays null', () => {
    expect(currentAfterLoad(LIST, 'c1')).toBe('c1');
    expect(currentAfterLoad(LIST, 'gone')).toBe('hot');
    expect(currentAfterLoad([], 'gone')).toBeNull();
    expect(currentAfterLoad(LIST, null)).toBeNull();
  });

  it('removes a tab item or a sub-view', () => {
    expect(withoutView(LIST, 'btc').map((v) => v.viewId)).toEqual(['hot', 'all', 'coin_opinion']);
    expect(withoutView(LIST, 'c1').find((v) => v.viewId === 'coin_opinion')?.subs).toEqual([]);
  });
});

describe('views: store', () => {
  it('loads the list, with the loading flag while in flight', async () => {
    serve({ 'view/v2/list': () => ok(wire(LIST)) });
    const pending = reloadViews();
    expect(viewsStore.getState().loading).toBe(true);
    await pending;
    const state = viewsStore.getState();
    expect(state.loading).toBe(false);
    expect(state.loaded).toBe(true);
    expect(state.list.map((v) => v.viewId)).toEqual(['hot', 'all', 'btc', 'coin_opinion']);
    expect(state.list[3]?.subs[0]?.viewId).toBe('c1');
  });

  it('applies only the newest of overlapping loads', async () => {
    let releaseFirst: (r: Response) => void = () => undefined;
    let n = 0;
    serve({
      'view/v2/list': () => {
        n++;
        if (n === 1) return new Promise<Response>((r) => (releaseFirst = r));
        return ok(wire([feed('new')]));
      },
    });
    const first = reloadViews();
    await reloadViews();
    releaseFirst(ok(wire([feed('old')])));
    await first;
    expect(viewsStore.getState().list.map((v) => v.viewId)).toEqual(['new']);
  });

  it('keeps a failure message and the old list', async () => {
    serve({ 'view/v2/list': () => ok(wire(LIST)) });
    await reloadViews();
    serve({ 'view/v2/list': () => new Response(JSON.stringify({ ret: 500, msg: 'Server busy' }), { status: 500 }) });
    await reloadViews();
    expect(viewsStore.getState().error).toBe('Server busy');
    expect(viewsStore.getState().list).toHaveLength(4);
  });

  it('ensureViews loads once and not again while loaded', async () => {
    const calls = serve({ 'view/v2/list': () => ok(wire(LIST)) });
    await Promise.all([ensureViews(), ensureViews()]);
    await ensureViews();
    expect(calls).toEqual(['view/v2/list']);
  });

  it('after create the new view becomes current', async () => {
    serve({ 'view/v2/list': () => ok(wire([...LIST, feed('created')])) });
    await viewCreated('created');
    expect(viewsStore.getState().currentViewId).toBe('created');
  });

  it('deleting the current view clears it; the right delete call per view type', async () => {
    let list = LIST;
    const calls = serve({
      'view/v2/list': () => ok(wire(list)),
      'view/delete': () => ok(null),
      'view/v2/coin_opinion_delete': () => ok(null),
    });
    await reloadViews();
    setCurrentView('btc');
    list = withoutView(LIST, 'btc');
    await removeView('btc');
    expect(viewsStore.getState().currentViewId).toBeNull();
    expect(viewsStore.getState().list.map((v) => v.viewId)).not.toContain('btc');
    setCurrentView('all');
    list = withoutView(list, 'c1');
    await removeView('c1');
    expect(viewsStore.getState().currentViewId).toBe('all');
    expect(calls).toContain('view/delete');
    expect(calls).toContain('view/v2/coin_opinion_delete');
  });

  it('a failed delete rejects and keeps the view', async () => {
    serve({
      'view/v2/list': () => ok(wire(LIST)),
      'view/delete': () => new Response(JSON.stringify({ ret: 404, msg: 'Not found' }), { status: 404 }),
    });
    await reloadViews();
    await expect(removeView('btc')).rejects.toThrow('Not found');
    expect(findView(viewsStore.getState().list, 'btc')).not.toBeNull();
  });

  it('forgets the views when the account changes', async () => {
    serve({ 'view/v2/list': () => ok(wire(LIST)) });
    await reloadViews();
    sessionStore.getState().signIn('u2');
    expect(viewsStore.getState().list).toEqual([]);
    expect(viewsStore.getState().loaded).toBe(false);
  });
});
