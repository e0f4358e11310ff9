/**
 * The hot-coin ranking's reads over the rollups of db/rollups/ranking.ts (ranking_coin_sums,
 * ranking_coin_authors, ranking_author_last, ranking_last_counts). A window [start, end) is read
 * as its whole days, hours and 5-minute slots from the sums and its last few minutes at each end from posts, so a sliding window is
 * exact while a 24 h window reads about 35 rows per coin and under ten minutes of posts.
 */
import type { Queryable } from '../db';
import { notACopy } from '../rollups/shared';

/** Unix seconds, start inclusive, end exclusive. */
export interface Window {
  start: number;
  end: number;
}

/** What the heat score and the summed indicators need, per coin (logarithm sums in natural units). */
export interface CoinSums {
  coin: string;
  posts: number;
  /** Sum over posts of log10(1 + author followers). */
  influence: number;
  comments: number;
  retweets: number;
  impressions: number;
  likes: number;
  /** Sums over posts of ln(1 + x). */
  commentsLog: number;
  retweetsLog: number;
  impressionsLog: number;
}

/** Distinct authors who posted about the coin in the window. */
export interface CoinAuthors {
  coin: string;
  kols: number;
  verifiedKols: number;
  /** Sum over those authors of log10(1 + followers). */
  kolScore: number;
}

export interface RankPerson {
  coin: string;
  kind: 'whistleblower' | 'crown';
  authorId: string;
  /** Whistleblowers: first post time; crowns: followers. */
  sortKey: number;
  icon: string;
  username: string;
}

const HOUR = 3600;
const SLOT = 300;
/** The first multiple of `step` at or after t. */
const ceilTo = (t: number, step: number) => Math.ceil(t / step) * step;
/** The resolutions ranking_coin_sums keeps, largest first. */
export const SUM_RESOLUTIONS = [86_400, 3600, 300] as const;

export interface WindowCover {
  /** Bucket ranges [from, to) of ranking_coin_sums, by resolution. */
  buckets: { res: number; from: number; to: number }[];
  /** The rest, read from posts: [from, to) in seconds. */
  posts: [number, number][];
}

/**
 * Splits a window into the fewest buckets: the whole days inside it, then whole hours on either
 * side, then 5-minute slots, then what is left (under 5 minutes at each end) as post ranges.
 */
export function coverWindow(w: Window): WindowCover {
  const cover: WindowCover = { buckets: [], posts: [] };
  const fill = (start: number, end: number, level: number) => {
    if (start >= end) return;
    const res = SUM_RESOLUTIONS[level];
    if (res === undefined) {
      cover.posts.push([start, end]);
      return;
    }
    const from = Math.ceil(start / res);
    const to = Math.floor(end / res);
    if (from >= to) return fill(start, end, level + 1);
    cover.buckets.push({ res, from, to });
    fill(start, from * res, level + 1);
    fill(to * res, end, level + 1);
  };
  fill(w.start, w.end, 0);
  return cover;
}

// A cover has at most one day range, two hour ranges, two 5-minute ranges and two post ranges
// (coverWindow), so the statement has a fixed shape with empty ranges as [0, 0). Plain range
// conditions keep the planner's estimates small; joined to an array of ranges instead, the
// estimates grew past PostgreSQL's JIT threshold and compiling cost 200 ms a call. The per-post
// terms are written exactly as the rollup triggers write them (millionths of logs), so a post
// counts the same whether it is read from a bucket or from posts.
const SUMS = /* sql */ `
  SELECT coin, sum(posts)::float8 AS posts, (sum(influence) / 1e6)::float8 AS influence,
         sum(comments)::float8 AS comments, sum(retweets)::float8 AS retweets,
         sum(impressions)::float8 AS impressions, sum(likes)::float8 AS likes,
         (sum(comments_log) / 1e6)::float8 AS "commentsLog", (sum(retweets_log) / 1e6)::float8 AS "retweetsLog",
         (sum(impressions_log) / 1e6)::float8 AS "impressionsLog"
  FROM (
    SELECT s.coin, s.posts::bigint AS posts, s.influence, s.comments, s.retweets, s.impressions, s.likes,
           s.comments_log, s.retweets_log, s.impressions_log
    FROM ranking_coin_sums s
    WHERE (s.res = 86400 AND s.bucket >= $1 AND s.bucket < $2)
       OR (s.res = 3600 AND s.bucket >= $3 AND s.bucket < $4)
       OR (s.res = 3600 AND s.bucket >= $5 AND s.bucket < $6)
       OR (s.res = 300 AND s.bucket >= $7 AND s.bucket < $8)
       OR (s.res = 300 AND s.bucket >= $9 AND s.bucket < $10)
    UNION ALL
    SELECT c.coin, 1::bigint, ranking_micro(log(1 + p.author_followers::float8)), p.reply_count,
           p.retweet_count + p.quote_count, p.impression_count, p.like_count,
           ranking_micro(ln(1 + p.reply_count::float8)),
           ranking_micro(ln(1 + (p.retweet_count + p.quote_count)::float8)),
           ranking_micro(ln(1 + p.impression_count::float8))
    FROM posts p
    CROSS JOIN LATERAL unnest(p.coins) WITH ORDINALITY AS c(coin, i)
    WHERE ((p.ct >= $11 AND p.ct < $12) OR (p.ct >= $13 AND p.ct < $14)) AND ${notACopy('p')}
      -- a coin named twice in one post counts once, as in the rollups
      AND (c.i = 1 OR c.coin <> ALL (p.coins[1:c.i - 1]))
  ) x
  GROUP BY coin`;

/** The SUMS parameters of a cover: [from, to) per slot of the fixed shape, [0, 0) when unused. */
export function sumsParams(cover: WindowCover): number[] {
  const ranges = (res: number, slots: number) => {
    const found = cover.buckets.filter((b) => b.res === res).map((b) => [b.from, b.to]);
    if (found.length > slots) throw new Error(`a window cover has more than ${slots} ranges of ${res} s`);
    return [...found, ...Array(slots - found.length).fill([0, 0])].flat();
  };
  const posts = [...cover.posts, [0, 0], [0, 0]].slice(0, 2);
  if (cover.posts.length > 2) throw new Error('a window cover has more than 2 post ranges');
  return [...ranges(86_400, 1), ...ranges(3600, 2), ...ranges(300, 2), ...posts.flat()];
}

// Pairs that posted in [start, end) are the pairs whose latest post is at or after start (the
// histogram's whole hours, the 5-minute slots of start's partial hour, then start's partial slot
// from the index on last_ct), less those whose
// latest post is at or after end with no post in the window (db/rollups/ranking.ts). For a window ending
// now the last set holds the pairs of the last seconds, so the cost is the ~24 x coins histogram
// rows whatever the traffic.
const AUTHORS_NOW = /* sql */ `
  SELECT coin, sum(kols)::float8 AS kols, sum(verified_kols)::float8 AS verified_kols,
         (sum(score) / 1e6)::float8 AS kol_score
  FROM (
    SELECT coin, kols, verified_kols, score FROM ranking_last_counts
    WHERE (res = 3600 AND bucket_start >= $1) OR (res = 300 AND bucket_start >= $4 AND bucket_start < $1)
    UNION ALL
    SELECT coin, 1, verified::integer, score FROM ranking_author_last
    WHERE last_ct >= $2 AND last_ct < $4
    UNION ALL
    SELECT l.coin, -1, -(l.verified::integer), -l.score FROM ranking_author_last l
    WHERE l.last_ct >= $3 AND NOT EXISTS (
      SELECT 1 FROM posts p WHERE p.person_id = l.author_id AND p.ct >= $2 AND p.ct < $3 AND p.coins @> ARRAY[l.coin]
        AND ${notACopy('p')})
  ) x
  GROUP BY coin HAVING sum(kols) > 0`;

/**
 * A window that ended this long ago or less is counted with AUTHORS_NOW: the pairs to take back
 * are those that posted since its end (a few hundred in ten minutes at 333,000 posts a day).
 */
export const AUTHORS_NOW_MAX_AGE = 600;

// Older windows (the previous window of newCoinEntry and fastestRising): a triple (coin, hour,
// author) has a post in [start, end) when its first and last posts straddle the window's edges;
// exact unless one hour holds both edges (a window under an hour) and the author's only posts
// there fall outside it. An author counts with the most followers seen in the window.
const AUTHORS_ANY = /* sql */ `
  SELECT coin, count(*)::float8 AS kols, (count(*) FILTER (WHERE verified))::float8 AS verified_kols,
         sum(log(1 + followers::float8))::float8 AS kol_score
  FROM (SELECT coin, author_id, bool_or(verified) AS verified, max(followers) AS followers
        FROM ranking_coin_authors
        WHERE hour >= $1 AND hour < $2 AND last_ct >= $3 AND first_ct < $4
        GROUP BY coin, author_id) a
  GROUP BY coin`;

// Whistleblowers: authors by their first post about the coin in the window. Rows starting inside
// the window come in index order; an author whose hour straddles the start is placed by reading
// their posts of that hour. Crowns: the most followed authors of the window are each among the
// $5 most followed of some hour they posted in, so the few most followed of every hour (index
// (coin, hour, followers)) are all the candidates there are.
export const PEOPLE = /* sql */ `
  SELECT c.coin, 'whistleblower' AS kind, w.author_id, w.t::float8 AS sort_key, a.icon, a.username
  FROM unnest($1::text[]) AS c(coin)
  CROSS JOIN LATERAL (
    SELECT x.author_id, min(x.t) AS t FROM (
      (SELECT author_id, first_ct AS t FROM ranking_coin_authors
       WHERE coin = c.coin AND first_ct >= $2 AND first_ct < $3 ORDER BY first_ct LIMIT 60)
      UNION ALL
      (SELECT r.author_id,
              (SELECT min(p.ct) FROM posts p WHERE p.person_id = r.author_id AND p.ct >= $2 AND p.ct <= r.last_ct
                 AND p.coins @> ARRAY[c.coin] AND ${notACopy('p')}) AS t
       FROM ranking_coin_authors r
       WHERE r.hour = $4 AND r.coin = c.coin AND r.first_ct < $2 AND r.last_ct >= $2)
    ) x WHERE x.t < $3
    GROUP BY x.author_id ORDER BY min(x.t), x.author_id LIMIT $5
  ) w JOIN x_accounts a ON a.id = w.author_id
  UNION ALL
  SELECT c.coin, 'crown', k.author_id, k.f::float8, a.icon, a.username
  FROM unnest($1::text[]) AS c(coin)
  CROSS JOIN LATERAL (
    SELECT y.author_id, max(y.followers) AS f
    FROM generate_series($4, $6 - 1) AS h(hour)
    CROSS JOIN LATERAL (
      SELECT author_id, followers FROM ranking_coin_authors
      WHERE coin = c.coin AND hour = h.hour AND last_ct >= $2 AND first_ct < $3
      ORDER BY followers DESC LIMIT $5
    ) y
    GROUP BY y.author_id ORDER BY max(y.followers) DESC, y.author_id LIMIT $5
  ) k JOIN x_accounts a ON a.id = k.author_id`;

// Per coin, the KOLs with a post about it in the window: the strips' "+N". The same straddle rule
// as AUTHORS_ANY (a triple counts when its first and last posts straddle the window's edges).
const KOL_COUNTS = /* sql */ `
  SELECT coin, count(DISTINCT author_id)::int AS kols FROM ranking_coin_authors
  WHERE coin = ANY($1::text[]) AND hour >= $2 AND hour < $3 AND last_ct >= $4 AND first_ct < $5
  GROUP BY coin`;

export function rankingRepo(db: Queryable) {
  return {
    /** Per coin of `coins`, how many KOLs posted about it in the window (missing: none). */
    async kolCounts(coins: string[], w: Window): Promise<Map<string, number>> {
      if (coins.length === 0) return new Map();
      const rows = await db.query<{ coin: string; kols: number }>(KOL_COUNTS, [
        coins,
        Math.floor(w.start / HOUR),
        Math.ceil(w.end / HOUR),
        w.start,
        w.end,
      ]);
      return new Map(rows.map((r) => [r.coin, r.kols]));
    },
    /** Per coin with at least one post in the window: the sums of its posts. */
    async sums(w: Window): Promise<CoinSums[]> {
      // The query names its columns as CoinSums does, so its rows are the answer.
      return db.query<CoinSums>(SUMS, sumsParams(coverWindow(w)));
    },

    /** One coin's posts in the window (the coin page's mentions): the sums' count, exact to the second. */
    async coinPosts(coin: string, w: Window): Promise<number> {
      const params = sumsParams(coverWindow(w));
      const [row] = await db.query<{ posts: number }>(
        `SELECT posts FROM (${SUMS}) s WHERE coin = $${params.length + 1}`,
        [...params, coin],
      );
      return Number(row?.posts ?? 0);
    },

    /**
     * Per coin: how many distinct authors (verified ones too) posted about it, and their influence.
     * `now` (unix seconds) says whether the window is recent enough for the histogram.
     */
    async authors(w: Window, now: number): Promise<CoinAuthors[]> {
      type Row = { coin: string; kols: number; verified_kols: number; kol_score: number };
      const rows =
        now - w.end <= AUTHORS_NOW_MAX_AGE
          ? await db.query<Row>(AUTHORS_NOW, [ceilTo(w.start, HOUR), w.start, w.end, ceilTo(w.start, SLOT)])
          : await db.query<Row>(AUTHORS_ANY, [Math.floor(w.start / HOUR), Math.ceil(w.end / HOUR), w.start, w.end]);
      return rows.map((r) => ({ coin: r.coin, kols: r.kols, verifiedKols: r.verified_kols, kolScore: r.kol_score }));
    },

    /** A window's counts as recorded when it was current (migration 0010), or undefined. */
    async recordedAuthors(rangeSeconds: number, windowEnd: number): Promise<CoinAuthors[] | undefined> {
      const rows = await db.query<{ coin: string | null; kols: number; verified_kols: number; kol_score: number }>(
        `SELECT c.coin, c.kols, c.verified_kols, c.kol_score
         FROM ranking_author_windows w
         LEFT JOIN ranking_author_window_counts c USING (range_seconds, window_end)
         WHERE w.range_seconds = $1 AND w.window_end = $2`,
        [rangeSeconds, windowEnd],
      );
      if (rows.length === 0) return undefined;
      return rows.flatMap((r) =>
        r.coin === null ? [] : [{ coin: r.coin, kols: r.kols, verifiedKols: r.verified_kols, kolScore: r.kol_score }],
      );
    },

    /** Records a window's counts once; a second recording of the same window changes nothing. */
    async recordAuthors(rangeSeconds: number, windowEnd: number, counts: CoinAuthors[]): Promise<void> {
      await db.query(
        `WITH w AS (
           INSERT INTO ranking_author_windows (range_seconds, window_end) VALUES ($1, $2)
           ON CONFLICT DO NOTHING RETURNING range_seconds, window_end
         )
         INSERT INTO ranking_author_window_counts (range_seconds, window_end, coin, kols, verified_kols, kol_score)
         SELECT w.range_seconds, w.window_end, c.coin, c.kols, c.verified_kols, c.kol_score
         FROM w CROSS JOIN unnest($3::text[], $4::int[], $5::int[], $6::float8[])
           AS c(coin, kols, verified_kols, kol_score)`,
        [
          rangeSeconds,
          windowEnd,
          counts.map((c) => c.coin),
          counts.map((c) => c.kols),
          counts.map((c) => c.verifiedKols),
          counts.map((c) => c.kolScore),
        ],
      );
    },

    /** The distinct settings of every ranking view (the recorder picks the ranges in use). */
    async rankingSettings(): Promise<Record<string, unknown>[]> {
      const rows = await db.query<{ settings: Record<string, unknown> }>(
        "SELECT DISTINCT settings FROM views WHERE view_type = 'ranking_list'",
      );
      return rows.map((r) => r.settings);
    },

    /** Forgets recorded windows that ended before `before` (unix seconds). */
    async forgetAuthorWindows(before: number): Promise<void> {
      await db.query('DELETE FROM ranking_author_windows WHERE window_end < $1', [before]);
    },

    /** Up to `limit` whistleblowers and crowns of each coin, in no particular order (see sortKey). */
    async people(coins: string[], w: Window, limit: number): Promise<RankPerson[]> {
      if (coins.length === 0) return [];
      const rows = await db.query<{
        coin: string;
        kind: RankPerson['kind'];
        author_id: string;
        sort_key: number;
        icon: string;
        username: string;
      }>(PEOPLE, [coins, w.start, w.end, Math.floor(w.start / HOUR), limit, Math.ceil(w.end / HOUR)]);
      return rows.map((r) => ({
        coin: r.coin,
        kind: r.kind,
        authorId: r.author_id,
        sortKey: r.sort_key,
        icon: r.icon,
        username: r.username,
      }));
    },
  };
}
