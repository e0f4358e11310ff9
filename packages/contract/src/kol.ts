/**
 * KOL track records (issue 16 §3). A call is an author's first sure bullish or bearish post (a
 * reading sure enough to be right 90 % of the time, issue 30) about a coin within 7 days (reposts and quotes of someone else's call do not count; a post naming
 * several coins counts once per coin with that coin's stance). Entry is the first candle close
 * after the post; returns are measured at each horizon, raw and in excess of BTC (of the top-10
 * basket for BTC itself). A bullish call is a hit when its excess return is above 0, a bearish
 * one when it is below 0. Rates are shown from TRACK_MIN_CALLS calls on, with a 95 % Wilson lower
 * bound; leaderboards sort by that bound. Times are unix seconds; returns are fractions.
 */
import { z } from 'zod';
import { page, post, twitterUser } from './entities';
import * as f from './fields';

export const TRACK_HORIZONS = ['1h', '24h', '7d', '30d'] as const;
export type TrackHorizon = (typeof TRACK_HORIZONS)[number];
export const TRACK_HORIZON_SECONDS: Record<TrackHorizon, number> = {
  '1h': 3600,
  '24h': 86_400,
  '7d': 7 * 86_400,
  '30d': 30 * 86_400,
};
/** A new call on the same coin by the same author needs this long since their last call. */
export const CALL_WINDOW_SECONDS = 7 * 86_400;
/** Below this many resolved calls no rate is shown (null on the wire). */
export const TRACK_MIN_CALLS = 10;
export const TRACK_PAGE_SIZE = 20;

const horizon = z.enum(TRACK_HORIZONS).default('24h');
const stance = z.enum(['bullish', 'bearish']);
const rate = z.number().min(0).max(1).nullable();

/** A call's outcome at one horizon; all null while the horizon has not passed (or no price). */
export const callReturn = z.object({
  horizon: z.enum(TRACK_HORIZONS),
  raw: z.number().nullable(),
  excess: z.number().nullable(),
  hit: z.boolean().nullable(),
});

export const trackCall = z.object({
  postId: z.string(),
  /** The post's text (the card shows it collapsed). */
  text: z.string(),
  ct: z.number().int(),
  coin: z.string(),
  coinIcon: z.string(),
  stance,
  /** How sure the reading behind the call is: the label's calibrated probability; null when unknown. */
  confidence: z.number().min(0).max(1).nullable(),
  /** Close time and price of the entry candle; null when no candle covers the post yet. */
  entryCt: z.number().int().nullable(),
  entryPrice: z.number().nullable(),
  /** One per TRACK_HORIZONS entry, in that order. */
  returns: z.array(callReturn),
  /** The price from entry to 30 days after (or now), at most 32 points, for the small chart. */
  path: z.array(z.object({ ct: z.number().int(), price: z.number() })),
});
export type TrackCall = z.infer<typeof trackCall>;

export const horizonStats = z.object({
  horizon: z.enum(TRACK_HORIZONS),
  /** Calls whose return at this horizon is known; `pending` still wait for it. */
  calls: z.number().int(),
  pending: z.number().int(),
  hits: z.number().int(),
  /** hits / calls, and its 95 % Wilson lower bound; null below TRACK_MIN_CALLS calls. */
  hitRate: rate,
  hitRateLow: rate,
  /** The same judged on the raw return (price up for bullish, down for bearish). */
  rawHitRate: rate,
  /**
   * Medians of the resolved calls' returns in each call's direction (what following the call
   * earned: a bearish call on a coin that fell 5 % counts +0.05), excess and raw.
   */
  medianExcess: z.number().nullable(),
  medianRaw: z.number().nullable(),
  best: trackCall.nullable(),
  worst: trackCall.nullable(),
});
export type HorizonStats = z.infer<typeof horizonStats>;

export const leaderboardRow = z.object({
  rank: z.number().int(),
  user: twitterUser,
  calls: z.number().int(),
  hits: z.number().int(),
  hitRate: rate,
  hitRateLow: rate,
  medianExcess: z.number().nullable(),
});
export type LeaderboardRow = z.infer<typeof leaderboardRow>;

export const kolCalls = {
  /** The profile header: the account, and the signed-in user's KOL groups that hold it. */
  profile: {
    path: 'kol/profile',
    request: z.object({ twitterUserId: f.id }),
    response: z.object({
      user: twitterUser,
      /** The account's page on its network; absent when it has none. */
      url: z.string().optional(),
      groups: z.array(z.object({ groupId: z.string(), name: z.string() })),
      /**
       * The person's accounts on every network, most followed first (the asked one among them);
       * `user.followersCount` is the largest of theirs (issue 17 §2).
       */
      accounts: z.array(twitterUser.extend({ url: z.string().optional() })),
    }),
  },
  /** The account's latest posts, newest first (the feed's page shape). */
  posts: {
    path: 'kol/posts',
    request: z.object({ twitterUserId: f.id, nextCb: f.cursor }),
    response: page(post),
  },
  /**
   * The account's track record: `stats` for the asked horizon, `summary` for every horizon, and a
   * page of its calls newest first (TRACK_PAGE_SIZE a page).
   */
  trackRecord: {
    path: 'kol/track_record',
    request: z.object({ twitterUserId: f.id, horizon, nextCb: f.cursor }),
    response: z.object({
      totalCalls: z.number().int(),
      /**
       * The account's bullish or bearish posts on a coin that are not calls: their reading was
       * not sure enough (a call's direction is right at least 90 % of the time on held-out posts).
       */
      unsure: z.number().int(),
      stats: horizonStats,
      summary: z.array(horizonStats.omit({ best: true, worst: true })),
      list: z.array(trackCall),
      more: z.union([z.literal(0), z.literal(1)]),
      nextCb: z.string(),
    }),
  },
  /**
   * A KOL group's members by the lower bound of their hit rate at `horizon` (on one coin when
   * `coin` is given); members under TRACK_MIN_CALLS calls come after, ordered by calls.
   * `kolGroupId` 'all' (ALL_KOLS_GROUP_ID) ranks every KOL the server tracks, whatever the user's
   * groups say (issue 33 §4: "best callers on SOL" from Hot Coins and a coin report).
   */
  leaderboard: {
    path: 'kol/leaderboard',
    request: z.object({
      kolGroupId: f.id,
      coin: z.string().trim().toUpperCase().max(20).optional().default(''),
      horizon,
      nextCb: f.cursor,
    }),
    response: page(leaderboardRow),
  },
};
