/**
 * The track-record rules (issue 16 §3), pure: which posts are calls, where a call enters and
 * exits, its raw and excess returns, hits, the Wilson bound and the per-horizon stats. The
 * incremental store (services/track-record/index.ts) and the exactness test's direct
 * recomputation both run these, so the rules live in one place. Times are unix seconds.
 */
import { STABLECOINS } from '../../domain/coins/stablecoins';
import {
  CALL_WINDOW_SECONDS,
  TRACK_HORIZON_SECONDS,
  TRACK_HORIZONS,
  TRACK_MIN_CALLS,
  type TrackHorizon,
} from '@kolscope/contract';
import { INTERVAL_SECONDS, MARKET_BASKET } from '../../markets/types';

export type Stance = 'bullish' | 'bearish';

/** One coin of a stored post, as the rules need it. */
export interface PostCoin {
  postId: string;
  authorId: string;
  ct: number;
  text: string;
  refKind: string;
  /** posts.sentiment: 1, 0, -1. */
  sentiment: number;
  /** The reading is a call (posts.sentiment_call): sure enough that its direction is right 90 % of the time. */
  sure: boolean;
  coin: string;
  /** posts.coin_stances for this coin; null when absent (the post's label holds). */
  coinStance: number | null;
}

export interface Candidate {
  postId: string;
  authorId: string;
  coin: string;
  ct: number;
  stance: Stance;
}

/** A repost or quote repeats someone else's call; sources without markers still show "RT @". */
export function isRepost(refKind: string, text: string): boolean {
  return refKind === 'repost' || refKind === 'quote' || text.startsWith('RT @');
}

/**
 * The post's stance on that coin as a candidate call, or null (neutral, an unsure reading, a
 * repost/quote, a stablecoin). A sure post's coins take their own stances ("$SHIB flipping $PEPE"
 * is a call on both, opposite ways).
 */
export function candidateOf(p: PostCoin): Candidate | null {
  if (!p.sure || isRepost(p.refKind, p.text) || STABLECOINS.has(p.coin)) return null;
  const s = p.coinStance ?? p.sentiment;
  if (s !== 1 && s !== -1) return null;
  return { postId: p.postId, authorId: p.authorId, coin: p.coin, ct: p.ct, stance: s === 1 ? 'bullish' : 'bearish' };
}

/** (ct, id) order, the order a chain is walked in. */
export const byTime = (a: { ct: number; postId: string }, b: { ct: number; postId: string }) =>
  a.ct - b.ct || (a.postId < b.postId ? -1 : a.postId > b.postId ? 1 : 0);

/**
 * The calls among one (author, coin)'s candidates in (ct, id) order: a candidate is a call when
 * the last call is CALL_WINDOW_SECONDS or more before it. `lastCallCt` anchors a chain resumed
 * part-way (the last call before the first candidate), null for a chain from its start.
 */
export function chainCalls(sorted: Candidate[], lastCallCt: number | null): Candidate[] {
  const calls: Candidate[] = [];
  let last = lastCallCt;
  for (const c of sorted) {
    if (last !== null && c.ct - last < CALL_WINDOW_SECONDS) continue;
    calls.push(c);
    last = c.ct;
  }
  return calls;
}

/** Closes by candle: what the rules read prices from (a preloaded map, or a test's table). */
export interface Closes {
  close(coin: string, interval: '5m' | '1h', openTime: number): number | undefined;
}

/** The candles a price at `t` may read: the 5-minute one containing t, then the hourly one. */
export function candleKeys(coin: string, t: number): { coin: string; interval: '5m' | '1h'; openTime: number }[] {
  return (['5m', '1h'] as const).map((interval) => {
    const s = INTERVAL_SECONDS[interval];
    return { coin, interval, openTime: Math.floor(t / s) * s };
  });
}

/** The candle containing `t` (5m if stored, else 1h): its close time and close; null if neither. */
export function priceAt(closes: Closes, coin: string, t: number): { ct: number; price: number } | null {
  for (const k of candleKeys(coin, t)) {
    const price = closes.close(coin, k.interval, k.openTime);
    if (price !== undefined) return { ct: k.openTime + INTERVAL_SECONDS[k.interval], price };
  }
  return null;
}

/** What a call on `coin` is measured against: BTC, and for BTC the rest of the top-10 basket. */
export function benchmarkOf(coin: string): readonly string[] {
  return coin === 'BTC' ? MARKET_BASKET.filter((c) => c !== 'BTC') : ['BTC'];
}

/**
 * A benchmark coin's return over a call: from its price at the post time (the candle containing
 * it, the same rule as the call's entry) to its price at the call's exit time. The benchmark is
 * the equal-weighted mean over the coins that have both prices; null when none has.
 */
export function benchmarkRaw(closes: Closes, coin: string, postCt: number, exitAt: number): number | null {
  const rets: number[] = [];
  for (const b of benchmarkOf(coin)) {
    const from = priceAt(closes, b, postCt);
    const to = priceAt(closes, b, exitAt);
    if (from && to) rets.push(to.price / from.price - 1);
  }
  return rets.length ? rets.reduce((s, r) => s + r, 0) / rets.length : null;
}

export interface Outcome {
  entryCt: number | null;
  entryPrice: number | null;
  /** Per TRACK_HORIZONS entry; null while the exit candle (or the benchmark) is unknown. */
  raw: (number | null)[];
  excess: (number | null)[];
}

/** Times an outcome reads prices at: the post time, then entry + each horizon. */
export function exitTimes(entryCt: number): number[] {
  return TRACK_HORIZONS.map((h) => entryCt + TRACK_HORIZON_SECONDS[h]);
}

/**
 * Entry: the close of the candle containing the post time. Exit at a horizon: the close of the
 * candle containing entry + horizon. raw = exit / entry - 1; excess = raw - the benchmark's return
 * over the same times.
 */
export function outcomeOf(closes: Closes, call: { coin: string; ct: number }): Outcome {
  const entry = priceAt(closes, call.coin, call.ct);
  if (!entry)
    return {
      entryCt: null,
      entryPrice: null,
      raw: TRACK_HORIZONS.map(() => null),
      excess: TRACK_HORIZONS.map(() => null),
    };
  const raw: (number | null)[] = [];
  const excess: (number | null)[] = [];
  for (const at of exitTimes(entry.ct)) {
    const exit = priceAt(closes, call.coin, at);
    const r = exit ? exit.price / entry.price - 1 : null;
    const b = r === null ? null : benchmarkRaw(closes, call.coin, call.ct, at);
    raw.push(r);
    excess.push(r === null || b === null ? null : r - b);
  }
  return { entryCt: entry.ct, entryPrice: entry.price, raw, excess };
}

/** A bullish call is right when the return is above 0, a bearish one when below; 0 is a miss. */
export function isHit(stance: Stance, ret: number | null): boolean | null {
  if (ret === null) return null;
  return stance === 'bullish' ? ret > 0 : ret < 0;
}

/**
 * How right a call was: its excess return signed by the stance, so a bearish call on a coin that
 * fell 10 % against BTC scores +0.10. Best and worst calls are the highest and lowest of this.
 */
export const rightness = (stance: Stance, excess: number) => (stance === 'bullish' ? excess : -excess);

/** The z of a 95 % interval. */
export const WILSON_Z = 1.96;

/** The 95 % Wilson score interval's lower bound of hits out of n (0 when n is 0). */
export function wilsonLower(hits: number, n: number): number {
  if (n === 0) return 0;
  const p = hits / n;
  const z2 = WILSON_Z * WILSON_Z;
  const centre = p + z2 / (2 * n);
  const margin = WILSON_Z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return Math.max(0, (centre - margin) / (1 + z2 / n));
}

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** A call with its outcome, as stats read it. */
export interface ScoredCall {
  postId: string;
  coin: string;
  ct: number;
  stance: Stance;
  raw: (number | null)[];
  excess: (number | null)[];
}

export interface Stats {
  horizon: TrackHorizon;
  calls: number;
  pending: number;
  hits: number;
  rawHits: number;
  /** null below TRACK_MIN_CALLS resolved calls. */
  hitRateLow: number | null;
  medianExcess: number | null;
  medianRaw: number | null;
  best: { postId: string; coin: string } | null;
  worst: { postId: string; coin: string } | null;
}

/** hits / calls, shown only from TRACK_MIN_CALLS calls on. */
export const shownRate = (hits: number, calls: number) => (calls >= TRACK_MIN_CALLS ? hits / calls : null);

/**
 * One horizon's stats over a set of calls. A call is resolved at the horizon when its excess
 * return is known (pending otherwise). Ties between best (or worst) calls go to the earlier call.
 */
export function statsOf(calls: ScoredCall[], horizon: TrackHorizon): Stats {
  const i = TRACK_HORIZONS.indexOf(horizon);
  const resolved = calls.filter((c) => c.excess[i] !== null && c.raw[i] !== null).sort(byTime);
  const hits = resolved.filter((c) => isHit(c.stance, c.excess[i]!)).length;
  const rawHits = resolved.filter((c) => isHit(c.stance, c.raw[i]!)).length;
  let best: ScoredCall | null = null;
  let worst: ScoredCall | null = null;
  for (const c of resolved) {
    const r = rightness(c.stance, c.excess[i]!);
    if (!best || r > rightness(best.stance, best.excess[i]!)) best = c;
    if (!worst || r < rightness(worst.stance, worst.excess[i]!)) worst = c;
  }
  const n = resolved.length;
  return {
    horizon,
    calls: n,
    pending: calls.length - n,
    hits,
    rawHits,
    hitRateLow: n >= TRACK_MIN_CALLS ? wilsonLower(hits, n) : null,
    // In the call's direction (what following it earned), so medians agree with the hit rates.
    medianExcess: median(resolved.map((c) => rightness(c.stance, c.excess[i]!))),
    medianRaw: median(resolved.map((c) => rightness(c.stance, c.raw[i]!))),
    best: best && { postId: best.postId, coin: best.coin },
    worst: worst && { postId: worst.postId, coin: worst.coin },
  };
}
