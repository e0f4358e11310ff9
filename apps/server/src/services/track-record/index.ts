/**
 * The track-record calls (kol/track_record, kol/leaderboard) over the incremental store
 * (./store.ts), and that store's two entry points for the pipeline and the price worker.
 */
import {
  type HorizonStats,
  type kolCalls,
  type LeaderboardRow,
  type ParsedRequest,
  Ret,
  TRACK_HORIZONS,
  TRACK_PAGE_SIZE,
  type TrackCall,
  type TrackHorizon,
} from '@kolscope/contract';
import type { Db } from '../../db/db';
import { type ShownCallRow, type StatsRow, trackRecordRepo } from '../../db/repos/track-record';
import { coinBySymbol, GENERIC_ICON } from '../../domain/coins/catalogue';
import type { Clock } from '../../domain/clock';
import { AppError, badRequest } from '../errors';
import { decodeCallCursor, decodeCursor as dec, encodeCallCursor, encodeCursor as enc, isNum, isStr } from './cursor';
import type { KolGroups } from '../kol-groups';
import { presentUser } from '../twitter-users';
import { isHit, priceAt, shownRate } from './rules';
import { followGroup } from './follow';
import { loadPathCloses, pathTimes } from './path';
import { stanceOfValue, trackRecordStore } from './store';

export const LEADERBOARD_PAGE_SIZE = 20;

const kolNotFound = () => new AppError(Ret.notFound, 'kol_not_found');

function presentStats(row: StatsRow | undefined, horizon: TrackHorizon): Omit<HorizonStats, 'best' | 'worst'> {
  const calls = row?.calls ?? 0;
  const hits = row?.hits ?? 0;
  return {
    horizon,
    calls,
    pending: row?.pending ?? 0,
    hits,
    hitRate: shownRate(hits, calls),
    hitRateLow: row?.hit_rate_low ?? null,
    rawHitRate: shownRate(row?.raw_hits ?? 0, calls),
    medianExcess: row?.median_excess ?? null,
    medianRaw: row?.median_raw ?? null,
  };
}

export function trackRecord(deps: { db: Db; clock: Clock; kolGroups: KolGroups; followCacheMs?: number }) {
  // Reads of derived calls and figures (the store below writes them, on the primary): the replica.
  const repo = () => trackRecordRepo(deps.db.read);
  const nowS = () => Math.floor(deps.clock.now().getTime() / 1000);

  /** Calls as the client shows them, each with its price path. */
  async function presentCalls(rows: ShownCallRow[]): Promise<TrackCall[]> {
    const now = nowS();
    const points = rows.map((r) => (r.entry_ct === null ? [] : pathTimes(Number(r.entry_ct), now)));
    const closes = await loadPathCloses(
      deps.db.read,
      rows.flatMap((r, i) => points[i]!.map((t) => ({ coin: r.coin, t }))),
    );
    return rows.map((r, i) => {
      const stance = stanceOfValue(Number(r.stance));
      // The entry itself, then the price after each later point (the candle containing it).
      const path: TrackCall['path'] =
        r.entry_ct === null || r.entry_price === null ? [] : [{ ct: Number(r.entry_ct), price: r.entry_price }];
      for (const t of points[i]!.slice(1)) {
        const p = priceAt(closes, r.coin, t);
        if (p && p.ct !== path.at(-1)?.ct) path.push(p);
      }
      return {
        postId: r.post_id,
        text: r.text,
        ct: Number(r.ct),
        coin: r.coin,
        coinIcon: coinBySymbol(r.coin)?.icon ?? GENERIC_ICON,
        stance,
        confidence: r.confidence === null || r.confidence === undefined ? null : Number(r.confidence),
        entryCt: r.entry_ct === null ? null : Number(r.entry_ct),
        entryPrice: r.entry_price,
        returns: TRACK_HORIZONS.map((h, j) => ({
          horizon: h,
          raw: r.raw[j] ?? null,
          excess: r.excess[j] ?? null,
          hit: isHit(stance, r.excess[j] ?? null),
        })),
        path,
      };
    });
  }

  return {
    store: trackRecordStore({ db: deps.db }),
    ...followGroup(deps),

    async trackRecord(req: ParsedRequest<typeof kolCalls.trackRecord>) {
      const r = repo();
      const account = await r.account(req.twitterUserId);
      if (!account) throw kolNotFound();
      // The record is the person's, across networks (migration 0019), whichever account was asked.
      const person = account.person_id;
      const after = decodeCallCursor(req.nextCb);
      const [stats, totalCalls, unsure, rows] = await Promise.all([
        r.stats(person, ''),
        r.totalCalls(person),
        r.unsurePosts(person),
        r.callsPage(person, after, TRACK_PAGE_SIZE + 1),
      ]);
      const page = rows.slice(0, TRACK_PAGE_SIZE);
      const more = rows.length > TRACK_PAGE_SIZE;
      const row = stats.find((s) => s.horizon === req.horizon);
      const bestWorst = [row?.best_post_id, row?.worst_post_id].map((id, i) =>
        id ? { postId: id, coin: (i ? row?.worst_coin : row?.best_coin) ?? '' } : undefined,
      );
      const extremes = await presentCalls(await r.callsByKeys(bestWorst.filter((k) => k !== undefined)));
      const find = (k: { postId: string; coin: string } | undefined) =>
        (k && extremes.find((c) => c.postId === k.postId && c.coin === k.coin)) || null;
      const last = page.at(-1);
      return {
        totalCalls,
        unsure,
        stats: { ...presentStats(row, req.horizon), best: find(bestWorst[0]), worst: find(bestWorst[1]) },
        summary: TRACK_HORIZONS.map((h) =>
          presentStats(
            stats.find((s) => s.horizon === h),
            h,
          ),
        ),
        list: await presentCalls(page),
        more: more ? (1 as const) : (0 as const),
        nextCb: more && last ? encodeCallCursor(last) : '',
      };
    },

    async leaderboard(userId: number, req: ParsedRequest<typeof kolCalls.leaderboard>) {
      const rule = await deps.kolGroups.boardRule(userId, req.kolGroupId);
      if (req.coin && !coinBySymbol(req.coin)) throw badRequest('coin_unknown', { coin: req.coin });
      const cursor = req.nextCb
        ? dec<[number, number, string, number]>(
            req.nextCb,
            (v) => v.length === 4 && isNum(v[0]) && isNum(v[1]) && isStr(v[2]) && isNum(v[3]),
          )
        : undefined;
      const after = cursor && { low: cursor[0], calls: cursor[1], id: cursor[2] };
      const ranked = cursor?.[3] ?? 0;
      const rows = await repo().leaderboard(rule, req.coin, req.horizon, after, LEADERBOARD_PAGE_SIZE + 1);
      const page = rows.slice(0, LEADERBOARD_PAGE_SIZE);
      const more = rows.length > LEADERBOARD_PAGE_SIZE;
      const list: LeaderboardRow[] = page.map((s, i) => ({
        rank: ranked + i + 1,
        user: presentUser(s),
        calls: s.calls,
        hits: s.hits,
        hitRate: shownRate(s.hits, s.calls),
        hitRateLow: s.hit_rate_low,
        medianExcess: s.median_excess,
      }));
      const last = page.at(-1);
      return {
        list,
        more: more ? (1 as const) : (0 as const),
        nextCb: more && last ? enc([last.sort_low, last.calls, last.author_id, ranked + page.length]) : '',
      };
    },
  };
}
export type TrackRecordService = ReturnType<typeof trackRecord>;
