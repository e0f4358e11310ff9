/**
 * "Follow the group" (issue 33 §4): what taking every call of a KOL group's members would have
 * earned. The calls are the track record's (kol.ts: stablecoins, reposts and unsure readings are
 * never calls), posted in the last FOLLOW_DAYS days. Each call is one position of equal size,
 * entered at the call's entry close and closed at the chosen horizon's exit close (a bearish call
 * is a short), so its return is the track record's raw return signed by the stance.
 *
 * The curve is not compounded: the money is split equally over the N calls with a known return,
 * and each position adds its return / N when it closes. So the curve's value at a time is the sum
 * of the returns closed by then over N, and its final value is the calls' mean return. It is drawn
 * beside BTC bought at the first entry and held to the last exit. Times are unix seconds; returns
 * and drawdowns are fractions.
 */
import { z } from 'zod';
import { page, twitterUser } from './entities';
import * as f from './fields';
import { TRACK_HORIZONS } from './kol';

/** How far back the calls go, by post time. */
export const FOLLOW_DAYS = 90;
/** At most this many points on the curve (the drawdown is measured on the hourly curve under them). */
export const FOLLOW_POINTS = 96;
/** `kol_group_id` value meaning every KOL the server tracks (not one of the user's groups). */
export const ALL_KOLS_GROUP_ID = 'all';

const horizon = z.enum(TRACK_HORIZONS).default('24h');
const rate = z.number().min(0).max(1).nullable();

export const followPoint = z.object({
  ct: z.number().int(),
  /** The positions' result so far: the sum of the closed returns / calls (0 at the start). */
  equity: z.number(),
  /** BTC's return since the first entry; null when no BTC price covers the time. */
  btc: z.number().nullable(),
});
export type FollowPoint = z.infer<typeof followPoint>;

export const followCall = z.object({
  postId: z.string(),
  text: z.string(),
  ct: z.number().int(),
  user: twitterUser,
  coin: z.string(),
  coinIcon: z.string(),
  stance: z.enum(['bullish', 'bearish']),
  /** Entry close and its time; null when no candle covers the post yet. */
  entryCt: z.number().int().nullable(),
  entryPrice: z.number().nullable(),
  /** When the position closes: entry + the horizon. */
  exitCt: z.number().int().nullable(),
  /** The position's return (the raw return, negated for a short); null while pending. */
  ret: z.number().nullable(),
  /** ret > 0; null while pending. */
  hit: z.boolean().nullable(),
});
export type FollowCall = z.infer<typeof followCall>;

const groupRequest = z.object({ kolGroupId: f.id, horizon });

export const followCalls = {
  /** The curve and its figures for one of the user's KOL groups (or `all`) at a horizon. */
  follow: {
    path: 'kol/follow',
    request: groupRequest,
    response: z.object({
      horizon: z.enum(TRACK_HORIZONS),
      /** Calls posted from this time on count. */
      since: z.number().int(),
      /** Calls whose return at the horizon is known; `pending` still wait for it. */
      calls: z.number().int(),
      pending: z.number().int(),
      hits: z.number().int(),
      /** hits / calls; null below TRACK_MIN_CALLS calls (as on the track record). */
      hitRate: rate,
      medianReturn: z.number().nullable(),
      /** The curve's final value: the mean of the calls' returns. */
      finalReturn: z.number().nullable(),
      /** BTC over the same span (first entry to last exit). */
      btcReturn: z.number().nullable(),
      /** The largest fall of the curve's value (1 + equity) from a previous peak, hour by hour. */
      maxDrawdown: z.number().min(0).nullable(),
      /** First point: the first entry at 0; then the value at the end of each stretch; empty without calls. */
      curve: z.array(followPoint),
    }),
  },
  /** The calls behind the curve, newest first (20 a page), pending ones included. */
  calls: {
    path: 'kol/follow_calls',
    request: groupRequest.extend({ nextCb: f.cursor }),
    response: page(followCall),
  },
};
