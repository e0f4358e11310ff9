/**
 * Administrator statistics (admin/stat, admin/from_acnt_list): posts, interactions, posting
 * accounts and accounts posting about coins per source and per hour, day and week, and posts per
 * primary category. A month at 10M posts cannot be scanned per request, so statement-level
 * triggers on posts keep these rollups exact on every write path (collector upserts, metric
 * refreshes, re-classification, author merges, deletes), as the opinion and ranking rollups do.
 * A statistics answer then reads at most one row per bucket (per category). This file is the
 * current definition of every table, function and trigger of the family (db/rollups/index.ts:
 * how it is applied and changed).
 *
 * res is the bucket length in seconds (3600, 86400, 604800; weeks start on Monday 00:00 UTC) or
 * 0 for all time (bucket 0: what admin/from_acnt_list reads); source '' is every source at once.
 * Distinct accounts are not additive, so they are counted per (res, source, bucket) from
 * stat_authors, which holds each account's posts there: an account is counted while it has one.
 *
 * Which write fires what:
 * - posts INSERT/UPDATE/DELETE -> stat_posts_changed(): stat_counts, stat_category_counts,
 *   stat_authors. An update counts only posts whose counted fields (source, time, author, has a
 *   coin, categories, interactions) changed. While a recount runs, only rows at or above its
 *   cursor (recount.ts); stat_count_posts() adds its slices.
 */
import { addUp, scratch, writeTriggers } from './shared';

const RES = 'CROSS JOIN (VALUES (0), (3600), (86400), (604800)) AS r(res)';
/** Each post counts in its own source and in '' (every source). */
const EVERY_SOURCE = (p: string) => `CROSS JOIN LATERAL (VALUES (${p}.source), ('')) AS s(source)`;
/** The posts a statement or a recount slice counts: "stat_delta" rows with sign 1 or -1. */
const DELTA = scratch(
  'stat_delta',
  'source text, ct bigint, author_id text, has_coin boolean, primaries text[], interactions bigint, sign integer',
);
/** What a posts row `p` adds to the statistics (stat_delta's columns before the sign). */
const counted = (p: string) =>
  `${p}.source, ${p}.ct, ${p}.person_id, cardinality(${p}.coins) > 0, stat_primaries(${p}.categories),
       ${p}.like_count + ${p}.reply_count + ${p}.retweet_count + ${p}.quote_count`;

export const statisticsSql = /* sql */ `
CREATE OR REPLACE FUNCTION stat_bucket(ct bigint, res integer) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN res = 0 THEN 0::bigint
              -- 1970-01-01 was a Thursday: weeks are counted from Monday 1970-01-05.
              WHEN res = 604800 THEN ((ct - 345600) / 604800) * 604800 + 345600
              ELSE (ct / res) * res END
$$;

-- The primary category ids of a post's categories ('defi/lending' belongs to 'defi').
CREATE OR REPLACE FUNCTION stat_primaries(categories text[]) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(DISTINCT split_part(c, '/', 1)), '{}') FROM unnest(categories) AS c
$$;

CREATE TABLE stat_counts (
  res integer NOT NULL,
  source text NOT NULL,
  bucket bigint NOT NULL,
  posts bigint NOT NULL DEFAULT 0,
  -- likes + replies + retweets + quotes of the bucket's posts, as last collected
  interactions bigint NOT NULL DEFAULT 0,
  authors integer NOT NULL DEFAULT 0,
  crypto_authors integer NOT NULL DEFAULT 0,
  PRIMARY KEY (res, source, bucket) INCLUDE (posts, interactions, authors, crypto_authors)
);

CREATE TABLE stat_category_counts (
  res integer NOT NULL,
  source text NOT NULL,
  bucket bigint NOT NULL,
  category text NOT NULL,
  posts bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (res, source, bucket, category) INCLUDE (posts)
);

CREATE TABLE stat_authors (
  res integer NOT NULL,
  source text NOT NULL,
  bucket bigint NOT NULL,
  author_id text NOT NULL,
  posts integer NOT NULL,
  coin_posts integer NOT NULL,
  PRIMARY KEY (res, source, bucket, author_id)
);

-- Adds (sign 1) or subtracts (sign -1) the posts in the temp table stat_delta. Rows are written
-- in key order, so concurrent writers lock them in one order.
CREATE OR REPLACE FUNCTION stat_apply_delta() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  ${scratch(
    'stat_keys',
    'res integer, source text, bucket bigint, author_id text, has_coin boolean, primaries text[], interactions bigint, sign integer',
  )};
  INSERT INTO stat_keys
  SELECT r.res, s.source, stat_bucket(d.ct, r.res), d.author_id, d.has_coin, d.primaries, d.interactions, d.sign
  FROM stat_delta d
  ${RES}
  ${EVERY_SOURCE('d')};

  INSERT INTO stat_counts AS t (res, source, bucket, posts, interactions)
  SELECT res, source, bucket, sum(sign), sum(sign * interactions) FROM stat_keys
  GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 OR sum(sign * interactions) <> 0
  ORDER BY 1, 2, 3
  ${addUp('res, source, bucket', ['posts', 'interactions'])};

  INSERT INTO stat_category_counts AS t (res, source, bucket, category, posts)
  SELECT k.res, k.source, k.bucket, c.category, sum(k.sign)
  FROM stat_keys k CROSS JOIN LATERAL unnest(k.primaries) AS c(category)
  WHERE k.res > 0
  GROUP BY 1, 2, 3, 4 HAVING sum(k.sign) <> 0
  ORDER BY 1, 2, 3, 4
  ${addUp('res, source, bucket, category', ['posts'])};

  -- An account's posts per key: the upsert returns the count after this statement's change
  -- (under the row's lock, so after any concurrent writer's), and the count before is that minus
  -- the change; the distinct counts move by one where it crossed zero.
  WITH changes AS (
    SELECT res, source, bucket, author_id, sum(sign)::integer AS posts,
           coalesce(sum(sign) FILTER (WHERE has_coin), 0)::integer AS coin_posts
    FROM stat_keys GROUP BY 1, 2, 3, 4
    HAVING sum(sign) <> 0 OR coalesce(sum(sign) FILTER (WHERE has_coin), 0) <> 0
  ), written AS (
    INSERT INTO stat_authors AS t (res, source, bucket, author_id, posts, coin_posts)
    SELECT * FROM changes ORDER BY 1, 2, 3, 4
    ${addUp('res, source, bucket, author_id', ['posts', 'coin_posts'])}
    RETURNING t.res, t.source, t.bucket, t.author_id, t.posts, t.coin_posts
  ), crossed AS (
    SELECT w.res, w.source, w.bucket,
           (w.posts > 0)::integer - (w.posts - c.posts > 0)::integer AS authors,
           (w.coin_posts > 0)::integer - (w.coin_posts - c.coin_posts > 0)::integer AS crypto_authors
    FROM written w JOIN changes c USING (res, source, bucket, author_id)
  )
  INSERT INTO stat_counts AS t (res, source, bucket, authors, crypto_authors)
  SELECT res, source, bucket, sum(authors), sum(crypto_authors) FROM crossed
  GROUP BY 1, 2, 3 HAVING sum(authors) <> 0 OR sum(crypto_authors) <> 0
  ORDER BY 1, 2, 3
  ${addUp('res, source, bucket', ['authors', 'crypto_authors'])};

  IF EXISTS (SELECT 1 FROM stat_delta WHERE sign < 0) THEN
    DELETE FROM stat_authors t USING (SELECT DISTINCT res, source, bucket, author_id FROM stat_keys) k
    WHERE t.res = k.res AND t.source = k.source AND t.bucket = k.bucket AND t.author_id = k.author_id
      AND t.posts <= 0;
    DELETE FROM stat_counts t USING (SELECT DISTINCT res, source, bucket FROM stat_keys) k
    WHERE t.res = k.res AND t.source = k.source AND t.bucket = k.bucket
      AND (t.posts, t.interactions, t.authors, t.crypto_authors) = (0, 0, 0, 0);
    DELETE FROM stat_category_counts t USING (SELECT DISTINCT res, source, bucket, c.category
                                              FROM stat_keys CROSS JOIN LATERAL unnest(primaries) AS c(category)) k
    WHERE t.res = k.res AND t.source = k.source AND t.bucket = k.bucket AND t.category = k.category AND t.posts = 0;
  END IF;
  DELETE FROM stat_keys;
END $$;

CREATE OR REPLACE FUNCTION stat_posts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- Only rows at or above the recount's cursor count (recount.ts); every row when none runs.
  lo bigint := rollups_counted_from();
BEGIN
  ${DELTA};
  IF TG_OP = 'INSERT' THEN
    INSERT INTO stat_delta SELECT ${counted('n')}, 1 FROM new_posts n WHERE n.ct >= lo;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO stat_delta SELECT ${counted('o')}, -1 FROM old_posts o WHERE o.ct >= lo;
  ELSE
    -- Only posts whose counted fields changed: a refresh that changes no count costs nothing.
    INSERT INTO stat_delta
    SELECT x.* FROM old_posts o JOIN new_posts n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (${counted('o')}, -1), (${counted('n')}, 1)
    ) AS x(source, ct, author_id, has_coin, primaries, interactions, sign)
    WHERE x.ct >= lo
      AND (o.source, o.ct, o.person_id, cardinality(o.coins) > 0, o.categories,
           o.like_count + o.reply_count + o.retweet_count + o.quote_count)
          IS DISTINCT FROM (n.source, n.ct, n.person_id, cardinality(n.coins) > 0, n.categories,
                            n.like_count + n.reply_count + n.retweet_count + n.quote_count);
  END IF;
  IF EXISTS (SELECT 1 FROM stat_delta) THEN
    PERFORM stat_apply_delta();
  END IF;
  DELETE FROM stat_delta;
  RETURN NULL;
END $$;

-- A slice of the background recount (recount.ts): the posts with ct in [lo, hi), added.
CREATE OR REPLACE FUNCTION stat_count_posts(lo bigint, hi bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  ${DELTA};
  INSERT INTO stat_delta SELECT ${counted('p')}, 1 FROM posts p WHERE p.ct >= lo AND p.ct < hi;
  IF EXISTS (SELECT 1 FROM stat_delta) THEN
    PERFORM stat_apply_delta();
  END IF;
  DELETE FROM stat_delta;
END $$;

-- Recounts every rollup from posts in one go, by a path of its own (plain grouping, no deltas):
-- benchmarks that bulk-load with triggers off, and the tests' exactness check.
CREATE OR REPLACE FUNCTION stat_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE stat_counts, stat_category_counts, stat_authors;
  INSERT INTO stat_authors
  SELECT r.res, s.source, stat_bucket(p.ct, r.res), p.person_id, count(*), count(*) FILTER (WHERE cardinality(p.coins) > 0)
  FROM posts p ${RES}
  ${EVERY_SOURCE('p')}
  GROUP BY 1, 2, 3, 4;

  INSERT INTO stat_counts (res, source, bucket, posts, interactions, authors, crypto_authors)
  SELECT res, source, bucket, sum(posts), sum(interactions), 0, 0 FROM (
    SELECT r.res, s.source, stat_bucket(p.ct, r.res) AS bucket, 1 AS posts,
           p.like_count + p.reply_count + p.retweet_count + p.quote_count AS interactions
    FROM posts p ${RES}
    ${EVERY_SOURCE('p')}
  ) x GROUP BY 1, 2, 3;
  UPDATE stat_counts t SET authors = a.authors, crypto_authors = a.crypto_authors
  FROM (SELECT res, source, bucket, count(*) AS authors, count(*) FILTER (WHERE coin_posts > 0) AS crypto_authors
        FROM stat_authors GROUP BY 1, 2, 3) a
  WHERE t.res = a.res AND t.source = a.source AND t.bucket = a.bucket;

  INSERT INTO stat_category_counts
  SELECT r.res, s.source, stat_bucket(p.ct, r.res), c.category, count(*)
  FROM posts p CROSS JOIN LATERAL unnest(stat_primaries(p.categories)) AS c(category)
  CROSS JOIN (VALUES (3600), (86400), (604800)) AS r(res)
  ${EVERY_SOURCE('p')}
  GROUP BY 1, 2, 3, 4;
END $$;

${writeTriggers('posts', 'stat', 'stat_posts_changed', 'posts')}
`;

/** The recount in one go (index.ts `rebuild`). */
export const statisticsRebuild = 'SELECT stat_rebuild();';
