/**
 * Hot-coin ranking rollups (services/ranking/README.md). A 24 h ranking over ten
 * million posts cannot scan the posts, so every write to posts keeps these rollups exact:
 * - ranking_coin_sums: per coin and time bucket, the sums the heat score is made of;
 * - ranking_coin_authors: per coin, hour and author, what the KOL counts, whistleblowers and
 *   crowns need;
 * - ranking_author_last and ranking_last_counts: the distinct-author indicators (kol_count,
 *   verified_kol_count, kol_score) of the window that ends now, without reading the window's
 *   (coin, author) pairs (about 400,000 in a day at ten million posts, 0.7-1.4 s to count from
 *   ranking_coin_authors). Each pair keeps the time of its latest post, and a histogram counts
 *   the pairs by the hour and by the 5-minute slot of that latest post. "Pairs that posted in
 *   [s, e)" is then "pairs whose latest post is at or after s" (the histogram's hours from s on,
 *   the slots of s's partial hour, and the pairs of s's partial slot from the index on last_ct)
 *   minus the pairs whose latest post is at or after e and that have no post in [s, e). For the
 *   current window e is the start of this minute, so that last set is the few pairs of the last
 *   seconds (db/repos/ranking.ts, AUTHORS_NOW). An author's follower count and verification are
 *   those of their latest post about the coin (of several at that same second: the most
 *   followers, and verified if any is).
 * Past windows' indicators are recorded by the service, not derived (ranking_author_windows,
 * migration 0010). This file is the current definition of every table, function and trigger of
 * the family (db/rollups/index.ts: how it is applied and changed).
 *
 * Which write fires what (statement-level triggers with transition tables see every write path:
 * ingest upserts that grow metrics, re-classification, author merges, deletes):
 * - posts INSERT/UPDATE, each row, before: ranking_author_snapshot() copies the author's
 *   followers and verification into posts.author_followers/author_verified.
 * - posts INSERT/UPDATE/DELETE -> ranking_posts_changed(): ranking_coin_sums and
 *   ranking_coin_authors; ranking_last_changed(): ranking_author_last and ranking_last_counts.
 *   Copies (copy_of set) count nowhere (shared.ts notACopy); an update that makes a post a
 *   copy or a leader (a repoint) takes it away or adds it, as a change of time or coins does.
 *   While a recount runs, only rows at or above its cursor, and the per-pair recounts read only
 *   such posts (recount.ts); ranking_count_posts() adds its slices.
 */
import { addUp, notACopy, scratch, scratchTable, writeTriggers } from './shared';

/** Posts `p` the ranking counts: not a copy of another account's post (shared.ts). */
const C = notACopy('p');

/** The resolutions of ranking_coin_sums, in seconds: 5 minutes, hours, UTC days. */
const RES = 'CROSS JOIN (VALUES (300), (3600), (86400)) AS r(res)';
const SUMS = [
  'posts',
  'influence',
  'comments',
  'retweets',
  'impressions',
  'likes',
  'comments_log',
  'retweets_log',
  'impressions_log',
];
const DELTA_COLUMNS =
  'id text, author_id text, ct bigint, coins text[], followers bigint, verified boolean, ' +
  'replies bigint, retweets bigint, impressions bigint, likes bigint, sign integer, author_changed boolean';
const DELTA_NAMES = DELTA_COLUMNS.split(', ').map((c) => c.split(' ')[0]!);

export const rankingSql = /* sql */ `
-- The author as the post was last written (posts.author_followers, author_verified; migration
-- 0006): the heat must be a function of the stored posts alone, or an old post's share could not
-- be subtracted exactly when it changes. Follower counts drift slowly and the score uses their
-- logarithm, so a snapshot per write costs nothing visible. The snapshot also copies the
-- author's person (posts.person_id, migration 0019): every family counts distinct authors by it,
-- and the followers are the person's largest audience (x_accounts.person_followers).
CREATE OR REPLACE FUNCTION ranking_author_snapshot() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT a.person_followers, a.is_blue_verified OR a.verified_type <> 'none', a.person_id
    INTO NEW.author_followers, NEW.author_verified, NEW.person_id
    FROM x_accounts a WHERE a.id = NEW.author_id;
  -- No account: the foreign key refuses the row right after; keep the columns non-null until then.
  IF NOT FOUND THEN
    NEW.author_followers := 0;
    NEW.author_verified := false;
    NEW.person_id := NEW.author_id;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER posts_ranking_snapshot BEFORE INSERT OR UPDATE ON posts
  FOR EACH ROW EXECUTE FUNCTION ranking_author_snapshot();

-- Per coin and bucket, at three resolutions: res 300 (5 minutes), 3600 (hours) and 86400 (UTC
-- days); bucket = ct / res. A window is read as its whole days, then whole hours, then 5-minute
-- slots, and only the last minutes at each end from posts (db/repos/ranking.ts coverWindow).
-- Logarithms are summed as integers in millionths (ranking_micro), so adding a post and later
-- subtracting it leaves no rounding residue.
CREATE TABLE ranking_coin_sums (
  res integer NOT NULL,
  bucket integer NOT NULL,
  coin text NOT NULL,
  posts integer NOT NULL,
  -- sum of log10(1 + author followers), millionths
  influence bigint NOT NULL,
  -- raw sums: replies; retweets + quotes; impressions; likes
  comments bigint NOT NULL,
  retweets bigint NOT NULL,
  impressions bigint NOT NULL,
  likes bigint NOT NULL,
  -- sums of ln(1 + x) of the same, millionths
  comments_log bigint NOT NULL,
  retweets_log bigint NOT NULL,
  impressions_log bigint NOT NULL,
  PRIMARY KEY (res, bucket, coin)
) WITH (fillfactor = 70);
-- Room on each page keeps the many updates of the current buckets in place (HOT updates), and a
-- bucket's rows together for the window reads.

-- Per coin, hour and author: distinct KOL counts, whistleblowers (first to post) and crowns (most
-- followed). first_ct/last_ct place an author inside a window that starts or ends mid-hour.
CREATE TABLE ranking_coin_authors (
  hour integer NOT NULL,
  coin text NOT NULL,
  author_id text NOT NULL,
  posts integer NOT NULL,
  first_ct bigint NOT NULL,
  last_ct bigint NOT NULL,
  followers bigint NOT NULL,
  verified boolean NOT NULL,
  -- Hour first for the window scans; author before coin so that per-coin lookups of an hour go
  -- to the (coin, hour, followers) index below, which the planner otherwise passes over.
  PRIMARY KEY (hour, author_id, coin)
);
-- Whistleblowers walk a coin's rows by first post time; crowns take the most followed few of
-- each hour of the window. Both carry what they test, so they can be read from the index alone,
-- and both cost what the window holds, however long the history grows.
CREATE INDEX ranking_coin_authors_by_first ON ranking_coin_authors (coin, first_ct) INCLUDE (author_id);
CREATE INDEX ranking_coin_authors_by_followers ON ranking_coin_authors (coin, hour, followers DESC)
  INCLUDE (author_id, first_ct, last_ct);

CREATE TABLE ranking_author_last (
  coin text NOT NULL,
  author_id text NOT NULL,
  -- NULL only while a statement holds the row locked and is still deciding (see below).
  last_ct bigint,
  -- log10(1 + followers) in millionths, as ranking_micro writes it
  score bigint NOT NULL DEFAULT 0,
  verified boolean NOT NULL DEFAULT false,
  PRIMARY KEY (coin, author_id)
);
CREATE INDEX ranking_author_last_by_time ON ranking_author_last (last_ct) INCLUDE (coin, score, verified, author_id);

-- res 3600 (hours) or 300 (5-minute slots); bucket_start = the bucket's first second. In seconds
-- rather than as last_ct / res, so both resolutions share one scale and the planner's estimate of
-- a range stays near the truth (as bucket numbers, hour buckets looked like most of the table).
CREATE TABLE ranking_last_counts (
  res integer NOT NULL,
  bucket_start bigint NOT NULL,
  coin text NOT NULL,
  kols integer NOT NULL,
  verified_kols integer NOT NULL,
  score bigint NOT NULL,
  PRIMARY KEY (res, bucket_start, coin)
);

CREATE OR REPLACE FUNCTION ranking_micro(x double precision) RETURNS bigint
  LANGUAGE sql IMMUTABLE AS $$ SELECT round(x * 1000000)::bigint $$;

-- Adds (sign 1) or subtracts (sign -1) the posts in the temp table ranking_delta to the sums at
-- every resolution. Rows are written in key order so concurrent writers lock them in one order.
CREATE OR REPLACE FUNCTION ranking_apply_sums() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH pc AS (
    SELECT DISTINCT d.id, d.sign, c.coin, d.ct, d.followers, d.replies, d.retweets, d.impressions, d.likes
    FROM ranking_delta d CROSS JOIN LATERAL unnest(d.coins) AS c(coin)
  ), sums AS (
    SELECT r.res, (ct / r.res)::integer AS bucket, coin, sum(sign)::integer AS posts,
           sum(sign * ranking_micro(log(1 + followers::float8)))::bigint AS influence,
           sum(sign * replies)::bigint AS comments, sum(sign * retweets)::bigint AS retweets,
           sum(sign * impressions)::bigint AS impressions, sum(sign * likes)::bigint AS likes,
           sum(sign * ranking_micro(ln(1 + replies::float8)))::bigint AS comments_log,
           sum(sign * ranking_micro(ln(1 + retweets::float8)))::bigint AS retweets_log,
           sum(sign * ranking_micro(ln(1 + impressions::float8)))::bigint AS impressions_log
    FROM pc ${RES} GROUP BY 1, 2, 3
  )
  INSERT INTO ranking_coin_sums AS t
  SELECT * FROM sums
  WHERE (posts, influence, comments, retweets, impressions, likes, comments_log, retweets_log, impressions_log)
        IS DISTINCT FROM (0, 0, 0, 0, 0, 0, 0, 0, 0)
  ORDER BY res, bucket, coin
  ${addUp('res, bucket, coin', SUMS)};

  IF EXISTS (SELECT 1 FROM ranking_delta WHERE sign < 0) THEN
    DELETE FROM ranking_coin_sums t
    USING (SELECT DISTINCT r.res, (d.ct / r.res)::integer AS bucket, c.coin
           FROM ranking_delta d CROSS JOIN LATERAL unnest(d.coins) AS c(coin)
           ${RES}) k
    WHERE t.res = k.res AND t.bucket = k.bucket AND t.coin = k.coin AND t.posts <= 0;
  END IF;
END $$;

-- New posts only: first/last time, followers and verification merge by min, max and or.
CREATE OR REPLACE FUNCTION ranking_merge_authors() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH pc AS (
    SELECT DISTINCT d.id, (d.ct / 3600)::integer AS hour, c.coin, d.author_id, d.ct, d.followers, d.verified
    FROM ranking_delta d CROSS JOIN LATERAL unnest(d.coins) AS c(coin)
  )
  INSERT INTO ranking_coin_authors AS t
  SELECT hour, coin, author_id, count(*)::integer, min(ct), max(ct), max(followers), bool_or(verified)
  FROM pc GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (hour, coin, author_id) DO UPDATE SET
    posts = t.posts + EXCLUDED.posts, first_ct = least(t.first_ct, EXCLUDED.first_ct),
    last_ct = greatest(t.last_ct, EXCLUDED.last_ct), followers = greatest(t.followers, EXCLUDED.followers),
    verified = t.verified OR EXCLUDED.verified;
END $$;

-- Reads the (coin, hour, author) rows named in ranking_keys again from posts: a minimum or a
-- maximum cannot be un-merged when a post changes or goes. The rows are locked (created when
-- missing) before the read, so the read's snapshot includes whatever a concurrent writer of the
-- same rows committed, and what such a writer commits later is a merge on top of ours.
CREATE OR REPLACE FUNCTION ranking_recompute_authors() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  -- Only posts at or above the recount's cursor count (recount.ts); every post when none runs.
  lo bigint := rollups_counted_from();
BEGIN
  INSERT INTO ranking_coin_authors (hour, coin, author_id, posts, first_ct, last_ct, followers, verified)
  SELECT hour, coin, author_id, 0, 0, 0, 0, false FROM ranking_keys ORDER BY 1, 2, 3
  ON CONFLICT DO NOTHING;
  PERFORM 1 FROM ranking_coin_authors t JOIN ranking_keys k USING (hour, coin, author_id)
  ORDER BY t.hour, t.coin, t.author_id FOR UPDATE OF t;

  UPDATE ranking_coin_authors t SET posts = s.posts, first_ct = s.first_ct, last_ct = s.last_ct,
                                    followers = s.followers, verified = s.verified
  FROM (SELECT k.hour, k.coin, k.author_id, count(*)::integer AS posts, min(p.ct) AS first_ct, max(p.ct) AS last_ct,
               max(p.author_followers) AS followers, bool_or(p.author_verified) AS verified
        FROM ranking_keys k
        JOIN posts p ON p.person_id = k.author_id AND p.ct >= k.hour * 3600::bigint
                    AND p.ct < (k.hour + 1) * 3600::bigint AND p.coins @> ARRAY[k.coin] AND ${C}
                    AND p.ct >= lo
        GROUP BY 1, 2, 3) s
  WHERE t.hour = s.hour AND t.coin = s.coin AND t.author_id = s.author_id;

  DELETE FROM ranking_coin_authors t USING ranking_keys k
  WHERE t.hour = k.hour AND t.coin = k.coin AND t.author_id = k.author_id
    AND NOT EXISTS (SELECT 1 FROM posts p WHERE p.person_id = k.author_id AND p.ct >= k.hour * 3600::bigint
                    AND p.ct < (k.hour + 1) * 3600::bigint AND p.coins @> ARRAY[k.coin] AND ${C}
                    AND p.ct >= lo);
END $$;

CREATE OR REPLACE FUNCTION ranking_posts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- Only posts at or above the recount's cursor count (recount.ts); every post when none runs.
  lo bigint := rollups_counted_from();
BEGIN
  ${scratch('ranking_delta', DELTA_COLUMNS)};
  -- Not emptied here: an upsert's INSERT trigger reads the keys its UPDATE trigger left (below).
  ${scratchTable('ranking_keys', 'hour integer, coin text, author_id text')};
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ranking_delta
    SELECT id, person_id, ct, coins, author_followers, author_verified, reply_count, retweet_count + quote_count,
           impression_count, like_count, 1, true
    FROM new_posts p WHERE cardinality(coins) > 0 AND ${C} AND p.ct >= lo;
  ELSE
    DELETE FROM ranking_keys;
    IF TG_OP = 'DELETE' THEN
      INSERT INTO ranking_delta
      SELECT id, person_id, ct, coins, author_followers, author_verified, reply_count, retweet_count + quote_count,
             impression_count, like_count, -1, true
      FROM old_posts p WHERE cardinality(coins) > 0 AND ${C} AND p.ct >= lo;
    ELSE
      -- Only posts whose counted fields changed; author_changed marks those whose per-author
      -- rows move too (a metrics refresh changes the sums only). Of the old and new row, only
      -- one that counts (not a copy) is taken away or added.
      INSERT INTO ranking_delta
      SELECT ${DELTA_NAMES.map((c) => `x.${c}`).join(', ')} FROM old_posts o JOIN new_posts n ON n.id = o.id
      CROSS JOIN LATERAL (
        SELECT (o.person_id, o.ct, o.coins, o.author_followers, o.author_verified, ${notACopy('o')})
               IS DISTINCT FROM (n.person_id, n.ct, n.coins, n.author_followers, n.author_verified, ${notACopy('n')}) AS moved
      ) m
      CROSS JOIN LATERAL (VALUES
        (o.id, o.person_id, o.ct, o.coins, o.author_followers, o.author_verified, o.reply_count,
         o.retweet_count + o.quote_count, o.impression_count, o.like_count, -1, m.moved, ${notACopy('o')}),
        (n.id, n.person_id, n.ct, n.coins, n.author_followers, n.author_verified, n.reply_count,
         n.retweet_count + n.quote_count, n.impression_count, n.like_count, 1, m.moved, ${notACopy('n')})
      ) AS x(${DELTA_NAMES.join(', ')}, counted)
      WHERE x.counted AND x.ct >= lo AND (cardinality(o.coins) > 0 OR cardinality(n.coins) > 0)
        AND (m.moved OR (o.reply_count, o.retweet_count, o.quote_count, o.impression_count, o.like_count)
                        IS DISTINCT FROM (n.reply_count, n.retweet_count, n.quote_count, n.impression_count, n.like_count));
    END IF;
  END IF;

  IF EXISTS (SELECT 1 FROM ranking_delta) THEN
    PERFORM ranking_apply_sums();
    IF TG_OP = 'INSERT' THEN
      PERFORM ranking_merge_authors();
      -- An upsert (INSERT ... ON CONFLICT DO UPDATE) fires its UPDATE trigger first: rows it
      -- recomputed from posts already counted this statement's new posts, which the merge just
      -- added again. Recomputing the keys both touched makes them exact whatever the order; keys
      -- left over from an earlier statement only cost a needless, still exact, recompute.
      IF EXISTS (SELECT 1 FROM ranking_keys) THEN
        DELETE FROM ranking_keys k WHERE NOT EXISTS (
          SELECT 1 FROM ranking_delta d
          WHERE d.author_id = k.author_id AND (d.ct / 3600)::integer = k.hour AND k.coin = ANY(d.coins));
        IF EXISTS (SELECT 1 FROM ranking_keys) THEN
          PERFORM ranking_recompute_authors();
        END IF;
      END IF;
    ELSE
      INSERT INTO ranking_keys
      SELECT DISTINCT (d.ct / 3600)::integer, c.coin, d.author_id
      FROM ranking_delta d CROSS JOIN LATERAL unnest(d.coins) AS c(coin) WHERE d.author_changed;
      IF EXISTS (SELECT 1 FROM ranking_keys) THEN
        PERFORM ranking_recompute_authors();
      END IF;
    END IF;
  END IF;
  IF TG_OP = 'INSERT' THEN
    DELETE FROM ranking_keys;
  END IF;
  DELETE FROM ranking_delta;
  RETURN NULL;
END $$;

${writeTriggers('posts', 'ranking', 'ranking_posts_changed', 'posts')}

-- Sets the pairs in ranking_last_new (coin, author_id, last_ct, score, verified; last_ct NULL =
-- the pair has no post left) and moves their share of the histogram from the old buckets to the
-- new. merge (new posts): a pair only moves forward, and posts at the same latest second combine
-- (most followers, verified if any is), as a recount would; otherwise the given state (a recount
-- from posts) replaces the old. The rows are created when missing and locked in key order before
-- the old state is read, so two writers of one pair apply their changes one after the other.
CREATE OR REPLACE FUNCTION ranking_last_apply(merge boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ranking_author_last (coin, author_id, last_ct)
  SELECT coin, author_id, NULL FROM ranking_last_new ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
  PERFORM 1 FROM ranking_author_last t JOIN ranking_last_new n USING (coin, author_id)
  ORDER BY t.coin, t.author_id FOR UPDATE OF t;

  ${scratch(
    'ranking_last_moves',
    'coin text, author_id text, old_ct bigint, old_score bigint, old_verified boolean, new_ct bigint, new_score bigint, new_verified boolean',
  )};
  INSERT INTO ranking_last_moves
  SELECT * FROM (
    SELECT t.coin, t.author_id, t.last_ct AS old_ct, t.score AS old_score, t.verified AS old_verified,
           CASE WHEN x.replace THEN n.last_ct ELSE t.last_ct END AS new_ct,
           CASE WHEN x.replace THEN n.score WHEN x.same THEN greatest(t.score, n.score) ELSE t.score END AS new_score,
           CASE WHEN x.replace THEN n.verified WHEN x.same THEN t.verified OR n.verified ELSE t.verified END AS new_verified
    FROM ranking_author_last t JOIN ranking_last_new n USING (coin, author_id)
    CROSS JOIN LATERAL (
      SELECT NOT merge OR t.last_ct IS NULL OR n.last_ct > t.last_ct AS replace, n.last_ct = t.last_ct AS same
    ) x
  ) m
  WHERE (old_ct, old_score, old_verified) IS DISTINCT FROM (new_ct, new_score, new_verified);

  UPDATE ranking_author_last t
  SET last_ct = m.new_ct, score = coalesce(m.new_score, 0), verified = coalesce(m.new_verified, false)
  FROM ranking_last_moves m WHERE t.coin = m.coin AND t.author_id = m.author_id;
  DELETE FROM ranking_author_last t USING ranking_last_new n
  WHERE t.coin = n.coin AND t.author_id = n.author_id AND t.last_ct IS NULL;

  INSERT INTO ranking_last_counts AS h (res, bucket_start, coin, kols, verified_kols, score)
  SELECT r.res, d.ct / r.res * r.res, d.coin, sum(d.kols)::integer, sum(d.verified_kols)::integer, sum(d.score)::bigint
  FROM (
    SELECT old_ct AS ct, coin, -1 AS kols, -old_verified::integer AS verified_kols, -old_score AS score
    FROM ranking_last_moves WHERE old_ct IS NOT NULL
    UNION ALL
    SELECT new_ct, coin, 1, new_verified::integer, new_score FROM ranking_last_moves WHERE new_ct IS NOT NULL
  ) d CROSS JOIN (VALUES (300), (3600)) AS r(res)
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (res, bucket_start, coin) DO UPDATE SET kols = h.kols + EXCLUDED.kols,
    verified_kols = h.verified_kols + EXCLUDED.verified_kols, score = h.score + EXCLUDED.score;
  DELETE FROM ranking_last_counts h USING ranking_last_moves m CROSS JOIN (VALUES (300), (3600)) AS r(res)
  WHERE h.res = r.res AND h.bucket_start = m.old_ct / r.res * r.res AND h.coin = m.coin AND h.kols <= 0;
  DELETE FROM ranking_last_moves;
END $$;

-- Each pair's latest post in a set of posts (ranking_last_posts): of several at that second, the
-- most followers, and verified if any is.
CREATE OR REPLACE FUNCTION ranking_last_of_posts() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ranking_last_new
  SELECT coin, author_id, ct, ranking_micro(log(1 + followers::float8)), verified
  FROM (SELECT c.coin, p.author_id, p.ct, max(p.author_followers) AS followers, bool_or(p.author_verified) AS verified,
               rank() OVER (PARTITION BY c.coin, p.author_id ORDER BY p.ct DESC) AS r
        FROM ranking_last_posts p CROSS JOIN LATERAL unnest(p.coins) AS c(coin)
        GROUP BY c.coin, p.author_id, p.ct) x
  WHERE r = 1;
END $$;

CREATE OR REPLACE FUNCTION ranking_last_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- Only posts at or above the recount's cursor count (recount.ts); every post when none runs.
  lo bigint := rollups_counted_from();
BEGIN
  ${scratch('ranking_last_new', 'coin text, author_id text, last_ct bigint, score bigint, verified boolean')};
  ${scratch('ranking_last_posts', 'author_id text, ct bigint, coins text[], author_followers bigint, author_verified boolean')};

  -- A post that went, moved (author, time, coins) or got a new author snapshot changes its pairs'
  -- latest post only if it was that post: recount those pairs from posts. Most re-sent posts are
  -- not their pair's latest and cost nothing here.
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO ranking_last_new (coin, author_id)
    SELECT DISTINCT c.coin, o.person_id
    FROM old_posts o CROSS JOIN LATERAL unnest(o.coins) AS c(coin)
    WHERE ${notACopy('o')} AND o.ct >= lo AND EXISTS (SELECT 1 FROM ranking_author_last l
                  WHERE l.coin = c.coin AND l.author_id = o.person_id AND l.last_ct <= o.ct);
    IF TG_OP = 'UPDATE' THEN
      -- Posts left as they were (a metrics refresh) are no recount.
      DELETE FROM ranking_last_new k WHERE NOT EXISTS (
        SELECT 1 FROM old_posts o JOIN new_posts n ON n.id = o.id
        WHERE o.person_id = k.author_id AND k.coin = ANY(o.coins)
          AND (n.person_id, n.ct, n.coins, n.author_followers, n.author_verified, ${notACopy('n')})
              IS DISTINCT FROM (o.person_id, o.ct, o.coins, o.author_followers, o.author_verified, ${notACopy('o')}));
    END IF;
    IF EXISTS (SELECT 1 FROM ranking_last_new) THEN
      -- Newest first along posts_by_author; "= ANY" rather than "@>" keeps the planner off the
      -- coins index, which would read every post of the coin.
      UPDATE ranking_last_new k SET last_ct = l.ct, score = ranking_micro(log(1 + l.followers::float8)),
                                    verified = l.verified
      FROM (SELECT k2.coin, k2.author_id, top.ct, t.followers, t.verified
            FROM ranking_last_new k2
            -- The latest post, then any others at that second (WITH TIES would read on to the
            -- pair's next post, which can lie deep in a busy author's history).
            CROSS JOIN LATERAL (
              SELECT p.ct FROM posts p WHERE p.person_id = k2.author_id AND k2.coin = ANY(p.coins) AND ${C}
                AND p.ct >= lo
              ORDER BY p.ct DESC LIMIT 1
            ) top
            CROSS JOIN LATERAL (
              SELECT max(p.author_followers) AS followers, bool_or(p.author_verified) AS verified FROM posts p
              WHERE p.person_id = k2.author_id AND p.ct = top.ct AND k2.coin = ANY(p.coins) AND ${C}
            ) t) l
      WHERE k.coin = l.coin AND k.author_id = l.author_id;
      PERFORM ranking_last_apply(false);
      DELETE FROM ranking_last_new;
    END IF;
  END IF;

  -- New posts, and posts moved to another author, time or coins: a pair's latest post can only
  -- move forward, so they merge.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ranking_last_posts
    SELECT person_id, ct, coins, author_followers, author_verified FROM new_posts p WHERE ${C} AND p.ct >= lo;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO ranking_last_posts
    SELECT n.person_id, n.ct, n.coins, n.author_followers, n.author_verified
    FROM old_posts o JOIN new_posts n ON n.id = o.id
    WHERE ${notACopy('n')} AND n.ct >= lo
      AND (n.person_id, n.ct, n.coins, ${notACopy('n')}) IS DISTINCT FROM (o.person_id, o.ct, o.coins, ${notACopy('o')});
  END IF;
  IF EXISTS (SELECT 1 FROM ranking_last_posts) THEN
    PERFORM ranking_last_of_posts();
    IF EXISTS (SELECT 1 FROM ranking_last_new) THEN PERFORM ranking_last_apply(true); END IF;
  END IF;
  DELETE FROM ranking_last_new;
  DELETE FROM ranking_last_posts;
  RETURN NULL;
END $$;

${writeTriggers('posts', 'ranking_last', 'ranking_last_changed', 'posts')}

-- A slice of the background recount (recount.ts): the posts with ct in [lo, hi), added as new
-- posts are. Slices go from the newest down, so a pair's latest post is in the first slice that
-- has one, and older slices merge nothing into it but a tie at its second.
CREATE OR REPLACE FUNCTION ranking_count_posts(lo bigint, hi bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  ${scratch('ranking_delta', DELTA_COLUMNS)};
  INSERT INTO ranking_delta
  SELECT id, person_id, ct, coins, author_followers, author_verified, reply_count, retweet_count + quote_count,
         impression_count, like_count, 1, true
  FROM posts p WHERE p.ct >= lo AND p.ct < hi AND cardinality(coins) > 0 AND ${C};
  IF EXISTS (SELECT 1 FROM ranking_delta) THEN
    PERFORM ranking_apply_sums();
    PERFORM ranking_merge_authors();
  END IF;
  DELETE FROM ranking_delta;

  ${scratch('ranking_last_new', 'coin text, author_id text, last_ct bigint, score bigint, verified boolean')};
  ${scratch('ranking_last_posts', 'author_id text, ct bigint, coins text[], author_followers bigint, author_verified boolean')};
  INSERT INTO ranking_last_posts
  SELECT person_id, ct, coins, author_followers, author_verified FROM posts p
  WHERE p.ct >= lo AND p.ct < hi AND cardinality(coins) > 0 AND ${C};
  IF EXISTS (SELECT 1 FROM ranking_last_posts) THEN
    PERFORM ranking_last_of_posts();
    -- Slices go down in time, and a slice holds the cursor's lock, which every writer of these
    -- tables waits for: a pair already counted has its latest post in an earlier slice (nothing to
    -- merge but a tie at its second), and a new pair can be written as it is, with no row to lock
    -- first. ranking_last_apply is for the ties only (at 10M posts it cost 0.4 ms a pair).
    -- A lookup per pair (a subquery): as a join the planner read all of ranking_author_last.
    DELETE FROM ranking_last_new n
    WHERE (SELECT t.last_ct FROM ranking_author_last t WHERE t.coin = n.coin AND t.author_id = n.author_id) > n.last_ct;
    WITH added AS (
      INSERT INTO ranking_author_last (coin, author_id, last_ct, score, verified)
      SELECT coin, author_id, last_ct, score, verified FROM ranking_last_new ORDER BY 1, 2
      ON CONFLICT DO NOTHING
      RETURNING coin, author_id, last_ct, score, verified
    ), counted AS (
      INSERT INTO ranking_last_counts AS h (res, bucket_start, coin, kols, verified_kols, score)
      SELECT r.res, a.last_ct / r.res * r.res, a.coin, count(*)::integer, (count(*) FILTER (WHERE a.verified))::integer,
             sum(a.score)::bigint
      FROM added a CROSS JOIN (VALUES (300), (3600)) AS r(res)
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (res, bucket_start, coin) DO UPDATE SET kols = h.kols + EXCLUDED.kols,
        verified_kols = h.verified_kols + EXCLUDED.verified_kols, score = h.score + EXCLUDED.score
    )
    DELETE FROM ranking_last_new n USING added a WHERE n.coin = a.coin AND n.author_id = a.author_id;
    IF EXISTS (SELECT 1 FROM ranking_last_new) THEN PERFORM ranking_last_apply(true); END IF;
  END IF;
  DELETE FROM ranking_last_new;
  DELETE FROM ranking_last_posts;
END $$;

-- Rebuilds the sums and per-author hours from posts.
CREATE OR REPLACE FUNCTION ranking_hourly_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE ranking_coin_sums, ranking_coin_authors;
  WITH pc AS (
    SELECT DISTINCT p.id, c.coin, p.ct, p.author_followers AS followers, p.reply_count AS replies,
           p.retweet_count + p.quote_count AS retweets, p.impression_count AS impressions, p.like_count AS likes
    FROM posts p CROSS JOIN LATERAL unnest(p.coins) AS c(coin) WHERE ${C}
  )
  INSERT INTO ranking_coin_sums
  SELECT r.res, (ct / r.res)::integer, coin, count(*)::integer, sum(ranking_micro(log(1 + followers::float8)))::bigint,
         sum(replies)::bigint, sum(retweets)::bigint, sum(impressions)::bigint, sum(likes)::bigint,
         sum(ranking_micro(ln(1 + replies::float8)))::bigint, sum(ranking_micro(ln(1 + retweets::float8)))::bigint,
         sum(ranking_micro(ln(1 + impressions::float8)))::bigint
  FROM pc ${RES}
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
  WITH pc AS (
    SELECT DISTINCT p.id, c.coin, p.person_id AS author_id, p.ct, p.author_followers AS followers, p.author_verified AS verified
    FROM posts p CROSS JOIN LATERAL unnest(p.coins) AS c(coin) WHERE ${C}
  )
  INSERT INTO ranking_coin_authors
  SELECT (ct / 3600)::integer, coin, author_id, count(*)::integer, min(ct), max(ct), max(followers), bool_or(verified)
  FROM pc GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
END $$;

CREATE OR REPLACE FUNCTION ranking_last_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE ranking_author_last, ranking_last_counts;
  INSERT INTO ranking_author_last (coin, author_id, last_ct, score, verified)
  SELECT coin, author_id, ct, ranking_micro(log(1 + followers::float8)), verified
  FROM (SELECT c.coin, p.person_id AS author_id, p.ct, max(p.author_followers) AS followers, bool_or(p.author_verified) AS verified,
               rank() OVER (PARTITION BY c.coin, p.person_id ORDER BY p.ct DESC) AS r
        FROM posts p CROSS JOIN LATERAL unnest(p.coins) AS c(coin) WHERE ${C}
        GROUP BY c.coin, p.person_id, p.ct) x
  WHERE r = 1
  ORDER BY coin, author_id;
  INSERT INTO ranking_last_counts (res, bucket_start, coin, kols, verified_kols, score)
  SELECT r.res, last_ct / r.res * r.res, coin, count(*)::integer, (count(*) FILTER (WHERE verified))::integer,
         sum(score)::bigint
  FROM ranking_author_last CROSS JOIN (VALUES (300), (3600)) AS r(res) GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
END $$;

-- ranking_rebuild() rebuilds every ranking rollup from posts (benchmarks that bulk-load posts with
-- triggers off, the tests' exactness check).
CREATE OR REPLACE FUNCTION ranking_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ranking_hourly_rebuild();
  PERFORM ranking_last_rebuild();
END $$;
`;

/** The recount in one go (index.ts `rebuild`). */
export const rankingRebuild = /* sql */ `
SELECT ranking_rebuild();
-- Fresh statistics, or the first reads are planned as if the tables were empty.
ANALYZE ranking_author_last;
ANALYZE ranking_last_counts;
`;
