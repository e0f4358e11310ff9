/**
 * kol/profile and kol/posts over HTTP (issue 16 §3): an unknown account, the account's page on X,
 * the signed-in user's groups by the membership rule (never another user's), and the account's
 * posts paged newest first in the feed's post shape. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storePosts } from '../support/store-posts';
import { registerAndLogin, startTestApp, type TestApp } from '../support/test-app';

type WirePost = { id: string; ct: number; user: { id: string }; coin_view_list: unknown[]; my_sentiment?: string };
type Page<T> = { list: T[]; more: number; next_cb: string };
type Profile = {
  user: { id: string; username: string; followers_count: number };
  url?: string;
  groups: { group_id: string; name: string }[];
};
const T0 = 1_763_000_000;

let t: TestApp;
let ann: string;
let bob: string;

const profile = (token: string, twitterUserId: string, lang?: string) =>
  t.call('kol/profile', { twitterUserId }, { token, ...(lang ? { lang } : {}) });
const posts = async (token: string, twitterUserId: string, nextCb = '') => {
  const res = await t.call('kol/posts', { twitterUserId, nextCb }, { token });
  expect(res.status).toBe(200);
  return res.body.data as Page<WirePost>;
};
const addGroup = (token: string, name: string, fans: [number, number], white: string[] = [], black: string[] = []) =>
  t.call(
    'kol_group/add',
    { name, twitterUserFans: fans, whiteTwitterUserIds: white, blackTwitterUserIds: black },
    { token },
  );

beforeAll(async () => {
  t = await startTestApp();
  ann = await registerAndLogin(t, 'ann@example.com', 'secret-pass', '10.9.1.2');
  bob = await registerAndLogin(t, 'bob@example.com', 'secret-pass', '10.9.1.3');
  // Account 7 (50k followers) writes 25 posts, two at each of a few seconds so the cursor must
  // break ties; account 8 (5k) writes between them.
  await storePosts(
    t.db,
    Array.from({ length: 25 }, (_, i) => ({
      id: String(5000 + i),
      text: `$BTC note ${i}`,
      ct: T0 + Math.floor(i / 2),
      coins: ['BTC'],
      sentiment: 'bullish' as const,
      authorId: '7',
      username: 'seven_calls',
      followers: 50_000,
    })),
  );
  await storePosts(
    t.db,
    Array.from({ length: 5 }, (_, i) => ({
      id: String(6000 + i),
      text: `$ETH other ${i}`,
      ct: T0 + i,
      coins: ['ETH'],
      authorId: '8',
      username: 'eight',
      followers: 5000,
    })),
  );
  await t.db.query(
    `INSERT INTO x_accounts (id, username, followers_count, source, created_at, updated_at)
     VALUES ('handle:ghost', 'ghost', 0, 'rss', now(), now())`,
  );
});
afterAll(() => t.close());

describe('kol/profile', () => {
  it('answers kol_not_found (404) for an account never collected, in both languages', async () => {
    const res = await profile(ann, '123456789');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ ret: 404, msg: 'This KOL is not collected' });
    expect((await profile(ann, '123456789', 'zh-CN')).body.msg).toBe('未收录该 KOL');
    expect((await t.call('kol/posts', { twitterUserId: '123456789' }, { token: ann })).status).toBe(404);
    expect((await t.call('kol/profile', {}, { token: ann })).status).toBe(400);
    expect((await t.call('kol/profile', { twitterUserId: '7' })).status).toBe(401);
  });

  it('links an X account to its page on X, and a handle-only account to none', async () => {
    const seven = (await profile(ann, '7')).body.data as Profile;
    expect(seven.user).toMatchObject({ id: '7', username: 'seven_calls', followers_count: 50_000 });
    expect(seven.url).toBe('https://x.com/seven_calls');
    const ghost = (await profile(ann, 'handle:ghost')).body.data as Profile;
    expect(ghost.user.username).toBe('ghost');
    expect(ghost).not.toHaveProperty('url');
  });

  it("lists the user's groups that hold the account by the membership rule, and no one else's", async () => {
    expect((await addGroup(ann, 'Mid caps', [10_000, 100_000])).body.ret).toBe(1);
    expect((await addGroup(ann, 'Small caps', [1000, 9000])).body.ret).toBe(1);
    expect((await addGroup(ann, 'Hand picked', [1000, 9000], ['7'])).body.ret).toBe(1);
    expect((await addGroup(ann, 'Muted', [10_000, 100_000], [], ['7'])).body.ret).toBe(1);
    expect((await addGroup(bob, 'Bob picks', [0, 10], ['7'])).body.ret).toBe(1);
    const names = async (token: string, id: string, lang?: string) =>
      ((await profile(token, id, lang)).body.data as Profile).groups.map((g) => g.name);
    // Top Influencers starts at 100k followers; Special Focus holds its whitelist only.
    expect(await names(ann, '7')).toEqual(['All KOLs', 'Mid caps', 'Hand picked']);
    expect(await names(ann, '7', 'zh-CN')).toEqual(['全部 KOL', 'Mid caps', 'Hand picked']);
    // Account 8 is in Hand picked's range, besides its whitelist.
    expect(await names(ann, '8')).toEqual(['All KOLs', 'Small caps', 'Hand picked']);
    expect(await names(bob, '7')).toEqual(['All KOLs', 'Bob picks']);
    // The ids are the user's own groups, the ones kol_group/info opens.
    const annGroups = (await t.call('kol_group/list', {}, { token: ann })).body.data as { id: string; name: string }[];
    const ids = ((await profile(ann, '7')).body.data as Profile).groups.map((g) => g.group_id);
    expect(ids).toEqual(['All KOLs', 'Mid caps', 'Hand picked'].map((n) => annGroups.find((g) => g.name === n)!.id));
    // Followers change, and so does the answer.
    await t.db.query(`UPDATE x_accounts SET followers_count = 150000 WHERE id = '7'`);
    expect(await names(ann, '7')).toEqual(['All KOLs', 'Top Influencers', 'Hand picked']);
    await t.db.query(`UPDATE x_accounts SET followers_count = 50000 WHERE id = '7'`);
  });
});

describe('kol/posts', () => {
  it("pages the account's posts newest first, 20 a page, with no gap or repeat", async () => {
    const first = await posts(ann, '7');
    expect(first.list).toHaveLength(20);
    expect(first.more).toBe(1);
    const second = await posts(ann, '7', first.next_cb);
    expect(second.list).toHaveLength(5);
    expect(second.more).toBe(0);
    const all = [...first.list, ...second.list];
    expect(all.every((p) => p.user.id === '7')).toBe(true);
    expect(new Set(all.map((p) => p.id)).size).toBe(25);
    const order = all.map((p) => [p.ct, p.id] as const);
    const sorted = [...order].sort((a, b) => b[0] - a[0] || (b[1] < a[1] ? -1 : 1));
    expect(order).toEqual(sorted);
    expect((await t.call('kol/posts', { twitterUserId: '7', nextCb: 'not a cursor' }, { token: ann })).status).toBe(
      400,
    );
  });

  it("shows posts exactly as a view's feed does, with the user's own corrections only", async () => {
    const add = await t.call(
      'view/add',
      { name: 'btc', viewType: 'content_feed', matchingRules: [{ type: 'coins', rules: [{ value: 'BTC' }] }] },
      { token: ann },
    );
    const viewId = (add.body.data as { view_id: string }[]).at(-1)!.view_id;
    expect(
      (await t.call('post/sentiment_feedback', { postId: '5024', label: 'bearish' }, { token: ann })).body.ret,
    ).toBe(1);
    const feed = (await t.call('view/v2/tweets', { viewId }, { token: ann })).body.data as Page<WirePost>;
    const mine = (await posts(ann, '7')).list;
    expect(mine[0]!.id).toBe('5024');
    expect(mine[0]!.my_sentiment).toBe('bearish');
    expect(mine.slice(0, 5)).toEqual(feed.list.slice(0, 5));
    expect((await posts(bob, '7')).list[0]!.my_sentiment).toBeUndefined();
  });
});
