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
// An author's follower count and verification are those of their latest post about the coin.
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

-- res 3600 (hours) or 300 (5-minute slots); bucket = last_ct / res.
CREATE TABLE ranking_last_counts (
  res integer NOT NULL,
  bucket integer NOT NULL,
  coin text NOT NULL,
  kols integer NOT NULL,
  verified_kols integer NOT NULL,
  score bigint NOT NULL,
  PRIMARY KEY (res, bucket, coin)
);

-- Sets the pairs in ranking_last_new (coin, author_id, last_ct, score, verified; last_ct NULL =
-- the pair has no post left) and moves their share of the histogram from the old hour to the
-- new. merge: a pair only moves forward (new posts); otherwise the given state replaces the old
-- (a recount from posts). The rows are created when missing and locked in key order before the
-- old state is read, so two writers of one pair apply their changes one after the other.
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
  SELECT t.coin, t.author_id, t.last_ct, t.score, t.verified, n.last_ct, n.score, n.verified
  FROM ranking_author_last t JOIN ranking_last_new n USING (coin, author_id)
  WHERE (t.last_ct, t.score, t.verified) IS DISTINCT FROM (n.last_ct, n.score, n.verified)
    AND (NOT merge OR t.last_ct IS NULL OR n.last_ct > t.last_ct
         OR (n.last_ct = t.last_ct AND (n.score, n.verified) IS DISTINCT FROM (t.score, t.verified)));

  UPDATE ranking_author_last t
  SET last_ct = m.new_ct, score = coalesce(m.new_score, 0), verified = coalesce(m.new_verified, false)
  FROM ranking_last_moves m WHERE t.coin = m.coin AND t.author_id = m.author_id;
  DELETE FROM ranking_author_last t USING ranking_last_new n
  WHERE t.coin = n.coin AND t.author_id = n.author_id AND t.last_ct IS NULL;

  INSERT INTO ranking_last_counts AS h (res, bucket, coin, kols, verified_kols, score)
  SELECT r.res, (d.ct / r.res)::integer, d.coin, sum(d.kols)::integer, sum(d.verified_kols)::integer, sum(d.score)::bigint
  FROM (
    SELECT old_ct AS ct, coin, -1 AS kols, -old_verified::integer AS verified_kols, -old_score AS score
    FROM ranking_last_moves WHERE old_ct IS NOT NULL
    UNION ALL
    SELECT new_ct, coin, 1, new_verified::integer, new_score FROM ranking_last_moves WHERE new_ct IS NOT NULL
  ) d CROSS JOIN (VALUES (300), (3600)) AS r(res)
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (res, bucket, coin) DO UPDATE SET kols = h.kols + EXCLUDED.kols,
    verified_kols = h.verified_kols + EXCLUDED.verified_kols, score = h.score + EXCLUDED.score;
  DELETE FROM ranking_last_counts h USING ranking_last_moves m CROSS JOIN (VALUES (300), (3600)) AS r(res)
  WHERE h.res = r.res AND h.bucket = (m.old_ct / r.res)::integer AND h.coin = m.coin AND h.kols <= 0;
  DELETE FROM ranking_last_moves;
END $$;

CREATE FUNCTION ranking_last_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  CREATE TEMP TABLE IF NOT EXISTS ranking_last_new (
    coin text, author_id text, last_ct bigint, score bigint, verified boolean
  ) ON COMMIT DELETE ROWS;
  DELETE FROM ranking_last_new;
  IF TG_OP = 'INSERT' THEN
    -- Each pair's latest new post; the merge keeps whichever is later, it or the stored one.
    INSERT INTO ranking_last_new
    SELECT DISTINCT ON (c.coin, p.author_id) c.coin, p.author_id, p.ct,
           ranking_micro(log(1 + p.author_followers::float8)), p.author_verified
    FROM new_posts p CROSS JOIN LATERAL unnest(p.coins) AS c(coin)
    ORDER BY c.coin, p.author_id, p.ct DESC, p.author_followers DESC, p.author_verified DESC;
    IF EXISTS (SELECT 1 FROM ranking_last_new) THEN PERFORM ranking_last_apply(true); END IF;
  ELSE
    -- A post that went, or changed author, time, coins or snapshot: recount its pairs from posts.
    IF TG_OP = 'DELETE' THEN
      INSERT INTO ranking_last_new (coin, author_id)
      SELECT DISTINCT c.coin, o.author_id FROM old_posts o CROSS JOIN LATERAL unnest(o.coins) AS c(coin);
    ELSE
      INSERT INTO ranking_last_new (coin, author_id)
      SELECT DISTINCT c.coin, x.author_id
      FROM old_posts o JOIN new_posts n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.author_id, o.coins), (n.author_id, n.coins)) AS x(author_id, coins)
      CROSS JOIN LATERAL unnest(x.coins) AS c(coin)
      WHERE (n.author_id, n.ct, n.coins, n.author_followers, n.author_verified)
            IS DISTINCT FROM (o.author_id, o.ct, o.coins, o.author_followers, o.author_verified);
    END IF;
    IF EXISTS (SELECT 1 FROM ranking_last_new) THEN
      UPDATE ranking_last_new k SET last_ct = l.ct, score = l.score, verified = l.verified
      FROM (SELECT k2.coin, k2.author_id, p.ct, ranking_micro(log(1 + p.author_followers::float8)) AS score,
                   p.author_verified AS verified
            FROM ranking_last_new k2
            CROSS JOIN LATERAL (
              SELECT ct, author_followers, author_verified FROM posts
              WHERE author_id = k2.author_id AND coins @> ARRAY[k2.coin]
              ORDER BY ct DESC, author_followers DESC, author_verified DESC LIMIT 1
            ) p) l
      WHERE k.coin = l.coin AND k.author_id = l.author_id;
      PERFORM ranking_last_apply(false);
    END IF;
  END IF;
  DELETE FROM ranking_last_new;
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
  SELECT DISTINCT ON (c.coin, p.author_id) c.coin, p.author_id, p.ct,
         ranking_micro(log(1 + p.author_followers::float8)), p.author_verified
  FROM posts p CROSS JOIN LATERAL unnest(p.coins) AS c(coin)
  ORDER BY c.coin, p.author_id, p.ct DESC, p.author_followers DESC, p.author_verified DESC;
  INSERT INTO ranking_last_counts (res, bucket, coin, kols, verified_kols, score)
  SELECT r.res, (last_ct / r.res)::integer, coin, count(*)::integer, (count(*) FILTER (WHERE verified))::integer,
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
