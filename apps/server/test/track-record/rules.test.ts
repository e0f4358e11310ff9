/** The track-record rules, on hand-computed cases (services/track-record/rules.ts). */
import { describe, expect, it } from 'vitest';
import {
  type Candidate,
  candidateOf,
  chainCalls,
  type Closes,
  isHit,
  median,
  outcomeOf,
  type PostCoin,
  statsOf,
  wilsonLower,
} from '../../src/services/track-record/rules';

const D = 86_400;

function closesOf(rows: [coin: string, interval: '5m' | '1h', openTime: number, close: number][]): Closes {
  const m = new Map(rows.map(([c, i, t, v]) => [`${c} ${i} ${t}`, v]));
  return { close: (c, i, t) => m.get(`${c} ${i} ${t}`) };
}

const cand = (ct: number, postId = String(ct)): Candidate => ({
  postId,
  authorId: 'a',
  coin: 'SOL',
  ct,
  stance: 'bullish',
});

const postCoin = (over: Partial<PostCoin> = {}): PostCoin => ({
  postId: 'p',
  authorId: 'a',
  ct: 0,
  text: 'SOL to the moon',
  refKind: '',
  sentiment: 1,
  sure: true,
  coin: 'SOL',
  coinStance: null,
  ...over,
});

describe('which posts are calls', () => {
  it('counts the first call in 7 days, anchored on calls', () => {
    const calls = chainCalls([cand(0), cand(3 * D), cand(7 * D), cand(8 * D), cand(14 * D)], null);
    // 3d and 8d fall within 7 days of a call; 7d is exactly 7 days after the first, so it counts.
    expect(calls.map((c) => c.ct / D)).toEqual([0, 7, 14]);
  });

  it('shifts the chain when an earlier post arrives', () => {
    const later = [cand(0), cand(6 * D), cand(12 * D)];
    expect(chainCalls(later, null).map((c) => c.ct / D)).toEqual([0, 12]);
    const withEarlier = [cand(-1.5 * D), ...later];
    expect(chainCalls(withEarlier, null).map((c) => c.ct / D)).toEqual([-1.5, 6]);
    // Resumed after a call 2 days before the first candidate: 0 is within the window.
    expect(chainCalls(later, -2 * D).map((c) => c.ct / D)).toEqual([6]);
  });

  it('orders ties by post id (the walk order is the caller sorting by (ct, id))', () => {
    expect(chainCalls([cand(5, 'a'), cand(5, 'b')], null).map((c) => c.postId)).toEqual(['a']);
  });

  it('leaves out reposts, quotes, "RT @" texts and neutral stances', () => {
    expect(candidateOf(postCoin())).toMatchObject({ stance: 'bullish' });
    expect(candidateOf(postCoin({ refKind: 'repost' }))).toBeNull();
    expect(candidateOf(postCoin({ refKind: 'quote' }))).toBeNull();
    expect(candidateOf(postCoin({ refKind: 'reply' }))).toMatchObject({ stance: 'bullish' });
    expect(candidateOf(postCoin({ text: 'RT @someone: SOL to the moon' }))).toBeNull();
    expect(candidateOf(postCoin({ sentiment: 0 }))).toBeNull();
  });

  it('leaves out unsure readings: only calls count (issue 30), each coin with its own stance', () => {
    expect(candidateOf(postCoin({ sure: false }))).toBeNull();
    expect(candidateOf(postCoin({ sure: false, coinStance: -1 }))).toBeNull();
    // "$SHIB flipping $PEPE soon. Bullish.": a sure post calls both coins, opposite ways.
    expect(candidateOf(postCoin({ coin: 'PEPE', coinStance: -1 }))).toMatchObject({ coin: 'PEPE', stance: 'bearish' });
  });

  it('leaves out stablecoins: a bullish "USDC minted" post is no trade', () => {
    expect(candidateOf(postCoin({ coin: 'USDC' }))).toBeNull();
    expect(candidateOf(postCoin({ coin: 'USDT', sentiment: -1 }))).toBeNull();
  });

  it('takes the per-coin stance over the post label', () => {
    expect(candidateOf(postCoin({ sentiment: 1, coinStance: -1 }))).toMatchObject({ stance: 'bearish' });
    expect(candidateOf(postCoin({ sentiment: 1, coinStance: 0 }))).toBeNull();
    expect(candidateOf(postCoin({ sentiment: -1, coinStance: null }))).toMatchObject({ stance: 'bearish' });
  });
});

describe('entry and exits', () => {
  it('enters at the close of the 5-minute candle containing the post, else the hourly one', () => {
    const hourly = closesOf([['SOL', '1h', 0, 100]]);
    expect(outcomeOf(hourly, { coin: 'SOL', ct: 1000 })).toMatchObject({ entryCt: 3600, entryPrice: 100 });
    const both = closesOf([
      ['SOL', '1h', 0, 100],
      ['SOL', '5m', 900, 99],
    ]);
    expect(outcomeOf(both, { coin: 'SOL', ct: 1000 })).toMatchObject({ entryCt: 1200, entryPrice: 99 });
    expect(outcomeOf(closesOf([]), { coin: 'SOL', ct: 1000 }).entryCt).toBeNull();
  });

  it('exits at the candle containing entry + horizon, each horizon on its own, null while unknown', () => {
    const closes = closesOf([
      ['SOL', '1h', 0, 100], // entry 3600
      ['SOL', '1h', 7200, 110], // contains 3600 + 1h
      ['SOL', '1h', 90000, 90], // contains 3600 + 24h = 90000
      ['BTC', '1h', 0, 50_000],
      ['BTC', '1h', 7200, 51_000],
      ['BTC', '1h', 90000, 50_000],
    ]);
    const o = outcomeOf(closes, { coin: 'SOL', ct: 1000 });
    expect(o.raw[0]).toBeCloseTo(0.1, 12);
    // BTC rose 2 % over the same times: 10 % - 2 % in excess.
    expect(o.excess[0]).toBeCloseTo(0.08, 12);
    expect(o.raw[1]).toBeCloseTo(-0.1, 12);
    expect(o.excess[1]).toBeCloseTo(-0.1, 12);
    expect(o.raw[2]).toBeNull();
    expect(o.excess[3]).toBeNull();
  });

  it('measures BTC against the equal-weighted basket of the coins with both prices', () => {
    const closes = closesOf([
      ['BTC', '1h', 0, 100],
      ['BTC', '1h', 7200, 105],
      ['ETH', '1h', 0, 100],
      ['ETH', '1h', 7200, 101],
      ['SOL', '1h', 0, 100],
      ['SOL', '1h', 7200, 97],
      ['XRP', '1h', 0, 100], // no exit price: left out
    ]);
    const o = outcomeOf(closes, { coin: 'BTC', ct: 1000 });
    expect(o.raw[0]).toBeCloseTo(0.05, 12);
    // Basket: (1 % - 3 %) / 2 = -1 %.
    expect(o.excess[0]).toBeCloseTo(0.06, 12);
  });

  it('has no excess return without a benchmark price', () => {
    const closes = closesOf([
      ['SOL', '1h', 0, 100],
      ['SOL', '1h', 7200, 110],
    ]);
    const o = outcomeOf(closes, { coin: 'SOL', ct: 1000 });
    expect(o.raw[0]).toBeCloseTo(0.1, 12);
    expect(o.excess[0]).toBeNull();
  });
});

describe('hits and stats', () => {
  it('judges bearish calls right when the price falls, and a zero return a miss', () => {
    expect(isHit('bearish', -0.02)).toBe(true);
    expect(isHit('bearish', 0.02)).toBe(false);
    expect(isHit('bullish', 0.02)).toBe(true);
    expect(isHit('bullish', 0)).toBe(false);
    expect(isHit('bearish', 0)).toBe(false);
    expect(isHit('bullish', null)).toBeNull();
  });

  it('gives the Wilson lower bound', () => {
    expect(wilsonLower(8, 10)).toBeCloseTo(0.4902, 4);
    expect(wilsonLower(0, 10)).toBe(0);
    expect(wilsonLower(10, 10)).toBeCloseTo(0.7225, 4);
    expect(wilsonLower(0, 0)).toBe(0);
  });

  it('takes medians of even and odd counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });

  it('counts resolved and pending calls, shows no bound below 10, picks best and worst by signed excess', () => {
    const call = (postId: string, stance: 'bullish' | 'bearish', excess: number | null, raw = excess) => ({
      postId,
      coin: 'SOL',
      ct: Number(postId),
      stance,
      raw: [raw, null, null, null],
      excess: [excess, null, null, null],
    });
    const calls = [
      call('1', 'bullish', 0.05),
      call('2', 'bearish', -0.2), // fell 20 % on a bearish call: the best
      call('3', 'bullish', -0.1, 0.01), // excess miss, raw hit: the worst
      call('4', 'bullish', null),
    ];
    const s = statsOf(calls, '1h');
    expect(s).toMatchObject({ calls: 3, pending: 1, hits: 2, rawHits: 3, hitRateLow: null });
    // Medians are in each call's direction: +0.05, +0.2 (the bearish fall), -0.1 → +0.05.
    expect(s.medianExcess).toBeCloseTo(0.05, 12);
    // Raw in each call's direction: +0.05, +0.2, +0.01 → +0.05.
    expect(s.medianRaw).toBeCloseTo(0.05, 12);
    expect(s.best).toEqual({ postId: '2', coin: 'SOL' });
    expect(s.worst).toEqual({ postId: '3', coin: 'SOL' });
    const ten = Array.from({ length: 10 }, (_, i) => call(String(i), 'bullish', i < 8 ? 0.01 : -0.01));
    expect(statsOf(ten, '1h').hitRateLow).toBeCloseTo(0.4902, 4);
    expect(statsOf(ten, '24h')).toMatchObject({ calls: 0, pending: 10, hitRateLow: null, best: null });
  });
});
