/**
 * kol/follow and kol/follow_calls (issue 33 §4) through HTTP, on a small example computed by hand:
 * four resolved calls at 24 h (+10 %, a short that lost 10 %, a short that made 20 %, a flat one),
 * one pending, one older than the window, and posts that are never calls (a stablecoin, an unsure
 * reading, a repost). Also kol/leaderboard over every tracked KOL ('all'), and ownership.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curveOf } from '../../src/services/track-record/follow';
import { registerAndLogin, startTestApp, type TestApp } from '../support/test-app';
import { savePosts, storeCandles, type TrackPost } from './support';

const H = 3600;
const D = 86_400;
let t: TestApp;
let ann: string;
let bob: string;
let T0: number;
let now: number;
let friends: string;

/** Hourly closes by candle open time, relative to T0. */
function closeOf(coin: string, open: number): number {
  const x = open - T0;
  if (coin === 'ETH') return x < 20 * H ? 100 : x < 2 * D + 10 * H ? 110 : 121;
  if (coin === 'SOL') return x < 4 * D + 5 * H ? 50 : 40;
  if (coin === 'BTC') return x < 3 * D ? 1000 : 1100;
  return 1; // USDT
}

beforeAll(async () => {
  t = await startTestApp();
  ann = await registerAndLogin(t, 'ann@example.com');
  bob = await registerAndLogin(t, 'bob@example.com');
  now = Math.floor(t.clock.now().getTime() / 1000);
  T0 = Math.floor(now / H) * H - 20 * D;
  const m = 10 * 60;
  const posts: TrackPost[] = [
    { id: '9001', authorId: '301', ct: T0 + m, coins: ['ETH'], sentiment: 'bullish' },
    { id: '9002', authorId: '302', ct: T0 + 2 * D + m, coins: ['ETH'], sentiment: 'bearish' },
    { id: '9003', authorId: '303', ct: T0 + 4 * D + m, coins: ['SOL'], sentiment: 'bearish' },
    { id: '9004', authorId: '301', ct: T0 + 6 * D + m, coins: ['SOL'], sentiment: 'bullish' },
    // Pending: its exit is after now.
    { id: '9005', authorId: '302', ct: now - 2 * H, coins: ['ETH'], sentiment: 'bullish' },
    // Older than the 90 days: a call, but not followed.
    { id: '9006', authorId: '303', ct: now - 95 * D, coins: ['ETH'], sentiment: 'bullish' },
    // Never calls: a stablecoin, an unsure reading, a repost.
    { id: '9007', authorId: '301', ct: T0 + D, coins: ['USDT'], sentiment: 'bullish' },
    { id: '9008', authorId: '303', ct: T0 + 5 * D, coins: ['ETH'], sentiment: 'bullish', unsure: true },
    { id: '9009', authorId: '302', ct: T0 + 8 * D, coins: ['SOL'], sentiment: 'bullish', refKind: 'repost' },
  ];
  await savePosts(t.db, posts);
  for (const coin of ['ETH', 'SOL', 'BTC', 'USDT']) {
    const candles = [];
    for (let open = T0 - H; open < now; open += H)
      candles.push({ coin, interval: '1h' as const, openTime: open, close: closeOf(coin, open) });
    await storeCandles(t.db, t.services.trackRecord.store, candles);
  }
  // Ann's group of 301 alone (the range holds nobody; 301 is on the whitelist).
  const add = await t.call(
    'kol_group/add',
    { name: 'Only 301', twitterUserFans: [900_000_000, 0], whiteTwitterUserIds: ['301'], blackTwitterUserIds: [] },
    { token: ann },
  );
  expect(add.body.ret).toBe(1);
  const groups = (await t.call('kol_group/list', {}, { token: ann })).body.data as { id: string; name: string }[];
  friends = groups.find((g) => g.name === 'Only 301')!.id;
});
afterAll(() => t.close());

type Data = Record<string, unknown>;
const groupsOf = async (token: string) =>
  (await t.call('kol_group/list', {}, { token })).body.data as { id: string; default_role?: string }[];
const follow = (body: Data, token = ann, lang?: string) =>
  t.call('kol/follow', body, { token, ...(lang ? { lang } : {}) });
const callsOf = async (body: Data, token = ann) => {
  const list: Data[] = [];
  let nextCb = '';
  do {
    const res = await t.call('kol/follow_calls', { ...body, nextCb }, { token });
    expect(res.status).toBe(200);
    const d = res.body.data as { list: Data[]; next_cb: string };
    list.push(...d.list);
    nextCb = d.next_cb;
  } while (nextCb);
  return list;
};

interface Follow {
  calls: number;
  pending: number;
  hits: number;
  hit_rate: number | null;
  median_return: number;
  final_return: number;
  btc_return: number;
  max_drawdown: number;
  since: number;
  curve: { ct: number; equity: number; btc: number | null }[];
}

describe('kol/follow', () => {
  it('matches the hand-computed example on the default All KOLs group', async () => {
    const all = (await groupsOf(ann)).find((g) => g.default_role === 'all')!.id;
    const res = await follow({ kolGroupId: all, horizon: '24h' });
    expect(res.status).toBe(200);
    const d = res.body.data as Follow;
    // Returns +0.10, -0.10 (a short on ETH 110 → 121), +0.20 (a short on SOL 50 → 40), 0.
    expect(d).toMatchObject({ calls: 4, pending: 1, hits: 2, hit_rate: null });
    expect(d.since).toBe(now - 90 * D);
    expect(d.median_return).toBeCloseTo(0.05, 12);
    expect(d.final_return).toBeCloseTo(0.2 / 4, 12);
    // The peak 1.025 after the first exit, then 1.000 after the losing short.
    expect(d.max_drawdown).toBeCloseTo(0.025 / 1.025, 12);
    // BTC bought at the first entry (1,000) and held to the last exit (1,100).
    expect(d.btc_return).toBeCloseTo(0.1, 12);
    const entry = T0 + H;
    expect(d.curve.map((p) => p.ct)).toEqual([
      entry,
      entry + D,
      T0 + 2 * D + H + D,
      T0 + 4 * D + H + D,
      T0 + 6 * D + H + D,
    ]);
    expect(d.curve.map((p) => p.equity)).toEqual([0, 0.025, 0, 0.05, 0.05].map((v) => expect.closeTo(v, 12)));
    expect(d.curve.map((p) => p.btc)).toEqual([0, 0, 0.1, 0.1, 0.1].map((v) => expect.closeTo(v, 12)));
  });

  it('lists the same calls: hits, returns and the final value agree', async () => {
    const all = (await groupsOf(ann)).find((g) => g.default_role === 'all')!.id;
    const d = (await follow({ kolGroupId: all, horizon: '24h' })).body.data as Follow;
    const list = await callsOf({ kolGroupId: all, horizon: '24h' });
    expect(list.map((c) => c.post_id)).toEqual(['9005', '9004', '9003', '9002', '9001']);
    const resolved = list.filter((c) => c.ret !== null);
    expect(resolved).toHaveLength(d.calls);
    expect(list.filter((c) => c.ret === null)).toHaveLength(d.pending);
    expect(list.filter((c) => c.hit === true)).toHaveLength(d.hits);
    const sum = resolved.reduce((s, c) => s + (c.ret as number), 0);
    expect(sum / resolved.length).toBeCloseTo(d.final_return, 12);
    expect(list.find((c) => c.post_id === '9002')).toMatchObject({
      stance: 'bearish',
      coin: 'ETH',
      entry_price: 110,
      exit_ct: T0 + 2 * D + H + D,
      hit: false,
      user: { id: '302' },
    });
    expect(list.find((c) => c.post_id === '9002')!.ret).toBeCloseTo(-0.1, 12);
  });

  it('follows one group only, and every KOL with "all"', async () => {
    const d = (await follow({ kolGroupId: friends, horizon: '24h' })).body.data as Follow;
    expect(d).toMatchObject({ calls: 2, pending: 0, hits: 1 });
    expect(d.final_return).toBeCloseTo(0.05, 12);
    expect((await callsOf({ kolGroupId: friends, horizon: '24h' })).map((c) => c.post_id)).toEqual(['9004', '9001']);
    const all = (await follow({ kolGroupId: 'all', horizon: '24h' }, bob)).body.data as Follow;
    expect(all).toMatchObject({ calls: 4, pending: 1, hits: 2 });
  });

  it('answers an empty group with no curve', async () => {
    const d = (await follow({ kolGroupId: friends, horizon: '30d' })).body.data as Follow;
    expect(d).toMatchObject({ calls: 0, hits: 0, final_return: null, max_drawdown: null, curve: [] });
  });

  it("refuses another user's group, bad input and no session, in the request's language", async () => {
    const other = await follow({ kolGroupId: friends }, bob, 'zh-CN');
    expect(other.status).toBe(404);
    expect(other.body.ret).not.toBe(1);
    expect(typeof other.body.msg).toBe('string');
    const otherCalls = await t.call('kol/follow_calls', { kolGroupId: friends }, { token: bob });
    expect(otherCalls.status).toBe(404);
    expect((await follow({ kolGroupId: friends, horizon: '2d' })).status).toBe(400);
    const empty = await follow({ kolGroupId: '' }, ann, 'zh-CN');
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toMatch(/[\u4e00-\u9fff]/);
    expect((await follow({ kolGroupId: 'nope' })).status).toBe(404);
    const cursor = await t.call('kol/follow_calls', { kolGroupId: friends, nextCb: 'garbage' }, { token: ann });
    expect(cursor.status).toBe(400);
    expect((await t.call('kol/follow', { kolGroupId: friends })).status).toBe(401);
  });
});

describe('kol/leaderboard over every KOL', () => {
  it("ranks every tracked KOL with 'all', for any user, also on one coin", async () => {
    const res = await t.call('kol/leaderboard', { kolGroupId: 'all', horizon: '24h', coin: 'SOL' }, { token: bob });
    expect(res.status).toBe(200);
    const ids = (res.body.data as { list: { user: { id: string } }[] }).list.map((r) => r.user.id).sort();
    expect(ids).toEqual(['301', '303']);
    const mine = await t.call('kol/leaderboard', { kolGroupId: friends, horizon: '24h', coin: 'SOL' }, { token: ann });
    expect((mine.body.data as { list: { user: { id: string } }[] }).list.map((r) => r.user.id)).toEqual(['301']);
  });
});

describe('curveOf', () => {
  it('keeps the last hour of each stretch and measures the drawdown hour by hour', () => {
    // Five hours of exits, 4 calls: +0.4, -0.8 (the dip), +0.4, 0, +0.4; shown in 2 stretches.
    const hours = [0.4, -0.8, 0.4, 0, 0.4].map((sum, k) => ({ hour: 10 + k, sum, last_exit: (10 + k) * H + 60 }));
    const c = curveOf(hours, 4, 9 * H, 3);
    expect(c.hourly.map((p) => p.equity)).toEqual([0.1, -0.1, 0, 0, 0.1].map((v) => expect.closeTo(v, 12)));
    expect(c.maxDrawdown).toBeCloseTo(0.2 / 1.1, 12);
    // Stretches of 9,030 s from the first entry: hours 10-11, then 12-14 (the last exit closes the last one).
    expect(c.shown.map((p) => p.ct)).toEqual([9 * H, 11 * H + 60, 14 * H + 60]);
    expect(curveOf(hours, 4, 9 * H).shown).toHaveLength(6);
  });
});
