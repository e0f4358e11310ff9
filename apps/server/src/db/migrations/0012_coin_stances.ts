// Per-coin stance (issue 14 §4): "$BTC looks weak here but $SOL is ripping" counts as bearish in
// BTC's opinion report and bullish in SOL's. posts.coin_stances is parallel to posts.coins (same
// order, -1/0/1); an empty array means every coin has the post's label, and NULL (rows stored
// before this migration) means the same. Readers take coalesce(stance, sentiment) over
// unnest(coins, coin_stances), which pads the shorter array with NULL.
//
// The coin rollups of 0005 (opinion_counts, opinion_author_counts, group_opinion_counts) count
// each coin by its stance; event views match words, not coins, and keep the post's label. The
// delta table gets a new name, opinion_delta: migrations run in one transaction, and 0005's
// delta_posts (ON COMMIT DROP, without the new column) may still exist in it. No recount is
// needed here: every stored row has NULL stances, which count exactly as before.
export default /* sql */ `
ALTER TABLE posts ADD COLUMN coin_stances smallint[];

-- Adds (sign 1) or subtracts (sign -1) the posts of the temp table "opinion_delta"
-- (id, ct, author_id, coins, coin_stances, sentiment, text, sign) to every rollup.
CREATE OR REPLACE FUNCTION opinion_apply_delta() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH pc AS (
    SELECT DISTINCT d.id, d.ct, d.author_id, coalesce(c.stance, d.sentiment) AS sentiment, d.sign, c.coin
    FROM opinion_delta d CROSS JOIN LATERAL unnest(d.coins, d.coin_stances) AS c(coin, stance)
    WHERE c.coin IS NOT NULL
  ), sums AS (
    SELECT coin, (ct / 60) * 60 AS bucket, author_id,
           sum(sign) FILTER (WHERE sentiment = 1) AS up,
           sum(sign) FILTER (WHERE sentiment = 0) AS neutral,
           sum(sign) FILTER (WHERE sentiment = -1) AS down
    FROM pc GROUP BY 1, 2, 3
  )
  INSERT INTO opinion_author_counts AS t (coin, bucket, author_id, up, neutral, down)
  SELECT coin, bucket, author_id, coalesce(up, 0), coalesce(neutral, 0), coalesce(down, 0) FROM sums
  ON CONFLICT (coin, bucket, author_id) DO UPDATE
    SET up = t.up + EXCLUDED.up, neutral = t.neutral + EXCLUDED.neutral, down = t.down + EXCLUDED.down;

  WITH pc AS (
    SELECT DISTINCT d.id, d.ct, coalesce(c.stance, d.sentiment) AS sentiment, d.sign, c.coin,
           author_class(a.is_blue_verified, a.verified_type) AS class
    FROM opinion_delta d JOIN x_accounts a ON a.id = d.author_id
    CROSS JOIN LATERAL unnest(d.coins, d.coin_stances) AS c(coin, stance)
    WHERE c.coin IS NOT NULL
  ), sums AS (
    SELECT coin, r.res, (ct / (r.res * 60)) * (r.res * 60) AS bucket, class,
           sum(sign) FILTER (WHERE sentiment = 1) AS up,
           sum(sign) FILTER (WHERE sentiment = 0) AS neutral,
           sum(sign) FILTER (WHERE sentiment = -1) AS down
    FROM pc CROSS JOIN (VALUES (1::smallint), (30::smallint)) AS r(res) GROUP BY 1, 2, 3, 4
  )
  INSERT INTO opinion_counts AS t (coin, res, bucket, class, up, neutral, down)
  SELECT coin, res, bucket, class, coalesce(up, 0), coalesce(neutral, 0), coalesce(down, 0) FROM sums
  ON CONFLICT (coin, res, bucket, class) DO UPDATE
    SET up = t.up + EXCLUDED.up, neutral = t.neutral + EXCLUDED.neutral, down = t.down + EXCLUDED.down;

  IF EXISTS (SELECT 1 FROM opinion_groups) THEN
    PERFORM group_opinion_apply_posts();
  END IF;

  IF EXISTS (SELECT 1 FROM event_patterns) THEN
    CREATE TEMP TABLE IF NOT EXISTS event_matched (view_id bigint, ct bigint, author_id text, sentiment smallint, sign integer) ON COMMIT DROP;
    TRUNCATE event_matched;
    INSERT INTO event_matched
    SELECT v.view_id, d.ct, d.author_id, d.sentiment, d.sign
    FROM opinion_delta d CROSS JOIN event_views v
    WHERE NOT EXISTS (SELECT 1 FROM event_patterns p WHERE p.view_id = v.view_id AND d.text !~* p.pattern)
      AND EXISTS (SELECT 1 FROM event_patterns p WHERE p.view_id = v.view_id);

    WITH sums AS (
      SELECT view_id, (ct / 60) * 60 AS bucket, author_id,
             sum(sign) FILTER (WHERE sentiment = 1) AS up,
             sum(sign) FILTER (WHERE sentiment = 0) AS neutral,
             sum(sign) FILTER (WHERE sentiment = -1) AS down
      FROM event_matched GROUP BY 1, 2, 3
    )
    INSERT INTO event_counts AS t (view_id, bucket, author_id, up, neutral, down)
    SELECT view_id, bucket, author_id, coalesce(up, 0), coalesce(neutral, 0), coalesce(down, 0) FROM sums
    ON CONFLICT (view_id, bucket, author_id) DO UPDATE
      SET up = t.up + EXCLUDED.up, neutral = t.neutral + EXCLUDED.neutral, down = t.down + EXCLUDED.down;

    WITH sums AS (
      SELECT m.view_id, r.res, (m.ct / (r.res * 60)) * (r.res * 60) AS bucket,
             author_class(a.is_blue_verified, a.verified_type) AS class,
             sum(m.sign) FILTER (WHERE m.sentiment = 1) AS up,
             sum(m.sign) FILTER (WHERE m.sentiment = 0) AS neutral,
             sum(m.sign) FILTER (WHERE m.sentiment = -1) AS down
      FROM event_matched m JOIN event_views v ON v.view_id = m.view_id JOIN x_accounts a ON a.id = m.author_id
      CROSS JOIN (VALUES (1::smallint), (30::smallint)) AS r(res)
      WHERE v.group_id IS NULL OR kol_group_member(v.group_id, a.id, a.followers_count, a.tracked)
      GROUP BY 1, 2, 3, 4
    )
    INSERT INTO event_class_counts AS t (view_id, res, bucket, class, up, neutral, down)
    SELECT view_id, res, bucket, class, coalesce(up, 0), coalesce(neutral, 0), coalesce(down, 0) FROM sums
    ON CONFLICT (view_id, res, bucket, class) DO UPDATE
      SET up = t.up + EXCLUDED.up, neutral = t.neutral + EXCLUDED.neutral, down = t.down + EXCLUDED.down;
    TRUNCATE event_matched;
  END IF;
END $$;

-- New, changed and deleted posts of members of the groups opinion views use.
CREATE OR REPLACE FUNCTION group_opinion_apply_posts() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH pc AS (
    SELECT DISTINCT og.group_id, d.id, d.ct, coalesce(c.stance, d.sentiment) AS sentiment, d.sign, c.coin,
           author_class(a.is_blue_verified, a.verified_type) AS class
    FROM opinion_delta d JOIN x_accounts a ON a.id = d.author_id
    CROSS JOIN opinion_groups og
    CROSS JOIN LATERAL unnest(d.coins, d.coin_stances) AS c(coin, stance)
    WHERE c.coin IS NOT NULL AND kol_group_member(og.group_id, a.id, a.followers_count, a.tracked)
  ), sums AS (
    SELECT group_id, coin, r.res, (ct / (r.res * 60)) * (r.res * 60) AS bucket, class,
           sum(sign) FILTER (WHERE sentiment = 1) AS up,
           sum(sign) FILTER (WHERE sentiment = 0) AS neutral,
           sum(sign) FILTER (WHERE sentiment = -1) AS down
    FROM pc CROSS JOIN (VALUES (1::smallint), (30::smallint)) AS r(res) GROUP BY 1, 2, 3, 4, 5
  )
  INSERT INTO group_opinion_counts AS t (group_id, coin, res, bucket, class, up, neutral, down)
  SELECT group_id, coin, res, bucket, class, coalesce(up, 0), coalesce(neutral, 0), coalesce(down, 0) FROM sums
  ON CONFLICT (group_id, coin, res, bucket, class) DO UPDATE
    SET up = t.up + EXCLUDED.up, neutral = t.neutral + EXCLUDED.neutral, down = t.down + EXCLUDED.down;
END $$;

CREATE OR REPLACE FUNCTION opinion_posts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  CREATE TEMP TABLE IF NOT EXISTS opinion_delta (id text, ct bigint, author_id text, coins text[], coin_stances smallint[], sentiment smallint, text text, sign integer) ON COMMIT DROP;
  TRUNCATE opinion_delta;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO opinion_delta SELECT id, ct, author_id, coins, coin_stances, sentiment, text, 1 FROM new_posts;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO opinion_delta SELECT id, ct, author_id, coins, coin_stances, sentiment, text, -1 FROM old_posts;
  ELSE
    -- Only rows whose counted fields changed: re-emitted posts with grown metrics cost nothing.
    INSERT INTO opinion_delta
    SELECT o.id, o.ct, o.author_id, o.coins, o.coin_stances, o.sentiment, o.text, -1 FROM old_posts o JOIN new_posts n ON n.id = o.id
    WHERE (o.ct, o.author_id, o.coins, o.coin_stances, o.sentiment, o.text) IS DISTINCT FROM (n.ct, n.author_id, n.coins, n.coin_stances, n.sentiment, n.text)
    UNION ALL
    SELECT n.id, n.ct, n.author_id, n.coins, n.coin_stances, n.sentiment, n.text, 1 FROM old_posts o JOIN new_posts n ON n.id = o.id
    WHERE (o.ct, o.author_id, o.coins, o.coin_stances, o.sentiment, o.text) IS DISTINCT FROM (n.ct, n.author_id, n.coins, n.coin_stances, n.sentiment, n.text);
  END IF;
  IF EXISTS (SELECT 1 FROM opinion_delta) THEN
    PERFORM opinion_apply_delta();
  END IF;
  TRUNCATE opinion_delta;
  RETURN NULL;
END $$;

-- Recounts every opinion rollup from the posts through the triggers' own code. SELECT opinion_rebuild();
CREATE OR REPLACE FUNCTION opinion_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE gid bigint;
BEGIN
  TRUNCATE opinion_counts, opinion_author_counts, group_opinion_counts, event_counts, event_class_counts;
  CREATE TEMP TABLE IF NOT EXISTS opinion_delta (id text, ct bigint, author_id text, coins text[], coin_stances smallint[], sentiment smallint, text text, sign integer) ON COMMIT DROP;
  TRUNCATE opinion_delta;
  INSERT INTO opinion_delta SELECT id, ct, author_id, coins, coin_stances, sentiment, text, 1 FROM posts;
  PERFORM opinion_apply_delta();
  TRUNCATE opinion_delta;
  FOR gid IN SELECT group_id FROM opinion_groups LOOP
    PERFORM group_opinion_recount(gid);
  END LOOP;
END $$;
`;
