import { describe, expect, it } from 'vitest';
import { createPagedQuery, type PagedSteps } from './pagedQuery';

interface Page {
  list: string[];
  more: 0 | 1;
  nextCb: string;
}
interface List {
  items: string[];
  nextCb: string;
  more: boolean;
}

/** A paged list whose answers the test releases one by one, in any order. */
function controlled(withMerge = true) {
  const firstPages: string[][] = [];
  const calls: { cursor: string; resolve: (p: Page) => void; reject: (e: unknown) => void }[] = [];
  const steps: PagedSteps<List, Page> = {
    fetchPage: (cursor) => new Promise((resolve, reject) => calls.push({ cursor, resolve, reject })),
    empty: () => ({ items: [], nextCb: '', more: false }),
    first: (p) => ({ items: p.list, nextCb: p.nextCb, more: p.more === 1 }),
    append: (s, p) => ({ items: [...s.items, ...p.list], nextCb: p.nextCb, more: p.more === 1 }),
    next: (s) => (s.more ? s.nextCb : null),
    onFirstPage: (p) => firstPages.push(p.list),
    ...(withMerge
      ? { merge: (s: List, p: Page) => ({ ...s, items: [...p.list.filter((i) => !s.items.includes(i)), ...s.items] }) }
      : {}),
    messageOf: (error) => `failed: ${String(error)}`,
  };
  return { calls, firstPages, query: createPagedQuery(() => steps) };
}

const page = (list: string[], more: 0 | 1 = 0, nextCb = ''): Page => ({ list, more, nextCb });

describe('paged query', () => {
  it('loads the first page, then more by cursor until there is none', async () => {
    const { calls, query } = controlled();
    expect(query.get()).toMatchObject({ loading: true, loaded: false });
    const first = query.load({ clear: true });
    calls[0]?.resolve(page(['a', 'b'], 1, 'c1'));
    await first;
    expect(query.get()).toMatchObject({ loading: false, loaded: true, error: null });
    const more = query.loadMore();
    expect(calls[1]?.cursor).toBe('c1');
    calls[1]?.resolve(page(['c']));
    await more;
    expect(query.get().data.items).toEqual(['a', 'b', 'c']);
    await query.loadMore();
    expect(calls).toHaveLength(2);
  });

  it('drops the answers of an earlier generation: a first page, a page more, a refresh', async () => {
    const { calls, firstPages, query } = controlled();
    const first = query.load({ clear: true });
    calls[0]?.resolve(page(['a'], 1, 'c1'));
    await first;
    const more = query.loadMore();
    const refresh = query.refresh();
    const old = query.load({ clear: true }).catch(() => undefined);
    const newest = query.load({ clear: true });
    calls[4]?.resolve(page(['x']));
    await newest;
    calls[1]?.resolve(page(['b']));
    calls[2]?.resolve(page(['new']));
    calls[3]?.reject(new Error('late'));
    await Promise.all([more, refresh, old]);
    expect(query.get()).toMatchObject({ data: { items: ['x'] }, error: null, loading: false });
    expect(firstPages).toEqual([['a'], ['x']]);
  });

  it('a failed first page shows its message and rejects; a reload keeps the list until it answers', async () => {
    const { calls, query } = controlled();
    const first = query.load({ clear: true });
    calls[0]?.reject('down');
    await expect(first).rejects.toBe('down');
    expect(query.get()).toMatchObject({ loading: false, loaded: false, error: 'failed: down' });
    const retry = query.load({ clear: true });
    calls[1]?.resolve(page(['a']));
    await retry;
    const reload = query.load();
    expect(query.get()).toMatchObject({ loading: true, data: { items: ['a'] } });
    calls[2]?.reject('down');
    await expect(reload).rejects.toBe('down');
    expect(query.get()).toMatchObject({ loaded: true, data: { items: ['a'] } });
  });

  it('a silent refresh waits for a first page, merges, and ignores its failures', async () => {
    const { calls, query } = controlled();
    await query.refresh();
    expect(calls).toHaveLength(0);
    const first = query.load({ clear: true });
    calls[0]?.resolve(page(['a']));
    await first;
    const refresh = query.refresh();
    expect(calls[1]?.cursor).toBe('');
    calls[1]?.resolve(page(['b', 'a']));
    await refresh;
    expect(query.get().data.items).toEqual(['b', 'a']);
    const failing = query.refresh();
    calls[2]?.reject('down');
    await failing;
    expect(query.get()).toMatchObject({ error: null, data: { items: ['b', 'a'] } });
  });

  it('has no refresh without a merge', async () => {
    const { calls, query } = controlled(false);
    const first = query.load({ clear: true });
    calls[0]?.resolve(page(['a']));
    await first;
    await query.refresh();
    expect(calls).toHaveLength(1);
  });
});
