import type { TwitterUser } from '@kolscope/contract';
import { describe, expect, it } from 'vitest';
import { addPage, NO_MEMBERS } from './paging';

const u = (id: string): TwitterUser => ({ id, username: id, icon: '', followersCount: 1 });

describe('addPage', () => {
  it('appends without repeats and follows more and nextCb', () => {
    const one = addPage(NO_MEMBERS, { list: [u('a'), u('b')], more: 1, nextCb: 'c1' }, '7');
    expect(one).toMatchObject({ more: true, nextCb: 'c1', pages: 1 });
    const two = addPage(one, { list: [u('b'), u('c')], more: 0, nextCb: '' }, '7');
    expect(two.items.map((x) => x.id)).toEqual(['a', 'b', 'c']);
    expect(two.more).toBe(false);
  });

  it("stops the 'all' list after ten pages", () => {
    let s = NO_MEMBERS;
    for (let i = 0; i < 9; i++) s = addPage(s, { list: [u(String(i))], more: 1, nextCb: `n${i}` }, 'all');
    expect(s.more).toBe(true);
    s = addPage(s, { list: [u('x')], more: 1, nextCb: 'n9' }, 'all');
    expect(s.more).toBe(false);
  });

  it('does not cap a real group', () => {
    let s = NO_MEMBERS;
    for (let i = 0; i < 12; i++) s = addPage(s, { list: [u(String(i))], more: 1, nextCb: `n${i}` }, '9');
    expect(s.more).toBe(true);
  });
});
