/**
 * Track records derived from scratch by set-based SQL (issue 32 §3): a slice of persons at a
 * time, in the caller's transaction. The rules are services/track-record/rules.ts; these
 * statements restate them for whole sets of posts and must give exactly the incremental store's
 * rows (test/track-record/set-based.test.ts). Floating-point operations are written in the same
 * order as rules.ts (x / y - 1; the benchmark summed in basket order, then divided; a median is
 * the mean of its middle values; the Wilson bound term by term), so the doubles are bit-equal.
 */
import type { Queryable } from '../db';

/** The rules' constants, passed in: the rules live in services/track-record/rules.ts. */
export interface RebuildRules {
  stablecoins: string[];
  callWindowSeconds: number;
  /** TRACK_HORIZONS and their seconds, in that order (the arrays' order). */
  horizons: string[];
  horizonSeconds: number[];
  /** benchmarkOf as pairs: the coin ('*' for every coin but BTC) and its benchmark coins, in order. */
  benchmarkOf: string[];
  benchmarkCoin: string[];
  minCalls: number;
  /** The Wilson bound's z. */
  z: number;
}

const CANDIDATES = 'track_rebuild_candidates';
const CALLS = 'track_rebuild_calls';

/**
 * The close and close time of the candle containing `t` (5m if stored, else 1h), as joins named
 * `<alias>5` and `<alias>1` and the expressions reading them (rules.ts priceAt).
 */
function priceAt(alias: string, coin: string, t: string) {
  return {
    joins: `LEFT JOIN candles ${alias}5 ON ${alias}5.coin = ${coin} AND ${alias}5.interval = '5m'
              AND ${alias}5.open_time = (${t}) / 300 * 300
            LEFT JOIN candles ${alias}1 ON ${alias}1.coin = ${coin} AND ${alias}1.interval = '1h'
              AND ${alias}1.open_time = (${t}) / 3600 * 3600`,
    price: `COALESCE(${alias}5.close, ${alias}1.close)`,
    closeTime: `CASE WHEN ${alias}5.close IS NOT NULL THEN ${alias}5.open_time + 300 ELSE ${alias}1.open_time + 3600 END`,
  };
}

export function trackRebuildRepo(tx: Queryable) {
  return {
    /**
     * For the slice's transaction: no JIT (the recursive walk's estimate is far above its work,
     * and compiling it took half its 0.7 s at 1M posts), and sorts of a slice in memory.
     */
    async settings(): Promise<void> {
      await tx.query('SET LOCAL jit = off');
      await tx.query("SET LOCAL work_mem = '64MB'");
    },

    /**
     * The slice's candidates (rules.ts candidateOf): a sure reading, no repost or quote, no
     * stablecoin, a bullish or bearish stance on the coin. Indexed in chain order for the walk.
     */
    async loadCandidates(persons: string[], rules: RebuildRules): Promise<void> {
      await tx.query(
        `CREATE TEMP TABLE ${CANDIDATES} ON COMMIT DROP AS
         SELECT p.person_id COLLATE "C" AS author_id, s.coin COLLATE "C" AS coin, p.ct, p.id COLLATE "C" AS post_id,
                COALESCE(s.stance, p.sentiment)::smallint AS stance
         FROM posts p CROSS JOIN LATERAL unnest(p.coins, p.coin_stances) AS s(coin, stance)
         WHERE p.person_id = ANY($1::text[]) AND s.coin IS NOT NULL AND s.coin <> ALL($2::text[])
           AND COALESCE(p.sentiment_call, p.sentiment) <> 0 AND COALESCE(s.stance, p.sentiment) IN (1, -1)
           AND p.ref_kind NOT IN ('repost', 'quote') AND left(p.text, 4) <> 'RT @'`,
        [persons, rules.stablecoins],
      );
      // Chains walk in (ct, id) order; ids compare as JavaScript strings do (rules.ts byTime), and
      // byte-wise sorts and groups are several times cheaper than the database's locale.
      await tx.query(`CREATE INDEX ON ${CANDIDATES} (author_id, coin, ct, post_id)`);
      await tx.query(`ANALYZE ${CANDIDATES}`);
    },

    /**
     * The calls among the candidates (rules.ts chainCalls), with their entry. A call is the first
     * candidate of its chain, then the first candidate CALL_WINDOW_SECONDS or more after the
     * previous call: a recursive walk over every chain at once, one index probe per call, as many
     * rounds as the longest chain has calls.
     */
    async findCalls(rules: RebuildRules): Promise<void> {
      const entry = priceAt('e', 'w.coin', 'w.ct');
      await tx.query(
        `CREATE TEMP TABLE ${CALLS} ON COMMIT DROP AS
         WITH RECURSIVE walk AS (
           (SELECT DISTINCT ON (author_id, coin) author_id, coin, ct, post_id, stance FROM ${CANDIDATES}
            ORDER BY author_id, coin, ct, post_id)
           UNION ALL
           SELECT n.author_id, n.coin, n.ct, n.post_id, n.stance FROM walk w
           CROSS JOIN LATERAL (
             SELECT c.author_id, c.coin, c.ct, c.post_id, c.stance FROM ${CANDIDATES} c
             WHERE c.author_id = w.author_id AND c.coin = w.coin AND c.ct >= w.ct + $1::bigint
             ORDER BY c.ct, c.post_id LIMIT 1) n
         )
         SELECT w.post_id, w.coin, w.author_id, w.ct, w.stance,
                ${entry.closeTime} AS entry_ct, ${entry.price} AS entry_price
         FROM walk w ${entry.joins}`,
        [rules.callWindowSeconds],
      );
    },

    /** Deletes the slice's calls and stats (the persons' own: as the incremental rebuild does). */
    async clear(persons: string[]): Promise<void> {
      await tx.query('DELETE FROM track_calls WHERE author_id = ANY($1::text[])', [persons]);
      await tx.query('DELETE FROM track_stats WHERE author_id = ANY($1::text[])', [persons]);
    },

    /**
     * Measures the calls (rules.ts outcomeOf) and stores them: per horizon the exit is the candle
     * containing entry + horizon; the benchmark is each of its coins' return from the post time to
     * the exit, over the coins that have both prices, summed in basket order and divided.
     */
    async storeCalls(rules: RebuildRules): Promise<void> {
      const exit = priceAt('x', 'c.coin', 'c.entry_ct + h.secs');
      const from = priceAt('f', 'b.coin', 'e.ct');
      const to = priceAt('t', 'b.coin', 'e.at');
      await tx.query(
        `WITH exits AS (
           SELECT c.post_id, c.coin, c.ct, h.i, c.entry_ct + h.secs AS at, ${exit.price} / c.entry_price - 1 AS raw
           FROM ${CALLS} c CROSS JOIN unnest($1::bigint[]) WITH ORDINALITY AS h(secs, i)
           ${exit.joins}
         ),
         benchmark AS (
           SELECT e.post_id, e.coin, e.i, sum(${to.price} / ${from.price} - 1 ORDER BY b.k) / count(*) AS ret
           FROM exits e
           JOIN unnest($2::text[], $3::text[]) WITH ORDINALITY AS b(for_coin, coin, k)
             ON b.for_coin = CASE WHEN e.coin = 'BTC' THEN 'BTC' ELSE '*' END
           ${from.joins}
           ${to.joins}
           WHERE e.raw IS NOT NULL AND ${from.price} IS NOT NULL AND ${to.price} IS NOT NULL
           GROUP BY e.post_id, e.coin, e.i
         )
         INSERT INTO track_calls (post_id, coin, author_id, ct, stance, entry_ct, entry_price, raw, excess)
         SELECT c.post_id, c.coin, c.author_id, c.ct, c.stance, c.entry_ct, c.entry_price,
                array_agg(e.raw ORDER BY e.i), array_agg(e.raw - b.ret ORDER BY e.i)
         FROM ${CALLS} c JOIN exits e ON e.post_id = c.post_id AND e.coin = c.coin
         LEFT JOIN benchmark b ON b.post_id = e.post_id AND b.coin = e.coin AND b.i = e.i
         GROUP BY c.post_id, c.coin, c.author_id, c.ct, c.stance, c.entry_ct, c.entry_price
         ON CONFLICT (post_id, coin) DO UPDATE SET author_id = EXCLUDED.author_id, ct = EXCLUDED.ct,
           stance = EXCLUDED.stance, entry_ct = EXCLUDED.entry_ct, entry_price = EXCLUDED.entry_price,
           raw = EXCLUDED.raw, excess = EXCLUDED.excess`,
        [rules.horizonSeconds, rules.benchmarkOf, rules.benchmarkCoin],
      );
    },

    /**
     * The persons' stats (rules.ts statsOf) per (coin, and '' for all coins) and horizon, by
     * GROUP BY over their calls: a call is resolved when both returns are known; returns are
     * signed by the stance ("rightness"); best and worst are the first in (ct, id) order among
     * equals.
     */
    async storeStats(persons: string[], rules: RebuildRules): Promise<void> {
      await tx.query(
        `WITH per AS (
           SELECT c.author_id COLLATE "C" AS author_id, g.coin COLLATE "C" AS coin, c.coin COLLATE "C" AS call_coin,
                  c.post_id COLLATE "C" AS post_id, c.ct, r.i,
                  r.raw IS NOT NULL AND r.excess IS NOT NULL AS resolved,
                  CASE WHEN c.stance = 1 THEN r.excess > 0 ELSE r.excess < 0 END AS hit,
                  CASE WHEN c.stance = 1 THEN r.raw > 0 ELSE r.raw < 0 END AS raw_hit,
                  CASE WHEN c.stance = 1 THEN r.excess ELSE -r.excess END AS right_excess,
                  CASE WHEN c.stance = 1 THEN r.raw ELSE -r.raw END AS right_raw
           FROM track_calls c
           CROSS JOIN LATERAL (VALUES (c.coin), ('')) AS g(coin)
           CROSS JOIN LATERAL unnest(c.raw, c.excess) WITH ORDINALITY AS r(raw, excess, i)
           WHERE c.author_id = ANY($1::text[])
         ),
         counted AS (
           SELECT author_id, coin, i, count(*) AS total, count(*) FILTER (WHERE resolved) AS n,
                  count(*) FILTER (WHERE resolved AND hit) AS hits,
                  count(*) FILTER (WHERE resolved AND raw_hit) AS raw_hits
           FROM per GROUP BY author_id, coin, i
         ),
         ranked AS (
           SELECT author_id, coin, i, post_id, call_coin, right_excess, right_raw,
                  count(*) OVER g AS n,
                  row_number() OVER (g ORDER BY right_excess) AS by_excess,
                  row_number() OVER (g ORDER BY right_raw) AS by_raw,
                  row_number() OVER (g ORDER BY right_excess DESC, ct, post_id, call_coin) AS best,
                  row_number() OVER (g ORDER BY right_excess, ct, post_id, call_coin) AS worst
           FROM per WHERE resolved
           WINDOW g AS (PARTITION BY author_id, coin, i)
         ),
         -- A median is the mean of the middle values: ranks (n + 1) / 2 and n / 2 + 1, one rank when n is odd.
         extremes AS (
           SELECT author_id, coin, i,
                  (min(right_excess) FILTER (WHERE by_excess IN ((n + 1) / 2, n / 2 + 1))
                   + max(right_excess) FILTER (WHERE by_excess IN ((n + 1) / 2, n / 2 + 1))) / 2 AS median_excess,
                  (min(right_raw) FILTER (WHERE by_raw IN ((n + 1) / 2, n / 2 + 1))
                   + max(right_raw) FILTER (WHERE by_raw IN ((n + 1) / 2, n / 2 + 1))) / 2 AS median_raw,
                  min(post_id) FILTER (WHERE best = 1) AS best_post_id, min(call_coin) FILTER (WHERE best = 1) AS best_coin,
                  min(post_id) FILTER (WHERE worst = 1) AS worst_post_id, min(call_coin) FILTER (WHERE worst = 1) AS worst_coin
           FROM ranked GROUP BY author_id, coin, i
         ),
         bounded AS (
           SELECT c.*, CASE WHEN c.n >= $3 THEN greatest(0::float8, (w.centre - w.margin) / (1 + q.z2 / q.n)) END AS low
           FROM counted c
           -- n as a double (NULL for none, which has no bound), as rules.ts wilsonLower reads it.
           CROSS JOIN LATERAL (SELECT NULLIF(c.n, 0)::float8 AS n, $4::float8 * $4::float8 AS z2) q0
           CROSS JOIN LATERAL (SELECT q0.n, q0.z2, c.hits / q0.n AS p) q
           CROSS JOIN LATERAL (
             SELECT q.p + q.z2 / (2 * q.n) AS centre,
                    $4::float8 * sqrt((q.p * (1 - q.p)) / q.n + q.z2 / (4 * q.n * q.n)) AS margin) w
         )
         INSERT INTO track_stats (author_id, coin, horizon, calls, pending, hits, raw_hits, hit_rate_low, sort_low,
                                  median_excess, median_raw, best_post_id, best_coin, worst_post_id, worst_coin)
         SELECT s.author_id, s.coin, h.horizon, s.n, s.total - s.n, s.hits, s.raw_hits, s.low, COALESCE(s.low, -1),
                x.median_excess, x.median_raw, x.best_post_id, x.best_coin, x.worst_post_id, x.worst_coin
         FROM bounded s JOIN unnest($2::text[]) WITH ORDINALITY AS h(horizon, i) ON h.i = s.i
         LEFT JOIN extremes x ON x.author_id = s.author_id AND x.coin = s.coin AND x.i = s.i
         ORDER BY s.author_id, s.coin, h.horizon`,
        [persons, rules.horizons, rules.minCalls, rules.z],
      );
    },
  };
}
