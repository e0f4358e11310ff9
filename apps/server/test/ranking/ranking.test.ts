/**
 * view/ranking_list end to end through HTTP: validation of the rank settings, ownership,
 * defaults, the effect of each parameter, monotonicity, whistleblowers and crowns, newCoinEntry,
 * fastestRising and paging. Each test moves the clock 5 days on, so its window (and the previous
 * one) hold only its own posts.
 */
import { RANK_MIN_KOLS } from '@kolscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COINS } from '../../src/domain/coins/catalogue';
import { epochSeconds } from '../../src/domain/clock';
import { registerAndLogin, type TestApp, signedInApp } from '../support/test-app';
import { type RankPost, savePosts } from './support';

interface Item {
  rank: number;
  coin: string;
  icon: string;
  hot: number;
  users_whistleblower: { id: string; icon: string; username: string }[];
  kol_count?: number;
  users_crown: { id: string; icon: string; username: string }[];
  is_new?: boolean;
  growth?: number;
}
interface Answer {
  list: Item[];
  stat_range_seconds: number;
  update_time: number;
  sorting_indicator_type: string;
  more: 0 | 1;
  next_cb: string;
}

let t: TestApp;
let token: string;
let other: string;

beforeAll(async () => {
  ({ t, token } = await signedInApp('ranker@example.com'));
  other = await registerAndLogin(t, 'stranger@example.com', 'secret-pass', '10.9.0.2');
});
afterAll(() => t.close());

/**
 * Moves to a new, empty stretch of time and signs in again (sessions last 7 days); returns the
 * window end E, which falls 30 minutes into an hour so windows start mid-hour.
 */
async function fresh(): Promise<number> {
  t.clock.advance(5 * 86_400);
  const into = epochSeconds(t.clock.now()) % 3600;
  t.clock.advance((1830 - into + 3600) % 3600);
  const login = await t.call('account/login', { email: 'ranker@example.com', passwd: 'secret-pass' });
  token = (login.body.data as { token: string }).token;
  return epochSeconds(t.clock.now()) - 30;
}

async function addRank(settings: Record<string, unknown> = {}, as = token): Promise<string> {
  const res = await t.call(
    'view/add',
    { name: 'My ranking', viewType: 'ranking_list', matchingRules: [], ...settings },
    { token: as },
  );
  expect(res.body.ret).toBe(1);
  const list = res.body.data as { view_id: string; view_type: string }[];
  return list.filter((v) => v.view_type === 'ranking_list').at(-1)!.view_id;
}

async function rank(viewId: string, nextCb?: string, as = token): Promise<Answer> {
  const res = await t.call('view/ranking_list', { viewId, ...(nextCb ? { nextCb } : {}) }, { token: as });
  expect(res.body).toMatchObject({ ret: 1 });
  return res.body.data as Answer;
}

const coinsOf = (a: Answer) => a.list.map((i) => i.coin);
/**
 * n catalogue coins other than `skip`: rankings count a ticker outside the catalogue only once
 * RANK_MIN_KOLS KOLs named it, so tests that are not about that rule use catalogue coins.
 */
const listed = (n: number, skip: string[] = []) =>
  COINS.map((c) => c.symbol)
    .filter((s) => !skip.includes(s))
    .slice(0, n);
/** Posts about a coin by `kols` distinct authors, one post each. */
const byKols = (coin: string, kols: number, ct: number, tag = coin): RankPost[] =>
  Array.from({ length: kols }, (_, i) => ({ ct: ct - i, coins: [coin], author: `${tag}-k${i}`, followers: 99 }));
const hotOf = (a: Answer, coin: string) => a.list.find((i) => i.coin === coin)?.hot;

describe('rank settings are validated on save', () => {
  const cases: [Record<string, unknown>, string][] = [
    [{ topNum: 5 }, 'Top N must be a whole number from 10 to 100'],
    [{ topNum: 101 }, 'Top N must be a whole number from 10 to 100'],
    [{ topNum: 12.5 }, 'Top N must be a whole number from 10 to 100'],
    [{ authorWeight: 0.5 }, 'The author weight must be from 1 to 5'],
    [{ authorWeight: 6 }, 'The author weight must be from 1 to 5'],
    [{ tweetWeight: 3.5 }, 'The tweet weight must be from 1 to 3'],
    [
      { commentWeight: 1.5, retweetWeight: 0, exposureWeight: 0 },
      'Comment, retweet and exposure weights must be from 0 to 1',
    ],
    [{ exposureWeight: -0.1 }, 'Comment, retweet and exposure weights must be from 0 to 1'],
    [{ commentWeight: 0.5, retweetWeight: 0.4, exposureWeight: 0.4 }, 'must add up to 1 (they add up to 1.3)'],
    // Left-out weights count with their defaults (0.4 + 0.4 here).
    [{ commentWeight: 0.5 }, 'must add up to 1 (they add up to 1.3)'],
    [{ statRangeSeconds: 30 }, 'The time range must be a whole number of seconds from 1 minute to 30 days'],
    [{ statRangeSeconds: 31 * 86_400 }, 'from 1 minute to 30 days'],
    [{ topNum: 'ten' }, 'Top N must be a whole number from 10 to 100'],
    [{ sortingIndicatorType: 'volume' }, 'Invalid value for "sorting_indicator_type"'],
    [{ logTransform: 'yes' }, 'Invalid value for "log_transform"'],
  ];
  for (const [settings, msg] of cases) {
    it(`refuses ${JSON.stringify(settings)}`, async () => {
      const res = await t.call(
        'view/add',
        { name: 'Bad', viewType: 'ranking_list', matchingRules: [], ...settings },
        { token },
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ ret: 400 });
      expect(res.body.msg).toContain(msg);
    });
  }

  it('says it in Chinese too, and saves nothing', async () => {
    const before = ((await t.call('view/v2/list', {}, { token })).body.data as unknown[]).length;
    const res = await t.call(
      'view/add',
      { name: 'Bad', viewType: 'ranking_list', matchingRules: [], commentWeight: 0.1, retweetWeight: 0.1 },
      { token, lang: 'zh-CN' },
    );
    expect(res.body).toEqual({ ret: 400, msg: '评论、转发和曝光权重之和须为 1（当前为 0.6）' });
    expect(((await t.call('view/v2/list', {}, { token })).body.data as unknown[]).length).toBe(before);
  });

  it('checks the weights on update too, and keeps valid settings', async () => {
    const settings = {
      topNum: 30,
      authorWeight: 4.5,
      tweetWeight: 1,
      commentWeight: 0.5,
      retweetWeight: 0.25,
      exposureWeight: 0.25,
      logTransform: false,
      newCoinEntry: true,
      fastestRising: true,
      statRangeSeconds: 7200,
      sortingIndicatorType: 'kol_count',
    };
    const id = await addRank(settings);
    expect((await t.call('view/info', { viewId: id }, { token })).body.data).toMatchObject({
      name: 'My ranking',
      view_type: 'ranking_list',
      top_num: 30,
      comment_weight: 0.5,
      sorting_indicator_type: 'kol_count',
    });
    const bad = await t.call(
      'view/update',
      { viewId: id, name: 'R', viewType: 'ranking_list', matchingRules: [], ...settings, exposureWeight: 0.3 },
      { token },
    );
    expect(bad.body).toMatchObject({ ret: 400, msg: expect.stringContaining('add up to 1 (they add up to 1.05)') });
    expect((await t.call('view/info', { viewId: id }, { token })).body.data).toMatchObject({ exposure_weight: 0.25 });
  });

  it('refuses a malformed cursor or a missing view id', async () => {
    const id = await addRank();
    const cursor = await t.call('view/ranking_list', { viewId: id, nextCb: 'not-a-cursor' }, { token });
    expect(cursor.body).toEqual({ ret: 400, msg: 'The page cursor is not valid; reload the list' });
    const missing = await t.call('view/ranking_list', {}, { token });
    expect(missing.body).toEqual({ ret: 400, msg: 'An id is required' });
  });
});

describe('ownership', () => {
  it("answers another user's view, another view type and an unknown id with the same not found", async () => {
    const mine = await addRank();
    const notFound = { ret: 404, msg: 'Not found' };
    const theirs = await t.call('view/ranking_list', { viewId: mine }, { token: other });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(notFound);
    // The same answer view/info gives for it.
    expect((await t.call('view/info', { viewId: mine }, { token: other })).body).toEqual(notFound);
    const feeds = (await t.call('view/v2/list', {}, { token })).body.data as { view_id: string; view_type: string }[];
    const feed = feeds.find((v) => v.view_type === 'content_feed')!.view_id;
    expect((await t.call('view/ranking_list', { viewId: feed }, { token })).body).toEqual(notFound);
    expect((await t.call('view/ranking_list', { viewId: '999999' }, { token })).body).toEqual(notFound);
    expect((await t.call('view/ranking_list', { viewId: 'abc' }, { token })).body).toEqual(notFound);
    expect((await t.call('view/ranking_list', { viewId: mine })).status).toBe(401);
  });
});

describe('defaults', () => {
  it('rank the last 24 h by heat, top 10, for a view without settings and for Hot Coins', async () => {
    const E = await fresh();
    const [OLD, NEW, ...C] = listed(14, ['BTC']);
    const posts: RankPost[] = Array.from({ length: 12 }, (_, i) => ({
      ct: E - 3600 * (i + 1),
      coins: [C[i]!],
      author: `d${i}`,
      followers: 10 ** (i % 7),
      impressions: 100 * i,
    }));
    // Outside the window: 25 h ago, and in the last minute (the window ends at the minute).
    posts.push({ ct: E - 25 * 3600, coins: [OLD!], author: 'd0', followers: 1 });
    posts.push({ ct: E + 10, coins: [NEW!], author: 'd0', followers: 1 });
    // One post whose heat is worked out by hand below.
    posts.push({
      ct: E - 600,
      coins: ['BTC'],
      author: 'hand',
      followers: 999_999,
      replies: 10,
      retweets: 5,
      quotes: 2,
      impressions: 5000,
    });
    await savePosts(t.db, posts);

    const id = await addRank();
    const views = (await t.call('view/v2/list', {}, { token })).body.data as { view_id: string; view_type: string }[];
    const hotCoins = views.find((v) => v.view_type === 'hot_coins')!.view_id;
    for (const viewId of [id, hotCoins]) {
      const a = await rank(viewId);
      expect(a).toMatchObject({
        stat_range_seconds: 86_400,
        update_time: E,
        sorting_indicator_type: 'hot',
        more: 0,
        next_cb: '',
      });
      expect(a.list).toHaveLength(10);
      expect(a.list.map((i) => i.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(coinsOf(a)).not.toContain(OLD);
      expect(coinsOf(a)).not.toContain(NEW);
      const hots = a.list.map((i) => i.hot);
      expect(hots).toEqual([...hots].sort((x, y) => y - x));
      // alpha 2, beta 2, weights 0.2/0.4/0.4, logs on: 2·log10(1e6) + 2·(0.2·ln 11 + 0.4·ln 8 + 0.4·ln 5001)
      const expected = 2 * 6 + 2 * (0.2 * Math.log(11) + 0.4 * Math.log(8) + 0.4 * Math.log(5001));
      expect(hotOf(a, 'BTC')).toBeCloseTo(expected, 1);
      expect(a.list.find((i) => i.coin === 'BTC')).toMatchObject({
        icon: '/coin-icons/btc.svg',
        users_whistleblower: [{ icon: '/icons/hand.png', username: 'hand' }],
        users_crown: [{ icon: '/icons/hand.png', username: 'hand' }],
      });
      expect(a.list[0]!.is_new).toBeUndefined();
      expect(a.list[0]!.growth).toBeUndefined();
    }
  });
});

describe('each parameter', () => {
  it('alpha favours influential authors, beta engaged posts', async () => {
    await fresh();
    const E = await fresh();
    await savePosts(t.db, [
      ...[1, 2, 3].map((i) => ({ ct: E - i * 600, coins: ['SOL'], author: `whale${i}`, followers: 1_000_000 })),
      ...[1, 2, 3].map((i) => ({
        ct: E - i * 700,
        coins: ['DOGE'],
        author: `shrimp${i}`,
        followers: 0,
        replies: 100,
        retweets: 100,
        impressions: 100,
      })),
    ]);
    // SOL: alpha·3·6; DOGE: beta·3·ln 101 (the three weights add up to 1).
    const byAuthor = await rank(await addRank({ authorWeight: 5, tweetWeight: 1 }));
    const byEngagement = await rank(await addRank({ authorWeight: 1, tweetWeight: 3 }));
    expect(coinsOf(byAuthor)).toEqual(['SOL', 'DOGE']);
    expect(coinsOf(byEngagement)).toEqual(['DOGE', 'SOL']);
    expect(hotOf(byAuthor, 'SOL')).toBeCloseTo(5 * 18, 1);
    expect(hotOf(byEngagement, 'DOGE')).toBeCloseTo(3 * 3 * Math.log(101), 1);
  });

  it('the three weights pick comments, retweets or exposure', async () => {
    const E = await fresh();
    await savePosts(t.db, [
      { ct: E - 100, coins: ['PEPE'], author: 'talker', followers: 0, replies: 1000 },
      { ct: E - 200, coins: ['WIF'], author: 'sharer', followers: 0, retweets: 600, quotes: 400 },
      { ct: E - 300, coins: ['BONK'], author: 'viewer', followers: 0, impressions: 1000 },
    ]);
    const top = async (w: [number, number, number]) =>
      coinsOf(await rank(await addRank({ commentWeight: w[0], retweetWeight: w[1], exposureWeight: w[2] })))[0];
    expect(await top([0.8, 0.1, 0.1])).toBe('PEPE');
    expect(await top([0.1, 0.8, 0.1])).toBe('WIF');
    expect(await top([0.1, 0.1, 0.8])).toBe('BONK');
  });

  it('the log transform lets many ordinary posts beat one viral post', async () => {
    const E = await fresh();
    await savePosts(t.db, [
      { ct: E - 100, coins: ['ARB'], author: 'viral', followers: 0, impressions: 10_000_000 },
      ...Array.from({ length: 10 }, (_, i) => ({
        ct: E - 200 - i,
        coins: ['OP'],
        author: 'steady',
        followers: 0,
        impressions: 1000,
      })),
    ]);
    expect(coinsOf(await rank(await addRank({ logTransform: true })))).toEqual(['OP', 'ARB']);
    const raw = await rank(await addRank({ logTransform: false }));
    expect(coinsOf(raw)).toEqual(['ARB', 'OP']);
    expect(hotOf(raw, 'ARB')).toBeCloseTo(2 * 0.4 * 10_000_000, 1);
  });

  it('topNum bounds the list', async () => {
    const E = await fresh();
    await savePosts(
      t.db,
      listed(25).map((coin, i) => ({ ct: E - 60 * (i + 1), coins: [coin], author: 'lister' })),
    );
    expect(await rank(await addRank({ topNum: 10 }))).toMatchObject({ more: 0, list: { length: 10 } });
    const wideId = await addRank({ topNum: 25 });
    const wide = await rank(wideId);
    expect(wide).toMatchObject({ more: 1, list: { length: 20 } });
    expect(await rank(wideId, wide.next_cb)).toMatchObject({ more: 0, list: { length: 5 } });
  });

  it('statRangeSeconds sets the window, down to minutes read straight from posts', async () => {
    const E = await fresh();
    await savePosts(t.db, [
      { ct: E - 30 * 3600, coins: ['LTC'], author: 'early' },
      { ct: E - 5 * 60, coins: ['XRP'], author: 'recent' },
      { ct: E - 20 * 60, coins: ['ADA'], author: 'recent' },
    ]);
    expect(coinsOf(await rank(await addRank())).sort()).toEqual(['ADA', 'XRP']);
    expect(coinsOf(await rank(await addRank({ statRangeSeconds: 2 * 86_400 }))).sort()).toEqual(['ADA', 'LTC', 'XRP']);
    const tenMinutes = await rank(await addRank({ statRangeSeconds: 600 }));
    expect(tenMinutes).toMatchObject({ stat_range_seconds: 600 });
    expect(coinsOf(tenMinutes)).toEqual(['XRP']);
  });

  it('sortingIndicatorType orders by the chosen indicator and shows its value', async () => {
    const E = await fresh();
    await savePosts(t.db, [
      ...Array.from({ length: 5 }, (_, i) => ({
        ct: E - 100 - i,
        coins: ['LINK'],
        author: 'loner',
        followers: 10,
        likes: 100,
      })),
      ...['a', 'b', 'c', 'd'].map((x) => ({
        ct: E - 200,
        coins: ['UNI'],
        author: `crowd_${x}`,
        followers: 100,
        replies: 20,
      })),
      ...['v1', 'v2'].map((x) => ({ ct: E - 300, coins: ['AAVE'], author: x, followers: 1_000_000, verified: true })),
      { ct: E - 400, coins: ['TIA'], author: 'retweeted', followers: 10, retweets: 300 },
      { ct: E - 500, coins: ['SEI'], author: 'seen', followers: 10, impressions: 1_000_000 },
    ]);
    const expectations: [string, string, number][] = [
      ['hot', 'AAVE', 24],
      ['kol_score', 'AAVE', 12],
      ['verified_kol_count', 'AAVE', 2],
      ['kol_count', 'UNI', 4],
      ['comment_count', 'UNI', 80],
      ['retweet_count', 'TIA', 300],
      ['impression_count', 'SEI', 1_000_000],
      ['like_count', 'LINK', 500],
    ];
    for (const [indicator, winner, value] of expectations) {
      const a = await rank(await addRank({ sortingIndicatorType: indicator }));
      expect(a.sorting_indicator_type).toBe(indicator);
      expect(a.list[0]).toMatchObject({ coin: winner });
      expect(a.list[0]!.hot).toBeCloseTo(value, 1);
      const hots = a.list.map((i) => i.hot);
      expect(hots).toEqual([...hots].sort((x, y) => y - x));
    }
  });
});

describe('monotonicity', () => {
  it('a coin never cools when a post, a count, a follower or a weight is added', async () => {
    const E = await fresh();
    const view = await addRank({ topNum: 10 });
    const [id] = await savePosts(t.db, [{ ct: E - 100, coins: ['ETH'], author: 'mono', followers: 100, replies: 1 }]);
    const hot = async (viewId = view) => {
      t.clock.advance(60); // past the minute's cache
      return hotOf(await rank(viewId), 'ETH')!;
    };
    const steps: number[] = [await hot()];
    await savePosts(t.db, [{ ct: E - 90, coins: ['ETH'], author: 'mono2', followers: 5 }]);
    steps.push(await hot());
    await savePosts(t.db, [
      { id, ct: E - 100, coins: ['ETH'], author: 'mono', followers: 100, replies: 50, impressions: 9 },
    ]);
    steps.push(await hot());
    await savePosts(t.db, [
      { id, ct: E - 100, coins: ['ETH'], author: 'mono', followers: 100_000, replies: 50, impressions: 9 },
    ]);
    steps.push(await hot());
    for (let i = 1; i < steps.length; i++) expect(steps[i]).toBeGreaterThan(steps[i - 1]!);

    const base = await hot(await addRank({ authorWeight: 1, tweetWeight: 1 }));
    expect(await hot(await addRank({ authorWeight: 3, tweetWeight: 1 }))).toBeGreaterThan(base);
    expect(await hot(await addRank({ authorWeight: 1, tweetWeight: 2 }))).toBeGreaterThan(base);
  });
});

describe('whistleblowers and crowns', () => {
  it('are the first to post in the window and the most followed who did', async () => {
    const E = await fresh();
    const S = E - 86_400; // 30 minutes into its hour
    await savePosts(t.db, [
      // Posted before the window and again inside it, within the window's first hour.
      { ct: S - 600, coins: ['SUI'], author: 'returning', followers: 500 },
      { ct: S + 1200, coins: ['SUI'], author: 'returning', followers: 500 },
      { ct: S + 300, coins: ['SUI'], author: 'first', followers: 10 },
      { ct: S + 900, coins: ['SUI'], author: 'second', followers: 2_000 },
      { ct: S + 3 * 3600, coins: ['SUI'], author: 'later', followers: 90_000 },
      { ct: S + 4 * 3600, coins: ['SUI'], author: 'last', followers: 5 },
      { ct: S + 5 * 3600, coins: ['SUI'], author: 'latest', followers: 7 },
      { ct: S + 6 * 3600, coins: ['SUI'], author: 'first', followers: 10 },
      // Only before the window: neither.
      { ct: S - 1200, coins: ['SUI'], author: 'gone', followers: 50_000_000 },
    ]);
    const item = (await rank(await addRank())).list.find((i) => i.coin === 'SUI')!;
    expect(item.users_whistleblower.map((u) => u.username)).toEqual(['first', 'second', 'returning', 'later', 'last']);
    expect(item.users_crown.map((u) => u.username)).toEqual(['later', 'second', 'returning', 'first', 'latest']);
    // The id opens the KOL profile from the avatar.
    expect(item.users_crown[0]).toEqual({ id: 'id-later', icon: '/icons/later.png', username: 'later' });
    expect(item.users_whistleblower[0]!.id).toBe('id-first');
    // The strips hold five; the count says six KOLs posted in the window ('gone' only before it),
    // so the column reads "+3" beside three avatars, not a "+2" that any count would give.
    expect(item.kol_count).toBe(6);
  });
});

describe('against the previous window', () => {
  it('newCoinEntry marks coins that were not in the previous top', async () => {
    const E = await fresh();
    const D = 86_400;
    // Previous window: eleven coins, P[10] the weakest (outside a top 10).
    const [FRESH, SOLO, ...P] = listed(13);
    await savePosts(
      t.db,
      P.map((coin, i) => ({ ct: E - D - 3600, coins: [coin], author: `prev${i}`, followers: 10 ** (10 - i) })),
    );
    // Now: each by the minimum of distinct KOLs, but SOLO, named by one KOL only.
    await savePosts(t.db, [
      ...byKols(P[0]!, RANK_MIN_KOLS, E - 3600),
      ...byKols(P[10]!, RANK_MIN_KOLS, E - 3600),
      ...byKols(FRESH!, RANK_MIN_KOLS, E - 3600),
      { ct: E - 3600, coins: [SOLO!], author: 'solo', followers: 1e9 },
    ]);
    const marked = await rank(await addRank({ newCoinEntry: true }));
    expect(Object.fromEntries(marked.list.map((i) => [i.coin, i.is_new]))).toEqual({
      [P[0]!]: false,
      [P[10]!]: true,
      [FRESH!]: true,
      // Not in the previous top, but one KOL is below the minimum volume of a new entry.
      [SOLO!]: false,
    });
    const plain = await rank(await addRank());
    expect(plain.list.every((i) => i.is_new === undefined)).toBe(true);
  });

  it('fastestRising ranks growth among coins with the minimum of distinct KOLs in both windows', async () => {
    const E = await fresh();
    const D = 86_400;
    const [BIG, RISER, FALLER, NEWBIE, LONER, FADED] = ['ETH', 'SOL', 'DOGE', 'PEPE', 'WIF', 'BONK'] as const;
    /** n posts about a coin by one author. */
    const byOne = (coin: string, n: number, ct: number): RankPost[] =>
      Array.from({ length: n }, (_, i) => ({ ct: ct - i, coins: [coin], author: `${coin}-one`, followers: 99 }));
    await savePosts(t.db, [
      ...byKols(BIG, 10, E - D - 600, 'big'),
      ...byKols(BIG, 12, E - 600, 'big'),
      ...byKols(RISER, RANK_MIN_KOLS, E - D - 600, 'riser'),
      ...byKols(RISER, 4 * RANK_MIN_KOLS, E - 600, 'riser'),
      ...byKols(FALLER, 5, E - D - 600, 'faller'),
      ...byKols(FALLER, RANK_MIN_KOLS, E - 600, 'faller'),
      // Nothing before: a new entry, not a riser.
      ...byKols(NEWBIE, 6, E - 600, 'newbie'),
      // +500 % from one KOL: below the minimum in both windows.
      ...byOne(LONER, 1, E - D - 600),
      ...byOne(LONER, 6, E - 600),
      // Enough KOLs before, too few now.
      ...byKols(FADED, RANK_MIN_KOLS, E - D - 600, 'faded'),
      ...byOne(FADED, 20, E - 600),
    ]);
    const a = await rank(await addRank({ fastestRising: true }));
    expect(a).toMatchObject({ fastest_rising: true, new_coin_entry: false });
    expect(coinsOf(a)).toEqual([RISER, BIG, FALLER]);
    expect(a.list.map((i) => i.growth)).toEqual([3, 0.2, -0.4]);
    // Without it, every catalogue coin by heat (posts here: each adds the same heat).
    expect(coinsOf(await rank(await addRank()))).toEqual([FADED, BIG, RISER, NEWBIE, LONER, FALLER]);
  });
});

describe('unknown tickers', () => {
  it('count as coins once the minimum of distinct KOLs named them in the window, stored junk included', async () => {
    const E = await fresh();
    await savePosts(t.db, [
      // What the extractor stored before it read "$BTC100x多单" as BTC: many posts, two KOLs.
      ...Array.from({ length: 30 }, (_, i) => ({ ct: E - 600 - i, coins: ['BTC100X'], author: `junk${i % 2}` })),
      ...byKols('NEWCOIN', RANK_MIN_KOLS, E - 900),
      ...byKols('ALMOST', RANK_MIN_KOLS - 1, E - 900),
      { ct: E - 1200, coins: ['ETH'], author: 'lone', followers: 1 },
    ]);
    const hot = await rank(await addRank());
    expect(coinsOf(hot)).toEqual(['NEWCOIN', 'ETH']);
    const kols = await rank(await addRank({ sortingIndicatorType: 'kol_count' }));
    expect(kols.list.map((i) => [i.coin, i.hot])).toEqual([
      ['NEWCOIN', RANK_MIN_KOLS],
      ['ETH', 1],
    ]);
    // One more KOL and ALMOST is a coin too.
    await savePosts(t.db, [{ ct: E - 300, coins: ['ALMOST'], author: 'third' }]);
    t.clock.advance(60);
    expect(coinsOf(await rank(await addRank()))).toContain('ALMOST');
  });
});

describe('paging', () => {
  it('walks the list by next_cb without repeats, from one window even as posts arrive', async () => {
    const E = await fresh();
    const Q = listed(45, ['BTC']);
    await savePosts(
      t.db,
      Q.map((coin, i) => ({ ct: E - 60 * (i + 1), coins: [coin], author: `pager${i}`, followers: 1000 * (45 - i) })),
    );
    const id = await addRank({ topNum: 45 });
    const first = await rank(id);
    expect(first).toMatchObject({ more: 1 });
    expect(first.list.map((i) => i.rank)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // A new coin arrives, hotter than all, and a few minutes pass before the next page.
    t.clock.advance(180);
    await savePosts(t.db, [{ ct: E + 100, coins: ['BTC'], author: 'late', followers: 1e9 }]);
    const second = await rank(id, first.next_cb);
    const third = await rank(id, second.next_cb);
    expect(second).toMatchObject({ more: 1, update_time: E });
    expect(third).toMatchObject({ more: 0, next_cb: '', update_time: E });
    expect(third.list.map((i) => i.rank)).toEqual([41, 42, 43, 44, 45]);
    const all = [...first.list, ...second.list, ...third.list].map((i) => i.coin);
    expect(new Set(all).size).toBe(45);
    expect(all).toEqual(Q);
    // A new first page sees the newcomer.
    expect((await rank(id)).list[0]!.coin).toBe('BTC');
  });
});
