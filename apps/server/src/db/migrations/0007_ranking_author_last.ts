// Distinct-author indicators of the hot-coin ranking (kol_count, verified_kol_count, kol_score)
// for the window that ends now, without reading the window's (coin, author) pairs: about 400,000
// of them in a day at ten million posts, 0.7–1.4 s to count from ranking_coin_authors.
//
// Each (coin, author) pair keeps the time of its latest post, and a histogram counts the pairs
// by the hour and by the 5-minute slot of that latest post. "Pairs that posted in [s, e)" is then
// "pairs whose latest post is at or after s" (the histogram's hours from s on, the slots of s's
// partial hour, and the pairs of s's partial slot from the index on last_ct) minus the pairs whose latest post is at or after e and that
// have no post in [s, e). For the current window e is the start of this minute, so that last
// set is the few pairs of the last seconds (db/repos/ranking.ts, AUTHORS_NOW).
//
// An author's follower count and verification are those of their latest post about the coin (of
// several at that same second: the most followers, and verified if any is).
export default /* sql */ `
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

-- Sets the pairs in ranking_last_new (coin, author_id, last_ct, score, verified; last_ct NULL =
-- the pair has no post left) and moves their share of the histogram from the old buckets to the
-- new. merge (new posts): a pair only moves forward, and posts at the same latest second combine
-- (most followers, verified if any is), as a recount would; otherwise the given state (a recount
-- from posts) replaces the old. The rows are created when missing and locked in key order before
-- the old state is read, so two writers of one pair apply their changes one after the other.
CREATE FUNCTION ranking_last_apply(merge boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ranking_author_last (coin, author_id, last_ct)
  SELECT coin, author_id, NULL FROM ranking_last_new ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
  PERFORM 1 FROM ranking_author_last t JOIN ranking_last_new n USING (coin, author_id)
  ORDER BY t.coin, t.author_id FOR UPDATE OF t;

  CREATE TEMP TABLE IF NOT EXISTS ranking_last_moves (
    coin text, author_id text, old_ct bigint, old_score bigint, old_verified boolean,
    new_ct bigint, new_score bigint, new_verified boolean
  ) ON COMMIT DELETE ROWS;
  DELETE FROM ranking_last_moves;
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
CREATE FUNCTION ranking_last_of_posts() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ranking_last_new
  SELECT coin, author_id, ct, ranking_micro(log(1 + followers::float8)), verified
  FROM (SELECT c.coin, p.author_id, p.ct, max(p.author_followers) AS followers, bool_or(p.author_verified) AS verified,
               rank() OVER (PARTITION BY c.coin, p.author_id ORDER BY p.ct DESC) AS r
        FROM ranking_last_posts p CROSS JOIN LATERAL unnest(p.coins) AS c(coin)
        GROUP BY c.coin, p.author_id, p.ct) x
  WHERE r = 1;
END $$;

CREATE FUNCTION ranking_last_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  CREATE TEMP TABLE IF NOT EXISTS ranking_last_new (
    coin text, author_id text, last_ct bigint, score bigint, verified boolean
  ) ON COMMIT DELETE ROWS;
  CREATE TEMP TABLE IF NOT EXISTS ranking_last_posts (
    author_id text, ct bigint, coins text[], author_followers bigint, author_verified boolean
  ) ON COMMIT DELETE ROWS;
  DELETE FROM ranking_last_new;
  DELETE FROM ranking_last_posts;

  -- A post that went, moved (author, time, coins) or got a new author snapshot changes its pairs'
  -- latest post only if it was that post: recount those pairs from posts. Most re-sent posts are
  -- not their pair's latest and cost nothing here.
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO ranking_last_new (coin, author_id)
    SELECT DISTINCT c.coin, o.author_id
    FROM old_posts o CROSS JOIN LATERAL unnest(o.coins) AS c(coin)
    WHERE EXISTS (SELECT 1 FROM ranking_author_last l
                  WHERE l.coin = c.coin AND l.author_id = o.author_id AND l.last_ct <= o.ct);
    IF TG_OP = 'UPDATE' THEN
      -- Posts left as they were (a metrics refresh) are no recount.
      DELETE FROM ranking_last_new k WHERE NOT EXISTS (
        SELECT 1 FROM old_posts o JOIN new_posts n ON n.id = o.id
        WHERE o.author_id = k.author_id AND k.coin = ANY(o.coins)
          AND (n.author_id, n.ct, n.coins, n.author_followers, n.author_verified)
              IS DISTINCT FROM (o.author_id, o.ct, o.coins, o.author_followers, o.author_verified));
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
              SELECT ct FROM posts WHERE author_id = k2.author_id AND k2.coin = ANY(coins) ORDER BY ct DESC LIMIT 1
            ) top
            CROSS JOIN LATERAL (
              SELECT max(author_followers) AS followers, bool_or(author_verified) AS verified FROM posts
              WHERE author_id = k2.author_id AND ct = top.ct AND k2.coin = ANY(coins)
            ) t) l
      WHERE k.coin = l.coin AND k.author_id = l.author_id;
      PERFORM ranking_last_apply(false);
      DELETE FROM ranking_last_new;
    END IF;
  END IF;

  -- New posts, and posts moved to another author, time or coins: a pair's latest post can only
  -- move forward, so they merge.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ranking_last_posts SELECT author_id, ct, coins, author_followers, author_verified FROM new_posts;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO ranking_last_posts
    SELECT n.author_id, n.ct, n.coins, n.author_followers, n.author_verified
    FROM old_posts o JOIN new_posts n ON n.id = o.id
    WHERE (n.author_id, n.ct, n.coins) IS DISTINCT FROM (o.author_id, o.ct, o.coins);
  END IF;
  IF EXISTS (SELECT 1 FROM ranking_last_posts) THEN
    PERFORM ranking_last_of_posts();
    IF EXISTS (SELECT 1 FROM ranking_last_new) THEN PERFORM ranking_last_apply(true); END IF;
  END IF;
  DELETE FROM ranking_last_new;
  DELETE FROM ranking_last_posts;
  RETURN NULL;
END $$;

CREATE TRIGGER posts_ranking_last_insert AFTER INSERT ON posts
  REFERENCING NEW TABLE AS new_posts FOR EACH STATEMENT EXECUTE FUNCTION ranking_last_changed();
CREATE TRIGGER posts_ranking_last_update AFTER UPDATE ON posts
  REFERENCING OLD TABLE AS old_posts NEW TABLE AS new_posts FOR EACH STATEMENT EXECUTE FUNCTION ranking_last_changed();
CREATE TRIGGER posts_ranking_last_delete AFTER DELETE ON posts
  REFERENCING OLD TABLE AS old_posts FOR EACH STATEMENT EXECUTE FUNCTION ranking_last_changed();

CREATE FUNCTION ranking_last_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE ranking_author_last, ranking_last_counts;
  INSERT INTO ranking_author_last (coin, author_id, last_ct, score, verified)
  SELECT coin, author_id, ct, ranking_micro(log(1 + followers::float8)), verified
  FROM (SELECT c.coin, p.author_id, p.ct, max(p.author_followers) AS followers, bool_or(p.author_verified) AS verified,
               rank() OVER (PARTITION BY c.coin, p.author_id ORDER BY p.ct DESC) AS r
        FROM posts p CROSS JOIN LATERAL unnest(p.coins) AS c(coin)
        GROUP BY c.coin, p.author_id, p.ct) x
  WHERE r = 1
  ORDER BY coin, author_id;
  INSERT INTO ranking_last_counts (res, bucket_start, coin, kols, verified_kols, score)
  SELECT r.res, last_ct / r.res * r.res, coin, count(*)::integer, (count(*) FILTER (WHERE verified))::integer,
         sum(score)::bigint
  FROM ranking_author_last CROSS JOIN (VALUES (300), (3600)) AS r(res) GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
END $$;

-- ranking_rebuild() goes on rebuilding every ranking rollup: 0006's becomes one part of it.
ALTER FUNCTION ranking_rebuild() RENAME TO ranking_hourly_rebuild;
CREATE FUNCTION ranking_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ranking_hourly_rebuild();
  PERFORM ranking_last_rebuild();
END $$;

SELECT ranking_last_rebuild();
-- Fresh statistics, or the first reads are planned as if the tables were empty.
ANALYZE ranking_author_last;
ANALYZE ranking_last_counts;
`;
