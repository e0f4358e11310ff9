/** kol/track_record and kol/leaderboard through HTTP: answers, errors, ownership and paging. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wilsonLower } from '../../src/services/track-record/rules';
import { registerAndLogin, startTestApp, type TestApp } from '../support/test-app';
import { savePosts, storeCandles, type TrackPost } from './support';

const D = 86_400;
const T0 = 1_700_006_400;
let t: TestApp;
let ann: string;
let bob: string;

/** Author 101: 25 calls on SOL 8 days apart, the last 5 bearish. Authors 102..125: (id % 13) bullish calls each. */
const callsOf = (author: number) => (author === 101 ? 25 : author % 13);

beforeAll(async () => {
  t = await startTestApp();
  ann = await registerAndLogin(t, 'ann@example.com');
  bob = await registerAndLogin(t, 'bob@example.com');
  const store = t.services.trackRecord.store;
  const posts: TrackPost[] = [];
  for (let a = 101; a <= 125; a++) {
    for (let k = 0; k < callsOf(a); k++) {
      posts.push({
        id: `${a}${String(k).padStart(3, '0')}`,
        authorId: String(a),
        ct: T0 + k * 8 * D + a * 60,
        coins: ['SOL'],
        sentiment: a === 101 && k >= 20 ? 'bearish' : 'bullish',
      });
    }
  }
  // A repost that would otherwise be a call, and a neutral post: neither counts.
  posts.push({
    id: '101900',
    authorId: '101',
    ct: T0 + 400 * D,
    coins: ['SOL'],
    sentiment: 'bullish',
    refKind: 'repost',
  });
  posts.push({ id: '101901', authorId: '101', ct: T0 + 401 * D, coins: ['SOL'], sentiment: 'neutral' });
  for (let i = 0; i < posts.length; i += 40) await savePosts(t.db, store, posts.slice(i, i + 40));
  // SOL rises every hour; BTC stays flat, so excess returns equal raw ones.
  const hours = 240 * 24;
  for (const coin of ['SOL', 'BTC']) {
    const candles = Array.from({ length: hours }, (_, h) => ({
      coin,
      interval: '1h' as const,
      openTime: T0 + h * 3600,
      close: coin === 'SOL' ? 100 + h / 100 : 50_000,
    }));
    for (let i = 0; i < candles.length; i += 2000) await storeCandles(t.db, store, candles.slice(i, i + 2000));
  }
});
afterAll(() => t.close());

type Data = Record<string, unknown>;
const record = async (body: Data, token = ann, lang?: string) =>
  t.call('kol/track_record', body, { token, ...(lang ? { lang } : {}) });
const board = async (body: Data, token = ann) => t.call('kol/leaderboard', body, { token });

describe('kol/track_record', () => {
  it('answers stats, summary and calls for a horizon', async () => {
    const res = await record({ twitterUserId: '101', horizon: '1h' });
    expect(res.status).toBe(200);
    const d = res.body.data as {
      total_calls: number;
      stats: Data & { best: Data; worst: Data };
      summary: Data[];
      list: (Data & { returns: Data[]; path: { ct: number; price: number }[] })[];
      more: number;
    };
    expect(d.total_calls).toBe(25);
    // 20 bullish calls on a rising coin are right, 5 bearish ones wrong.
    expect(d.stats).toMatchObject({ horizon: '1h', calls: 25, pending: 0, hits: 20, hit_rate: 0.8 });
    expect(d.stats.hit_rate_low).toBeCloseTo(wilsonLower(20, 25), 12);
    expect(d.stats.raw_hit_rate).toBe(0.8);
    expect(d.stats.best).toMatchObject({ stance: 'bullish', coin: 'SOL' });
    expect(d.stats.worst).toMatchObject({ stance: 'bearish' });
    expect(d.summary.map((s) => s.horizon)).toEqual(['1h', '24h', '7d', '30d']);
    expect(d.list).toHaveLength(20);
    expect(d.more).toBe(1);
    const newest = d.list[0]!;
    expect(newest).toMatchObject({ post_id: '101024', stance: 'bearish', coin: 'SOL', entry_ct: T0 + 192 * D + 7200 });
    // Posted at +6060 s: the hourly candle from +3600 s closes at +7200 s.
    expect(newest.returns.map((r) => r.horizon)).toEqual(['1h', '24h', '7d', '30d']);
    expect(newest.returns[0]).toMatchObject({ hit: false });
    expect(newest.path.length).toBeGreaterThan(1);
    expect(newest.path.length).toBeLessThanOrEqual(32);
    expect(newest.path[0]!.ct).toBe(newest.entry_ct);
  });

  it('pages the calls newest first without gaps or repeats', async () => {
    const seen: string[] = [];
    let nextCb = '';
    for (let i = 0; i < 5; i++) {
      const d = (await record({ twitterUserId: '101', nextCb })).body.data as {
        list: { post_id: string; ct: number }[];
        next_cb: string;
      };
      seen.push(...d.list.map((c) => c.post_id));
      nextCb = d.next_cb;
      if (!nextCb) break;
    }
    expect(seen).toEqual(Array.from({ length: 25 }, (_, k) => `101${String(24 - k).padStart(3, '0')}`));
  });

  it('shows no rate below 10 calls', async () => {
    const d = (await record({ twitterUserId: '110', horizon: '24h' })).body.data as { stats: Data };
    expect(d.stats).toMatchObject({ calls: 6, hits: 6, hit_rate: null, hit_rate_low: null });
  });

  it('refuses an unknown account, a bad horizon and a bad cursor', async () => {
    const unknown = await record({ twitterUserId: 'nobody' }, ann, 'zh-CN');
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('未收录该 KOL');
    expect((await record({ twitterUserId: '101', horizon: '2h' })).status).toBe(400);
    expect((await record({ twitterUserId: '101', nextCb: 'garbage' })).status).toBe(400);
    expect((await t.call('kol/track_record', { twitterUserId: '101' })).status).toBe(401);
  });
});

describe('kol/leaderboard', () => {
  const allGroup = async (token: string) => {
    const groups = (await t.call('kol_group/list', {}, { token })).body.data as { id: string; is_default: boolean }[];
    return groups[0]!.id;
  };

  it('orders members by the lower bound, then the rest by calls, paged without gaps', async () => {
    const kolGroupId = await allGroup(ann);
    const rows: { rank: number; user: { id: string }; calls: number; hit_rate_low: number | null }[] = [];
    let nextCb = '';
    for (let i = 0; i < 5; i++) {
      const res = await board({ kolGroupId, horizon: '1h', nextCb });
      expect(res.status).toBe(200);
      const d = res.body.data as { list: typeof rows; next_cb: string };
      rows.push(...d.list);
      nextCb = d.next_cb;
      if (!nextCb) break;
    }
    const authors = Array.from({ length: 25 }, (_, i) => 101 + i).filter((a) => callsOf(a) > 0);
    const low = (a: number) => {
      const n = callsOf(a);
      const hits = a === 101 ? 20 : n;
      return n >= 10 ? wilsonLower(hits, n) : -1;
    };
    const expected = [...authors].sort(
      (a, b) => low(b) - low(a) || callsOf(b) - callsOf(a) || (String(a) < String(b) ? -1 : 1),
    );
    expect(rows.map((r) => r.user.id)).toEqual(expected.map(String));
    expect(rows.map((r) => r.rank)).toEqual(expected.map((_, i) => i + 1));
    expect(rows.find((r) => r.user.id === '101')!.hit_rate_low).toBeCloseTo(wilsonLower(20, 25), 12);
    expect(rows.find((r) => r.user.id === '110')!.hit_rate_low).toBeNull();
  });

  it('narrows to one coin', async () => {
    const kolGroupId = await allGroup(ann);
    const eth = (await board({ kolGroupId, coin: 'eth' })).body.data as { list: unknown[] };
    expect(eth.list).toEqual([]);
    const sol = (await board({ kolGroupId, coin: 'SOL' })).body.data as { list: unknown[] };
    expect(sol.list.length).toBe(20);
  });

  it("refuses another user's group, an unknown coin and a bad horizon", async () => {
    const annGroup = await allGroup(ann);
    const other = await board({ kolGroupId: annGroup }, bob);
    expect(other.status).toBe(404);
    const coin = await board({ kolGroupId: annGroup, coin: 'NOTACOIN' });
    expect(coin.status).toBe(400);
    expect(coin.body.msg).toContain('NOTACOIN');
    expect((await board({ kolGroupId: annGroup, horizon: 'week' })).status).toBe(400);
    expect((await board({ kolGroupId: annGroup, nextCb: 'x' })).status).toBe(400);
  });
});
