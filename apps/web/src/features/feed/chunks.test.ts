import { describe, expect, it } from 'vitest';
import { assignChunks, CHUNK_SIZE, groupChunks } from './chunks';

const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => `p${from + i}`);
const groups = (list: string[], chunking: ReturnType<typeof assignChunks>) =>
  groupChunks(list, (id) => id, chunking).map((c) => ({ id: c.id, size: c.items.length, first: c.items[0] }));

describe('feed chunks', () => {
  it('cut a first page into runs of CHUNK_SIZE', () => {
    const list = ids(0, CHUNK_SIZE * 2 + 3);
    expect(groups(list, assignChunks(list))).toEqual([
      { id: 0, size: CHUNK_SIZE, first: 'p0' },
      { id: 1, size: CHUNK_SIZE, first: `p${CHUNK_SIZE}` },
      { id: 2, size: 3, first: `p${CHUNK_SIZE * 2}` },
    ]);
  });

  it('fill the last run with an appended page, then open new ones, keeping earlier runs as they were', () => {
    const first = ids(0, CHUNK_SIZE + 3);
    const before = assignChunks(first);
    const list = [...first, ...ids(100, CHUNK_SIZE)];
    const after = assignChunks(list, before);
    for (const id of first) expect(after.chunkOf.get(id)).toBe(before.chunkOf.get(id));
    expect(groups(list, after).map((g) => g.size)).toEqual([CHUNK_SIZE, CHUNK_SIZE, 3]);
  });

  it('put posts inserted at the top in runs above, so no card changes run', () => {
    const old = ids(0, CHUNK_SIZE * 2);
    const before = assignChunks(old);
    const fresh = ids(500, CHUNK_SIZE + 2);
    const list = [...fresh, ...old];
    const after = assignChunks(list, before);
    for (const id of old) expect(after.chunkOf.get(id)).toBe(before.chunkOf.get(id));
    expect(groups(list, after)).toEqual([
      { id: -2, size: 2, first: 'p500' },
      { id: -1, size: CHUNK_SIZE, first: 'p502' },
      { id: 0, size: CHUNK_SIZE, first: 'p0' },
      { id: 1, size: CHUNK_SIZE, first: `p${CHUNK_SIZE}` },
    ]);
  });

  it('start again when a refresh brings a list with nothing in common', () => {
    const before = assignChunks(ids(0, 5));
    const list = ids(900, 3);
    expect(groups(list, assignChunks(list, before))).toEqual([{ id: 0, size: 3, first: 'p900' }]);
  });

  it('keep runs in list order when posts go from the middle', () => {
    const list = ids(0, CHUNK_SIZE * 3);
    const before = assignChunks(list);
    const fewer = list.filter((_, i) => i % 3 !== 0);
    const result = groups(fewer, assignChunks(fewer, before));
    expect(result.map((g) => g.id)).toEqual([0, 1, 2]);
    expect(result.reduce((n, g) => n + g.size, 0)).toBe(fewer.length);
  });
});
