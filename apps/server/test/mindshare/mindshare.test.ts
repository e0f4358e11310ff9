/**
 * Mindshare views (issue 33 §2): every share equals a recount from the stored posts (copies once,
 * a sector's share the posts naming any of its coins once, unknown coins under "other"), for all
 * KOLs and for a KOL group as its membership moves; the chart adds up to the list; another user's
 * groups and views are out of reach; bad input is a 400 with a message in the reader's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coinBySymbol } from '../../src/domain/coins/catalogue';
import { sectorOf } from '../../src/domain/coins/sectors';
import { storePosts } from '../support/store-posts';
import { registerAndLogin, signedInApp, type TestApp } from '../support/test-app';

let t: TestApp;
let ann: string;
let bob: string;
let now: number;
let groupId: string;
const H = 3600;
const DAY = 86_400;
const NOT_FOUND = { ret: 404, msg: 'Not found' };

type Item = {
  key: string;
  icon: string;
  count: number;
  share: number;
  previous_count: number;
  previous_share: number;
  change: number | null;
};
type Data = {
  by: string;
  period: string;
  interval: string;
  kol_group_id: string;
  posts: number;
  previous_posts: number;
  list: Item[];
  chart: { buckets: { ct: number; posts: number; partial?: boolean }[]; series: { key: string; counts: number[] }[] };
};

const SMALL = { authorId: '7101', username: 'small', followers: 900 };
const WHALE = { authorId: '7102', username: 'whale', followers: 2_000_000 };
const FRIEND = { authorId: '7103', username: 'friend', followers: 300 };

const ok = <T>(res: { body: { ret: number; data?: unknown } }) => {
  expect(res.body.ret, JSON.stringify(res.body)).toBe(1);
  return res.body.data as T;
};
const detail = async (viewId: string, by: string, period?: string, token = ann) =>
  ok<Data>(await t.call('view/v2/mindshare_detail', { viewId, by, ...(period ? { period } : {}) }, { token }));

async function addView(kolGroupId: string, period = '1d', token = ann): Promise<string> {
  const list = ok<{ view_id: string; view_type: string }[]>(
    await t.call('view/v2/mindshare_add', { name: 'Mindshare', kolGroupId, period }, { token }),
  );
  return list.filter((v) => v.view_type === 'mindshare').at(-1)!.view_id;
}

/**
 * The recount the shares must equal: the stored posts that are not copies, of the group's members
 * when given, in [from, to), counted per coin or sector once per post.
 */
async function recount(by: 'coin' | 'sector', from: number, to: number, members?: string[]) {
  const rows = await t.db.query<{ coins: string[]; author_id: string }>(
    'SELECT coins, author_id FROM posts WHERE copy_of IS NULL AND ct >= $1 AND ct < $2',
    [from, to],
  );
  const counts = new Map<string, number>();
  let posts = 0;
  for (const r of rows) {
    if (members && !members.includes(r.author_id)) continue;
    if (r.coins.length === 0) continue;
    posts++;
    const keys = new Set(by === 'coin' ? r.coins : r.coins.map(sectorOf));
    for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return { posts, counts };
}

/** Checks an answer against the recount of its period and of the period before. */
async function expectRecounted(d: Data, members?: string[]) {
  const step = d.interval === '1h' ? H : DAY;
  const from = d.chart.buckets[0]!.ct;
  const to = d.chart.buckets.at(-1)!.ct + step;
  const cur = await recount(d.by as 'coin' | 'sector', from, to, members);
  const prev = await recount(d.by as 'coin' | 'sector', from - (to - from), from, members);
  expect(d.posts).toBe(cur.posts);
  expect(d.previous_posts).toBe(prev.posts);
  // Every coin or sector named, now or before, is listed (the test names fewer than the top 20).
  // Coins the catalogue does not know count in the denominator and under "other" only.
  const named = new Set(
    [...cur.counts.keys(), ...prev.counts.keys()].filter((k) => d.by !== 'coin' || coinBySymbol(k)),
  );
  expect(new Set(d.list.map((i) => i.key))).toEqual(named);
  for (const i of d.list) {
    const count = cur.counts.get(i.key) ?? 0;
    const before = prev.counts.get(i.key) ?? 0;
    expect(i, i.key).toMatchObject({ count, previous_count: before });
    expect(i.share).toBeCloseTo(count / cur.posts, 4);
    if (prev.posts > 0) {
      expect(i.previous_share).toBeCloseTo(before / prev.posts, 4);
      expect(i.change!).toBeCloseTo(count / cur.posts - before / prev.posts, 4);
    } else expect(i.change).toBeNull();
  }
  // Highest share first.
  expect(d.list.map((i) => i.share)).toEqual([...d.list.map((i) => i.share)].sort((a, b) => b - a));
  // The chart adds up to the list and to the denominator.
  expect(d.chart.buckets.reduce((s, b) => s + b.posts, 0)).toBe(d.posts);
  for (const s of d.chart.series) {
    expect(s.counts.reduce((a, b) => a + b, 0)).toBe(d.list.find((i) => i.key === s.key)!.count);
  }
  expect(d.chart.series.map((s) => s.key)).toEqual(d.list.slice(0, 5).map((i) => i.key));
}

beforeAll(async () => {
  ({ t, token: ann } = await signedInApp('mind-ann@example.com'));
  bob = await registerAndLogin(t, 'mind-bob@example.com', 'secret-pass', '10.9.0.3');
  now = Math.floor(t.clock.now().getTime() / 1000);
  await storePosts(t.db, [
    // The last day.
    { ...WHALE, text: 'BTC and ETH both strong', ct: now - 2 * H, coins: ['BTC', 'ETH'] },
    { ...WHALE, text: 'SOL season', ct: now - 3 * H, coins: ['SOL'] },
    { ...WHALE, text: 'UNI fee switch', ct: now - 4 * H, coins: ['UNI'] },
    { ...WHALE, text: 'PEPE on ETH, the classic', ct: now - 5 * H, coins: ['PEPE', 'ETH'] },
    { ...SMALL, text: 'AAVE and UNI and ETH', ct: now - 6 * H, coins: ['AAVE', 'UNI', 'ETH'] },
    { ...SMALL, text: 'new ticker $ZZZQ launching', ct: now - 7 * H, coins: ['ZZZQ'] },
    { ...SMALL, text: 'gm to everyone', ct: now - 8 * H, coins: [] },
    { ...FRIEND, text: 'USDT supply keeps growing', ct: now - 9 * H, coins: ['USDT', 'BTC'] },
    { ...FRIEND, text: 'TAO and FET rotation', ct: now - 10 * H, coins: ['TAO', 'FET'] },
    // The same words from another account: a copy, counted once (for the first).
    { ...SMALL, text: 'Huge news: BTC ETF approved by the SEC today', ct: now - 11 * H, coins: ['BTC'] },
    { ...FRIEND, text: 'Huge news: BTC ETF approved by the SEC today', ct: now - 11 * H + 60, coins: ['BTC'] },
    // The day before.
    { ...WHALE, text: 'BTC only yesterday', ct: now - DAY - 2 * H, coins: ['BTC'] },
    { ...SMALL, text: 'DOGE and SHIB pump', ct: now - DAY - 3 * H, coins: ['DOGE', 'SHIB'] },
    { ...FRIEND, text: 'ETH staking', ct: now - DAY - 4 * H, coins: ['ETH'] },
  ]);
  const copies = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM posts WHERE copy_of IS NOT NULL');
  expect(copies[0]!.n).toBe(1);
  // Ann's group: accounts from a million followers, and her friend by name.
  ok(
    await t.call(
      'kol_group/add',
      {
        name: 'Whales',
        twitterUserFans: [1_000_000, 0],
        whiteTwitterUserIds: [FRIEND.authorId],
        blackTwitterUserIds: [],
      },
      { token: ann },
    ),
  );
  const groups = ok<{ id: string; name: string }[]>(await t.call('kol_group/list', {}, { token: ann }));
  groupId = groups.find((g) => g.name === 'Whales')!.id;
});

afterAll(async () => {
  await t?.close();
});

describe('mindshare', () => {
  it('counts every share of all KOLs as the posts do, by coin and by sector', async () => {
    const id = await addView('');
    const coins = await detail(id, 'coin');
    expect(coins).toMatchObject({ by: 'coin', period: '1d', interval: '1h', kol_group_id: '' });
    // 10 posts name a coin (the copy is not one of them, the gm post names none); 3 the day before.
    expect([coins.posts, coins.previous_posts]).toEqual([9, 3]);
    await expectRecounted(coins);
    // BTC and ETH tie at 3 of 9 (and at 1 of 3 the day before): by symbol.
    expect(coins.list.slice(0, 2)).toMatchObject([
      { key: 'BTC', count: 3, share: 0.3333, previous_count: 1, previous_share: 0.3333, change: 0 },
      { key: 'ETH', count: 3, previous_count: 1 },
    ]);
    expect(coins.list[0]!.icon).toMatch(/btc/i);
    // An unknown ticker counts in the denominator, not as a coin of the list.
    expect(coins.list.map((i) => i.key)).not.toContain('ZZZQ');

    const sectors = await detail(id, 'sector');
    await expectRecounted(sectors);
    // BTC+ETH is one layer-1 post, not two (6 posts name a layer 1); ZZZQ is "other"; shares add
    // up past 100 % only by posts naming coins of several sectors.
    const layer1 = sectors.list.find((i) => i.key === 'layer1')!;
    expect(layer1.count).toBe(6);
    expect(sectors.list.find((i) => i.key === 'other')!.count).toBe(1);
    expect(sectors.list.every((i) => i.count <= sectors.posts)).toBe(true);
    const total = sectors.list.reduce((s, i) => s + i.count, 0);
    expect(total).toBeGreaterThanOrEqual(sectors.posts);
    expect(sectors.list[0]!.icon).toBe('');

    // The week: both days in one period, nothing before.
    const week = await detail(id, 'sector', '1w');
    expect(week).toMatchObject({ period: '1w', interval: '1d', posts: 12, previous_posts: 0 });
    await expectRecounted(week);
  });

  it("counts a KOL group's members only, and follows an account into the group", async () => {
    const id = await addView(groupId, '1w');
    const members = [WHALE.authorId, FRIEND.authorId];
    for (const b of ['coin', 'sector']) await expectRecounted(await detail(id, b), members);
    const before = await detail(id, 'sector');
    // The small account grows past a million followers: its whole history joins the group.
    await storePosts(t.db, [
      { ...SMALL, followers: 3_000_000, text: 'ARB airdrop', ct: now - 30 * 60, coins: ['ARB'] },
    ]);
    const after = await detail(id, 'sector');
    expect(after.posts).toBeGreaterThan(before.posts);
    await expectRecounted(after, [...members, SMALL.authorId]);
    await expectRecounted(await detail(id, 'coin'), [...members, SMALL.authorId]);
  });

  it('keeps the group rollup while a mindshare view counts it', async () => {
    const kept = async () =>
      (await t.db.query('SELECT 1 FROM opinion_groups WHERE group_id = $1', [Number(groupId)])).length > 0;
    const id = await addView(groupId);
    // Counted in the background (services/group-rollups.ts), released there too.
    await t.services.groupRollups.drain();
    expect(await kept()).toBe(true);
    const all = ok<{ view_id: string; view_type: string }[]>(await t.call('view/v2/list', {}, { token: ann }));
    for (const v of all.filter((x) => x.view_type === 'mindshare')) {
      expect(ok(await t.call('view/delete', { viewId: v.view_id }, { token: ann }))).toBeNull();
    }
    await t.services.groupRollups.drain();
    expect(await kept()).toBe(false);
    await expect(t.call('view/v2/mindshare_info', { viewId: id }, { token: ann })).resolves.toMatchObject({
      body: NOT_FOUND,
    });
  });

  it('shows, renames and moves a view to another group and period', async () => {
    const id = await addView('');
    expect(ok(await t.call('view/v2/mindshare_info', { viewId: id }, { token: ann }))).toEqual({
      view_id: id,
      name: 'Mindshare',
      kol_group_id: '',
      period: '1d',
      view_type: 'mindshare',
    });
    ok(
      await t.call(
        'view/v2/mindshare_update',
        { viewId: id, name: 'Whale talk', kolGroupId: groupId, period: '1m' },
        { token: ann },
      ),
    );
    expect(ok(await t.call('view/v2/mindshare_info', { viewId: id }, { token: ann }))).toMatchObject({
      name: 'Whale talk',
      kol_group_id: groupId,
      period: '1m',
    });
    expect(await detail(id, 'coin')).toMatchObject({ period: '1m', interval: '1d', kol_group_id: groupId });
  });

  it("never shows or changes another user's view or group", async () => {
    const id = await addView(groupId);
    const calls: [string, object][] = [
      ['view/v2/mindshare_info', { viewId: id }],
      ['view/v2/mindshare_detail', { viewId: id, by: 'coin' }],
      ['view/v2/mindshare_update', { viewId: id, name: 'mine now', kolGroupId: '', period: '1d' }],
      ['view/delete', { viewId: id }],
    ];
    for (const [path, body] of calls) expect((await t.call(path, body, { token: bob })).body, path).toEqual(NOT_FOUND);
    // Ann's group is not Bob's to count, on a new view or his own.
    expect(
      (await t.call('view/v2/mindshare_add', { name: 'x', kolGroupId: groupId, period: '1d' }, { token: bob })).body,
    ).toEqual(NOT_FOUND);
    const bobs = await addView('', '1d', bob);
    expect(
      (
        await t.call(
          'view/v2/mindshare_update',
          { viewId: bobs, name: 'x', kolGroupId: groupId, period: '1d' },
          { token: bob },
        )
      ).body,
    ).toEqual(NOT_FOUND);
    // Another type's view is not a mindshare view, even the caller's own.
    const list = ok<{ view_id: string; view_type: string }[]>(await t.call('view/v2/list', {}, { token: ann }));
    const hot = list.find((v) => v.view_type === 'hot_coins')!.view_id;
    expect((await t.call('view/v2/mindshare_detail', { viewId: hot, by: 'coin' }, { token: ann })).body).toEqual(
      NOT_FOUND,
    );
    // Ann's view still reads as before.
    expect((await detail(id, 'coin')).kol_group_id).toBe(groupId);
  });

  it('refuses bad input with a message in the reader language', async () => {
    const id = await addView('');
    const call = (path: string, body: object, lang = 'en') => t.call(path, body, { token: ann, lang });
    expect((await call('view/v2/mindshare_detail', { viewId: id, by: 'chain' })).body).toEqual({
      ret: 400,
      msg: 'Show mindshare by coin or by sector',
    });
    expect((await call('view/v2/mindshare_detail', { viewId: id, by: 'coin', period: '2d' }, 'zh-CN')).body).toEqual({
      ret: 400,
      msg: '周期只能是 1d、1w 或 1m',
    });
    expect((await call('view/v2/mindshare_add', { name: 'x', kolGroupId: '', period: 'forever' })).body).toEqual({
      ret: 400,
      msg: 'The period must be 1d, 1w or 1m',
    });
    expect((await call('view/v2/mindshare_add', { name: '', kolGroupId: '', period: '1d' }, 'zh-CN')).body.ret).toBe(
      400,
    );
    expect((await call('view/v2/mindshare_add', { name: 'x', kolGroupId: '999999', period: '1d' })).body).toEqual(
      NOT_FOUND,
    );
    expect((await call('view/v2/mindshare_detail', { viewId: 'abc', by: 'coin' })).body).toEqual(NOT_FOUND);
    // Made only by its own calls: view/add refuses the type.
    const generic = await call('view/add', { name: 'x', viewType: 'mindshare', matchingRules: [] });
    expect(generic.body.ret).toBe(400);
  });
});
