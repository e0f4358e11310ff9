import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storePosts } from '../support/store-posts';
import { type TestApp, signedInApp } from '../support/test-app';

let t: TestApp;
let token: string;
type Page = { list: { id: string; username: string; followers_count: number }[]; more: number; next_cb: string };

beforeAll(async () => {
  ({ t, token } = await signedInApp('finder@example.com'));
  await storePosts(
    t.db,
    Array.from({ length: 25 }, (_, i) => ({
      text: 'gm',
      ct: 1_763_000_000 + i,
      authorId: String(100 + i),
      username: `trader_${i}`,
      followers: 1000 * (i + 1),
    })),
  );
  await storePosts(t.db, [{ text: 'gm', ct: 1_763_000_100, authorId: '999', username: 'Satoshi_Fan', followers: 5 }]);
  await t.db.query(`UPDATE x_accounts SET tracked = false WHERE id = '999'`);
});
afterAll(() => t.close());

describe('search/twitter_user and search/twitter_kol', () => {
  it('finds accounts by handle prefix or name, most followed first, with @ stripped', async () => {
    const res = (await t.call('search/twitter_user', { query: '@SATOSHI' }, { token })).body.data as Page;
    expect(res.list.map((u) => u.username)).toEqual(['Satoshi_Fan']);
    const kol = (await t.call('search/twitter_kol', { query: 'satoshi' }, { token })).body.data as Page;
    expect(kol.list).toEqual([]); // not tracked, so not a KOL
  });
  it('pages by cursor without repeats', async () => {
    const first = (await t.call('search/twitter_kol', { query: 'trader' }, { token })).body.data as Page;
    expect(first.list.length).toBe(20);
    expect(first.more).toBe(1);
    expect(first.list[0]?.followers_count).toBe(25_000);
    const second = (await t.call('search/twitter_kol', { query: 'trader', nextCb: first.next_cb }, { token })).body
      .data as Page;
    expect(second.more).toBe(0);
    const ids = [...first.list, ...second.list].map((u) => u.id);
    expect(new Set(ids).size).toBe(25);
    expect((await t.call('search/twitter_user', { query: 'x', nextCb: '%%%' }, { token })).status).toBe(400);
    expect((await t.call('search/twitter_user', { query: 'x' })).status).toBe(401);
  });
});
