// Hot-coin ranking rollups (docs/ARCHITECTURE.md, "Hot-coin ranking"). A 24 h ranking over ten
// million posts cannot scan the posts, so every write to posts keeps two rollups exact: per coin
// and time bucket, the sums the heat score is made of; per coin, hour and author, what the KOL
// counts, whistleblowers and crowns need. Statement-level triggers with transition tables see
// every write path (ingest upserts that grow metrics, re-classification, author merges, deletes).
export default /* sql */ `
-- The author as the post was last written: the heat must be a function of the stored posts
-- alone, or an old post's share could not be subtracted exactly when it changes. Follower counts
-- drift slowly and the score uses their logarithm, so a snapshot per write costs nothing visible.
ALTER TABLE posts ADD COLUMN author_followers bigint NOT NULL DEFAULT 0;
ALTER TABLE posts ADD COLUMN author_verified boolean NOT NULL DEFAULT false;

UPDATE posts p SET author_followers = a.followers_count,
                   author_verified = a.is_blue_verified OR a.verified_type <> 'none'
FROM x_accounts a WHERE a.id = p.author_id;

CREATE FUNCTION ranking_author_snapshot() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT a.followers_count, a.is_blue_verified OR a.verified_type <> 'none'
    INTO NEW.author_followers, NEW.author_verified
    FROM x_accounts a WHERE a.id = NEW.author_id;
  -- No account: the foreign key refuses the row right after; keep the columns non-null until then.
  IF NOT FOUND THEN
    NEW.author_followers := 0;
    NEW.author_verified := false;
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

CREATE FUNCTION ranking_micro(x double precision) RETURNS bigint
  LANGUAGE sql IMMUTABLE AS $$ SELECT round(x * 1000000)::bigint $$;

-- Adds (sign 1) or subtracts (sign -1) the posts in the temp table ranking_delta to the sums at
-- every resolution. Rows are written in key order so concurrent writers lock them in one order.
CREATE FUNCTION ranking_apply_sums() RETURNS void LANGUAGE plpgsql AS $$
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
    FROM pc CROSS JOIN (VALUES (300), (3600), (86400)) AS r(res) GROUP BY 1, 2, 3
  )
  INSERT INTO ranking_coin_sums AS t
  SELECT * FROM sums
  WHERE (posts, influence, comments, retweets, impressions, likes, comments_log, retweets_log, impressions_log)
        IS DISTINCT FROM (0, 0, 0, 0, 0, 0, 0, 0, 0)
  ORDER BY res, bucket, coin
  ON CONFLICT (res, bucket, coin) DO UPDATE SET
    posts = t.posts + EXCLUDED.posts, influence = t.influence + EXCLUDED.influence,
    comments = t.comments + EXCLUDED.comments, retweets = t.retweets + EXCLUDED.retweets,
    impressions = t.impressions + EXCLUDED.impressions, likes = t.likes + EXCLUDED.likes,
    comments_log = t.comments_log + EXCLUDED.comments_log, retweets_log = t.retweets_log + EXCLUDED.retweets_log,
    impressions_log = t.impressions_log + EXCLUDED.impressions_log;

  IF EXISTS (SELECT 1 FROM ranking_delta WHERE sign < 0) THEN
    DELETE FROM ranking_coin_sums t
    USING (SELECT DISTINCT r.res, (d.ct / r.res)::integer AS bucket, c.coin
           FROM ranking_delta d CROSS JOIN LATERAL unnest(d.coins) AS c(coin)
           CROSS JOIN (VALUES (300), (3600), (86400)) AS r(res)) k
    WHERE t.res = k.res AND t.bucket = k.bucket AND t.coin = k.coin AND t.posts <= 0;
  END IF;
END $$;

-- New posts only: first/last time, followers and verification merge by min, max and or.
CREATE FUNCTION ranking_merge_authors() RETURNS void LANGUAGE plpgsql AS $$
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
CREATE FUNCTION ranking_recompute_authors() RETURNS void LANGUAGE plpgsql AS $$
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
        JOIN posts p ON p.author_id = k.author_id AND p.ct >= k.hour * 3600::bigint
                    AND p.ct < (k.hour + 1) * 3600::bigint AND p.coins @> ARRAY[k.coin]
        GROUP BY 1, 2, 3) s
  WHERE t.hour = s.hour AND t.coin = s.coin AND t.author_id = s.author_id;

  DELETE FROM ranking_coin_authors t USING ranking_keys k
  WHERE t.hour = k.hour AND t.coin = k.coin AND t.author_id = k.author_id
    AND NOT EXISTS (SELECT 1 FROM posts p WHERE p.author_id = k.author_id AND p.ct >= k.hour * 3600::bigint
                    AND p.ct < (k.hour + 1) * 3600::bigint AND p.coins @> ARRAY[k.coin]);
END $$;

CREATE FUNCTION ranking_posts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  CREATE TEMP TABLE IF NOT EXISTS ranking_delta (
    id text, author_id text, ct bigint, coins text[], followers bigint, verified boolean,
    replies bigint, retweets bigint, impressions bigint, likes bigint, sign integer, author_changed boolean
  ) ON COMMIT DELETE ROWS;
  -- Created once per session and emptied at each commit: creating and dropping them in every
  -- transaction cost a fifth of the ingest rate on PGlite.
  CREATE TEMP TABLE IF NOT EXISTS ranking_keys (hour integer, coin text, author_id text) ON COMMIT DELETE ROWS;
  -- DELETE rather than TRUNCATE: these hold a batch at most, and TRUNCATE makes a new file each time.
  DELETE FROM ranking_delta;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ranking_delta
    SELECT id, author_id, ct, coins, author_followers, author_verified, reply_count, retweet_count + quote_count,
           impression_count, like_count, 1, true
    FROM new_posts WHERE cardinality(coins) > 0;
  ELSE
    DELETE FROM ranking_keys;
    IF TG_OP = 'DELETE' THEN
      INSERT INTO ranking_delta
      SELECT id, author_id, ct, coins, author_followers, author_verified, reply_count, retweet_count + quote_count,
             impression_count, like_count, -1, true
      FROM old_posts WHERE cardinality(coins) > 0;
    ELSE
      -- Only posts whose counted fields changed; author_changed marks those whose per-author
      -- rows move too (a metrics refresh changes the sums only).
      INSERT INTO ranking_delta
      SELECT x.* FROM old_posts o JOIN new_posts n ON n.id = o.id
      CROSS JOIN LATERAL (
        SELECT (o.author_id, o.ct, o.coins, o.author_followers, o.author_verified)
               IS DISTINCT FROM (n.author_id, n.ct, n.coins, n.author_followers, n.author_verified) AS moved
      ) m
      CROSS JOIN LATERAL (VALUES
        (o.id, o.author_id, o.ct, o.coins, o.author_followers, o.author_verified, o.reply_count,
         o.retweet_count + o.quote_count, o.impression_count, o.like_count, -1, m.moved),
        (n.id, n.author_id, n.ct, n.coins, n.author_followers, n.author_verified, n.reply_count,
         n.retweet_count + n.quote_count, n.impression_count, n.like_count, 1, m.moved)
      ) AS x(id, author_id, ct, coins, followers, verified, replies, retweets, impressions, likes, sign, author_changed)
      WHERE (cardinality(o.coins) > 0 OR cardinality(n.coins) > 0)
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

-- Rebuilds both rollups from posts (this migration, and benchmarks that bulk-load posts with
-- triggers off).
CREATE FUNCTION ranking_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE ranking_coin_sums, ranking_coin_authors;
  WITH pc AS (
    SELECT DISTINCT p.id, c.coin, p.ct, p.author_followers AS followers, p.reply_count AS replies,
           p.retweet_count + p.quote_count AS retweets, p.impression_count AS impressions, p.like_count AS likes
    FROM posts p CROSS JOIN LATERAL unnest(p.coins) AS c(coin)
  )
  INSERT INTO ranking_coin_sums
  SELECT r.res, (ct / r.res)::integer, coin, count(*)::integer, sum(ranking_micro(log(1 + followers::float8)))::bigint,
         sum(replies)::bigint, sum(retweets)::bigint, sum(impressions)::bigint, sum(likes)::bigint,
         sum(ranking_micro(ln(1 + replies::float8)))::bigint, sum(ranking_micro(ln(1 + retweets::float8)))::bigint,
         sum(ranking_micro(ln(1 + impressions::float8)))::bigint
  FROM pc CROSS JOIN (VALUES (300), (3600), (86400)) AS r(res)
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
  WITH pc AS (
    SELECT DISTINCT p.id, c.coin, p.author_id, p.ct, p.author_followers AS followers, p.author_verified AS verified
    FROM posts p CROSS JOIN LATERAL unnest(p.coins) AS c(coin)
  )
  INSERT INTO ranking_coin_authors
  SELECT (ct / 3600)::integer, coin, author_id, count(*)::integer, min(ct), max(ct), max(followers), bool_or(verified)
  FROM pc GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
END $$;

SELECT ranking_rebuild();

CREATE TRIGGER posts_ranking_insert AFTER INSERT ON posts
  REFERENCING NEW TABLE AS new_posts FOR EACH STATEMENT EXECUTE FUNCTION ranking_posts_changed();
CREATE TRIGGER posts_ranking_update AFTER UPDATE ON posts
  REFERENCING OLD TABLE AS old_posts NEW TABLE AS new_posts FOR EACH STATEMENT EXECUTE FUNCTION ranking_posts_changed();
CREATE TRIGGER posts_ranking_delete AFTER DELETE ON posts
  REFERENCING OLD TABLE AS old_posts FOR EACH STATEMENT EXECUTE FUNCTION ranking_posts_changed();
`;
