/**
 * "Follow the group" (issue 33 §4; the contract's follow.ts says what the curve means): the
 * figures and curve of taking every call of a group's members, and those calls, paged. The calls
 * are the track record's own rows (nothing here decides what a call is); BTC is read by the
 * track record's price rule (rules.ts priceAt). The README of this folder has the decisions.
 */
import {
  type FollowCall,
  type FollowPoint,
  FOLLOW_DAYS,
  FOLLOW_POINTS,
  type followCalls,
  type ParsedRequest,
  TRACK_HORIZON_SECONDS,
  TRACK_HORIZONS,
  TRACK_PAGE_SIZE,
  type TrackHorizon,
} from '@kolscope/contract';
import type { Db } from '../../db/db';
import { type FollowHourRow, followRepo } from '../../db/repos/follow';
import { coinBySymbol, GENERIC_ICON } from '../../domain/coins/catalogue';
import type { Clock } from '../../domain/clock';
import type { GroupRule } from '../../db/repos/kol-groups';
import type { KolGroups } from '../kol-groups';
import { TtlCache } from '../ttl-cache';
import { presentUser } from '../twitter-users';
import { decodeCallCursor, encodeCallCursor } from './cursor';
import { loadPathCloses } from './path';
import { priceAt, shownRate } from './rules';
import { stanceOfValue } from './store';

/** The curve hour by hour (one point per hour with exits), its drawdown, and the points shown. */
export interface Curve {
  hourly: { ct: number; equity: number }[];
  /** The largest fall of 1 + equity from a previous peak (the start, 1, is the first peak). */
  maxDrawdown: number;
  /** The first entry at 0, then the last hourly point of each of at most `points - 1` stretches. */
  shown: { ct: number; equity: number }[];
}

/**
 * The equal-split curve from the hours of exits: each hour adds its returns' sum / n (n: calls
 * with a known return). Pure, so the arithmetic is tested on a hand-computed example.
 */
export function curveOf(
  hours: Pick<FollowHourRow, 'hour' | 'sum' | 'last_exit'>[],
  n: number,
  firstEntry: number,
  points = FOLLOW_POINTS,
): Curve {
  const sorted = hours.filter((h) => h.hour !== null).sort((a, b) => a.hour! - b.hour!);
  let sum = 0;
  let peak = 1;
  let maxDrawdown = 0;
  const hourly = sorted.map((h) => {
    sum += h.sum ?? 0;
    const equity = sum / n;
    peak = Math.max(peak, 1 + equity);
    maxDrawdown = Math.max(maxDrawdown, (peak - (1 + equity)) / peak);
    return { ct: h.last_exit!, equity };
  });
  const last = hourly.at(-1);
  if (!last) return { hourly, maxDrawdown, shown: [] };
  // Stretches of equal time from the first entry to the last exit; each shows its last hour.
  const width = Math.max(1, Math.ceil((last.ct - firstEntry) / (points - 1)));
  const shown = [{ ct: firstEntry, equity: 0 }];
  let stretch = -1;
  for (const p of hourly) {
    const s = Math.min(points - 2, Math.floor((p.ct - firstEntry) / width));
    if (s === stretch) shown[shown.length - 1] = p;
    else shown.push(p);
    stretch = s;
  }
  return { hourly, maxDrawdown, shown };
}

/**
 * How long an answer is kept, per membership rule and horizon (so every user's All KOLs, and
 * `all`, share one): the sum runs over every call of the group in 90 days, 0.7-6 s for a
 * 20,000-KOL group at 1M posts (bench/notes/track-record.md), while a minute more or less of
 * calls hardly moves a 90-day curve. Loads in flight are shared.
 */
export const FOLLOW_CACHE_MS = 5 * 60_000;

const ruleKey = (rule: GroupRule, horizon: string) =>
  JSON.stringify([rule.useFans, rule.min, rule.max, [...rule.white].sort(), [...rule.black].sort(), horizon]);

export function followGroup(deps: { db: Db; clock: Clock; kolGroups: KolGroups; followCacheMs?: number }) {
  const repo = () => followRepo(deps.db.read);
  const since = () => Math.floor(deps.clock.now().getTime() / 1000) - FOLLOW_DAYS * 86_400;

  /** The figures and curve of the calls under `rule` at `horizon` (kol/follow's answer). */
  async function compute(rule: GroupRule, horizon: TrackHorizon) {
    const from = since();
    const rows = await repo().hours(rule, from, TRACK_HORIZONS.indexOf(horizon), TRACK_HORIZON_SECONDS[horizon]);
    const total = rows.find((r) => r.hour === null)!;
    const n = total.n;
    const base = {
      horizon,
      since: from,
      calls: n,
      pending: total.pending ?? 0,
      hits: total.hits,
      hitRate: shownRate(total.hits, n),
      medianReturn: total.median,
    };
    if (n === 0 || total.first_entry === null)
      return { ...base, finalReturn: null, btcReturn: null, maxDrawdown: null, curve: [] as FollowPoint[] };
    const curve = curveOf(rows, n, total.first_entry);
    // BTC bought with the first call and sold at each point, read as the track record reads its
    // benchmark: at the post time (the entry's candle) and at the exit time.
    const firstPost = total.first_post ?? total.first_entry;
    const closes = await loadPathCloses(deps.db.read, [
      { coin: 'BTC', t: firstPost },
      ...curve.shown.map((p) => ({ coin: 'BTC', t: p.ct })),
    ]);
    const start = priceAt(closes, 'BTC', firstPost);
    const points: FollowPoint[] = curve.shown.map((p, k) => {
      // The first point is the purchase itself.
      const at = k === 0 ? start : priceAt(closes, 'BTC', p.ct);
      return { ct: p.ct, equity: p.equity, btc: start && at ? at.price / start.price - 1 : null };
    });
    return {
      ...base,
      // The sum of every return / n: the mean, written as the curve reaches it.
      finalReturn: curve.hourly.at(-1)!.equity,
      btcReturn: points.at(-1)!.btc,
      maxDrawdown: curve.maxDrawdown,
      curve: points,
    };
  }
  const cache = new TtlCache<string, Awaited<ReturnType<typeof compute>>>(
    deps.followCacheMs ?? FOLLOW_CACHE_MS,
    500,
    () => deps.clock.now().getTime(),
  );

  return {
    async follow(userId: number, req: ParsedRequest<typeof followCalls.follow>) {
      const rule = await deps.kolGroups.boardRule(userId, req.kolGroupId);
      return cache.get(ruleKey(rule, req.horizon), () => compute(rule, req.horizon));
    },

    async followCalls(userId: number, req: ParsedRequest<typeof followCalls.calls>) {
      const rule = await deps.kolGroups.boardRule(userId, req.kolGroupId);
      const after = decodeCallCursor(req.nextCb);
      const h = TRACK_HORIZON_SECONDS[req.horizon];
      const rows = await repo().calls(rule, since(), TRACK_HORIZONS.indexOf(req.horizon), after, TRACK_PAGE_SIZE + 1);
      const page = rows.slice(0, TRACK_PAGE_SIZE);
      const more = rows.length > TRACK_PAGE_SIZE;
      const list: FollowCall[] = page.map((r) => {
        const entryCt = r.entry_ct === null ? null : Number(r.entry_ct);
        const ret = r.ret === null ? null : Number(r.ret);
        return {
          postId: r.post_id,
          text: r.text,
          ct: Number(r.ct),
          user: presentUser(r),
          coin: r.coin,
          coinIcon: coinBySymbol(r.coin)?.icon ?? GENERIC_ICON,
          stance: stanceOfValue(Number(r.stance)),
          entryCt,
          entryPrice: r.entry_price,
          exitCt: entryCt === null ? null : entryCt + h,
          ret,
          hit: ret === null ? null : ret > 0,
        };
      });
      const last = page.at(-1);
      return {
        list,
        more: more ? (1 as const) : (0 as const),
        nextCb: more && last ? encodeCallCursor(last) : '',
      };
    },
  };
}
