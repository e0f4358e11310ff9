/**
 * coin/overview and coin/posts (issue 29, "a page for every coin"): the split of each of the
 * caller's KOL groups agrees with the coin opinion view "Track this coin" makes, the mentions with
 * the posts, the price with market/coin_prices; another user's groups and views never show; bad
 * input is a 4xx with a message, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candlesRepo } from '../../src/db/repos/candles';
import { flatCandle } from '../markets/candle';
import { rawPost } from '../support/posts';
import { saveEnriched, storePosts } from '../support/store-posts';
import { registerAndLogin, signedInApp, type TestApp } from '../support/test-app';

let t: TestApp;
let ann: string;
let bob: string;
let now: number;
const H = 3600;
const DAY = 86_400;

type Split = {
  kol_group_id: string;
  name: string;
  default_role?: string;
  interval_list: { ct: number; cnt_up: number; cnt_neutral: number; cnt_down: number }[];
  sum_info: Record<string, number>;
};
type Overview = {
  coin: string;
  name: string;
  icon: string;
  price?: number;
  change24h?: number;
  prices: { list: { ct: number; price: number }[]; source: string };
  mentions: { range_seconds: number; count: number; previous: number; change: number | null };
  groups: Split[];
  tracked_view_id: string;
};
type Page = { list: { id: string; text: string; ct: number }[]; more: number; next_cb: string };

// Three authors: a small account, a big one (a Top Influencer), and a whitelisted small one.
const AUTHORS = [
  { authorId: '9101', username: 'small', followers: 900 },
  { authorId: '9102', username: 'whale', followers: 2_000_000 },
  { authorId: '9103', username: 'friend', followers: 300 },
];
const LABELS = ['bullish', 'neutral', 'bearish'] as const;

const overview = async (body: Record<string, unknown>, token = ann, lang?: string) =>
  t.call('coin/overview', body, { token, ...(lang ? { lang } : {}) });
const dataOf = <T>(res: { body: { ret: number; data?: unknown } }) => {
  expect(res.body.ret, JSON.stringify(res.body)).toBe(1);
  return res.body.data as T;
};

beforeAll(async () => {
  ({ t, token: ann } = await signedInApp('coin-ann@example.com'));
  bob = await registerAndLogin(t, 'coin-bob@example.com', 'secret-pass', '10.9.0.2');
  now = Math.floor(t.clock.now().getTime() / 1000);
  // The last day: 10 ETH posts from each author, labels in turn; the day before: 4 posts.
  await storePosts(t.db, [
    ...AUTHORS.flatMap((a, k) =>
      Array.from({ length: 10 }, (_, i) => ({
        ...a,
        text: `ETH take ${i} from ${a.username}`,
        ct: now - 120 - i * 2 * H - k * 60,
        coins: ['ETH'],
        sentiment: LABELS[(i + k) % 3]!,
      })),
    ),
    ...Array.from({ length: 4 }, (_, i) => ({
      ...AUTHORS[0]!,
      text: `ETH yesterday ${i}`,
      ct: now - DAY - 2 * H - i * H,
      coins: ['ETH'],
      sentiment: 'bullish' as const,
    })),
    // Another coin, which the ETH page never counts.
    { ...AUTHORS[1]!, text: 'SOL only', ct: now - 300, coins: ['SOL'], sentiment: 'bullish' as const },
  ]);
  // One post reads two coins two ways: bearish on BTC, bullish on ETH.
  await saveEnriched(t.db, [
    {
      raw: rawPost({ ...AUTHORS[2]!, id: '9199', text: '$BTC weak, $ETH ripping', createdAt: now - 90 }),
      enrichment: {
        coins: ['BTC', 'ETH'],
        categories: [],
        sentiment: { label: 'bullish', score: 0, cues: [] },
        coinStances: { BTC: 'bearish', ETH: 'bullish' },
        lang: 'en',
      },
    },
  ]);
  const hour = Math.floor(now / H) * H;
  await candlesRepo(t.db).upsert(
    Array.from({ length: 30 }, (_, i) => flatCandle('ETH', '1h', hour - (i + 1) * H, 3000 + i)),
    'demo',
  );
  const add = await t.call(
    'kol_group/add',
    { name: 'Friends', twitterUserFans: [5_000_000, 0], whiteTwitterUserIds: ['9103'], blackTwitterUserIds: [] },
    { token: ann },
  );
  expect(add.body.ret).toBe(1);
});

afterAll(async () => {
  await t?.close();
});

describe('coin/overview', () => {
  it('answers the coin, its price and the price line market/coin_prices draws', async () => {
    const o = dataOf<Overview>(await overview({ coin: '$eth', period: '1d', interval: '1h' }));
    expect(o).toMatchObject({ coin: 'ETH', name: 'Ethereum', tracked_view_id: '' });
    expect(o.icon).toMatch(/eth/i);
    // The last close, against the close 24 hours before it.
    expect(o.price).toBe(3000);
    expect(o.change24h).toBeCloseTo(3000 / 3024 - 1, 10);
    const prices = dataOf(
      await t.call('market/coin_prices', { coin: 'ETH', period: '1d', interval: '1h' }, { token: ann }),
    );
    expect(o.prices).toEqual(prices);
    expect(o.prices.list.length).toBeGreaterThan(20);
  });

  it('counts the mentions of the period against the period before', async () => {
    const o = dataOf<Overview>(await overview({ coin: 'ETH', period: '1d', interval: '1h' }));
    // 30 posts and the two-coin post in the last day, 4 the day before.
    expect(o.mentions).toEqual({ range_seconds: DAY, count: 31, previous: 4, change: 31 / 4 - 1 });
    const week = dataOf<Overview>(await overview({ coin: 'ETH', period: '1w', interval: '1d' }));
    expect(week.mentions).toMatchObject({ range_seconds: 7 * DAY, count: 35, previous: 0, change: null });
  });

  it("gives each of the caller's groups the split its coin opinion view shows", async () => {
    const groups = dataOf<{ id: string; name: string }[]>(await t.call('kol_group/list', {}, { token: ann }));
    // The day before's four bullish posts are in the week and the month, not in the day.
    for (const [period, interval, before] of [
      ['1d', '1h', 0],
      ['1w', '1d', 4],
      ['1m', '1w', 4],
    ] as const) {
      const o = dataOf<Overview>(await overview({ coin: 'ETH', period, interval }));
      expect(o.groups.map((g) => [g.kol_group_id, g.name])).toEqual(groups.map((g) => [g.id, g.name]));
      const byName = Object.fromEntries(o.groups.map((g) => [g.name, g.sum_info]));
      // All KOLs: every author, the two-coin post bullish on ETH (its stance on ETH).
      expect(byName['All KOLs']).toMatchObject({ cnt_up: 11 + before, cnt_neutral: 10, cnt_down: 10 });
      expect(byName['Top Influencers']).toMatchObject({ cnt_up: 3, cnt_neutral: 4, cnt_down: 3 });
      expect(byName['Special Focus']).toMatchObject({ cnt_up: 0, cnt_neutral: 0, cnt_down: 0 });
      // Friends: nobody by range, the whitelisted author.
      expect(byName.Friends).toMatchObject({ cnt_up: 4, cnt_neutral: 3, cnt_down: 4 });
      for (const g of o.groups) {
        const s = g.sum_info;
        expect(g.interval_list.reduce((n, b) => n + b.cnt_up + b.cnt_neutral + b.cnt_down, 0)).toBe(
          s.cnt_up! + s.cnt_neutral! + s.cnt_down!,
        );
      }
    }
    // Before any view, the groups are summed from the per-author rows; a view of the group makes
    // it a rollup of its own. Both read the same.
    const before = dataOf<Overview>(await overview({ coin: 'ETH', period: '1w', interval: '1d' }));
    for (const g of before.groups) {
      const add = await t.call('view/v2/coin_opinion_add', { coin: 'ETH', kolGroupId: g.kol_group_id }, { token: ann });
      const list = dataOf<{ view_id: string; subs: { view_id: string }[] }[]>(add);
      const viewId = list.find((v) => v.view_id === 'coin_opinion')!.subs.at(-1)!.view_id;
      const detail = dataOf<Split>(
        await t.call('view/v2/coin_opinion_detail', { viewId, period: '1w', interval: '1d' }, { token: ann }),
      );
      expect(detail.sum_info, g.name).toEqual(g.sum_info);
      expect(detail.interval_list, g.name).toEqual(g.interval_list);
    }
    const after = dataOf<Overview>(await overview({ coin: 'ETH', period: '1w', interval: '1d' }));
    expect(after.groups).toEqual(before.groups);
    expect(after.tracked_view_id).not.toBe('');
  });

  it("never shows another user's groups or views", async () => {
    const mine = dataOf<{ id: string }[]>(await t.call('kol_group/list', {}, { token: bob })).map((g) => g.id);
    const annGroups = dataOf<{ id: string }[]>(await t.call('kol_group/list', {}, { token: ann })).map((g) => g.id);
    const o = dataOf<Overview>(await overview({ coin: 'ETH', period: '1d', interval: '1h' }, bob));
    expect(o.groups.map((g) => g.kol_group_id)).toEqual(mine);
    expect(o.groups.some((g) => annGroups.includes(g.kol_group_id) || g.name === 'Friends')).toBe(false);
    // Ann tracks ETH; Bob does not.
    expect(o.tracked_view_id).toBe('');
  });

  it('names the default groups in the reader language', async () => {
    const o = dataOf<Overview>(await overview({ coin: 'ETH', period: '1d', interval: '1h' }, bob, 'zh-CN'));
    expect(o.groups.map((g) => g.default_role)).toEqual(['all', 'top', 'whitelistOnly']);
    expect(o.groups[0]!.name).toBe('全部 KOL');
  });
});

describe('coin/posts', () => {
  const posts = async (body: Record<string, unknown>) => dataOf<Page>(await t.call('coin/posts', body, { token: ann }));
  const allPages = async (body: Record<string, unknown>) => {
    const seen: Page['list'] = [];
    let nextCb = '';
    for (let i = 0; i < 10; i++) {
      const page = await posts({ ...body, nextCb });
      seen.push(...page.list);
      if (!page.more) return seen;
      nextCb = page.next_cb;
    }
    throw new Error('more than 10 pages');
  };

  it("pages the coin's posts newest first, the feed's cursor, nothing twice", async () => {
    const first = await posts({ coin: 'eth' });
    expect(first.list).toHaveLength(20);
    expect(first.more).toBe(1);
    const all = await allPages({ coin: 'ETH' });
    expect(all).toHaveLength(35);
    expect(new Set(all.map((p) => p.id)).size).toBe(35);
    expect(all.map((p) => p.ct)).toEqual([...all.map((p) => p.ct)].sort((a, b) => b - a));
    expect(all.some((p) => p.text === 'SOL only')).toBe(false);
  });

  it('filters by the stance on this coin', async () => {
    const bullish = await allPages({ coin: 'ETH', tradingTrend: 'bullish' });
    const bearish = await allPages({ coin: 'ETH', tradingTrend: 'bearish' });
    const neutral = await allPages({ coin: 'ETH', tradingTrend: 'neutral' });
    expect(bullish.length + bearish.length + neutral.length).toBe(35);
    expect(bullish.map((p) => p.id)).toContain('9199');
    // The same post is bearish on the BTC page.
    expect((await allPages({ coin: 'BTC', tradingTrend: 'bearish' })).map((p) => p.id)).toEqual(['9199']);
    expect(await allPages({ coin: 'BTC', tradingTrend: 'bullish' })).toEqual([]);
  });
});

describe('bad input', () => {
  const cases: [string, string, Record<string, unknown>, RegExp][] = [
    ['unknown coin', 'coin/overview', { coin: 'NOPECOINX', period: '1d', interval: '1h' }, /^Unknown coin: NOPECOINX$/],
    ['unknown coin', 'coin/posts', { coin: 'NOPECOINX' }, /^Unknown coin: NOPECOINX$/],
    ['malformed coin', 'coin/overview', { coin: '../../etc', period: '1d', interval: '1h' }, /a coin is a symbol/],
    ['oversized coin', 'coin/posts', { coin: 'B'.repeat(100_000) }, /a coin is a symbol/],
    ['missing coin', 'coin/overview', { period: '1d', interval: '1h' }, /^Please select a coin$/],
    ['blank coin', 'coin/posts', { coin: ' $ ' }, /^Please select a coin$/],
    ['a number as coin', 'coin/overview', { coin: 42, period: '1d', interval: '1h' }, /coin/],
    ['a list as coin', 'coin/posts', { coin: ['BTC'] }, /coin/],
    ['unknown period', 'coin/overview', { coin: 'ETH', period: '1y', interval: '1h' }, /period/],
    ['a pair not allowed', 'coin/overview', { coin: 'ETH', period: '1m', interval: '1m' }, /cannot be used/],
    ['unknown trend', 'coin/posts', { coin: 'ETH', tradingTrend: 'moon' }, /trading_trend/],
    ['a bad cursor', 'coin/posts', { coin: 'ETH', nextCb: 'not-a-cursor' }, /./],
    ['an object as cursor', 'coin/posts', { coin: 'ETH', nextCb: { a: 1 } }, /next_cb/],
  ];
  it.each(cases)('%s (%s) is a 400 with a message', async (_what, path, body, msg) => {
    const res = await t.call(path, body, { token: ann });
    expect(res.status).toBe(400);
    expect(res.body.ret).toBe(400);
    expect(res.body.msg).toMatch(msg);
  });

  it('answers in the reader language', async () => {
    const res = await overview({ coin: 'NOPECOINX', period: '1d', interval: '1h' }, ann, 'zh-CN');
    expect(res.body).toEqual({ ret: 400, msg: '未知币种：NOPECOINX' });
  });

  it('is for signed-in users only', async () => {
    for (const path of ['coin/overview', 'coin/posts']) {
      const res = await t.call(path, { coin: 'ETH', period: '1d', interval: '1h' });
      expect(res.status).toBe(401);
      expect(res.body.data).toBeUndefined();
    }
  });
});
