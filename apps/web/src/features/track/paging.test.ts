import { describe, expect, it } from 'vitest';
import { appendPage, emptyList } from './paging';

const key = (x: { id: string }) => x.id;

describe('appendPage', () => {
  it('appends without repeats and follows more and nextCb', () => {
    const one = appendPage(
      emptyList<{ id: string }>(),
      { list: [{ id: 'a' }, { id: 'b' }], more: 1, nextCb: 'c1' },
      key,
    );
    expect(one).toEqual({ items: [{ id: 'a' }, { id: 'b' }], more: true, nextCb: 'c1' });
    const two = appendPage(one, { list: [{ id: 'b' }, { id: 'c' }, { id: 'c' }], more: 0, nextCb: '' }, key);
    expect(two.items.map(key)).toEqual(['a', 'b', 'c']);
    expect(two.more).toBe(false);
  });

  it('stops when the server says more without a cursor', () => {
    expect(appendPage(emptyList<{ id: string }>(), { list: [], more: 1, nextCb: '' }, key).more).toBe(false);
  });
});
