// Opinion rollups: bullish/neutral/bearish post counts kept up to date by triggers on every write
// to posts (ingest, re-classification, author merges), so coin and event opinion reports read a
// few thousand pre-summed rows instead of scanning a month of posts. Exact by construction: each
// trigger adds what a statement inserted and subtracts what it replaced.
export default /* sql */ `
-- The verification class the reports split by: 2 gold (business), 1 blue, 0 none (government
-- badges count as none: the spec's splits are Blue and Gold only).
CREATE FUNCTION author_class(blue boolean, vtype text) RETURNS smallint
  LANGUAGE sql IMMUTABLE AS $$ SELECT (CASE WHEN vtype = 'business' THEN 2 WHEN blue OR vtype = 'blue' THEN 1 ELSE 0 END)::smallint $$;

-- Per coin, per bucket of res minutes (1 and 30), per author class. Buckets are epoch seconds, like posts.ct.
CREATE TABLE opinion_counts (
  coin text NOT NULL,
  res smallint NOT NULL,
  bucket bigint NOT NULL,
  class smallint NOT NULL,
  up integer NOT NULL DEFAULT 0,
  neutral integer NOT NULL DEFAULT 0,
  down integer NOT NULL DEFAULT 0,
  PRIMARY KEY (coin, res, bucket, class)
);

-- Per coin, minute and author: KOL-group reports (membership is decided at query time, from
-- live follower counts), and moving counts when an author's verification changes.
CREATE TABLE opinion_author_counts (
  coin text NOT NULL,
  bucket bigint NOT NULL,
  author_id text NOT NULL,
  up integer NOT NULL DEFAULT 0,
  neutral integer NOT NULL DEFAULT 0,
  down integer NOT NULL DEFAULT 0,
  PRIMARY KEY (coin, bucket, author_id)
);
CREATE INDEX opinion_author_counts_by_author ON opinion_author_counts (author_id);

-- Event opinion views: each one's keyword groups as case-insensitive regexes (a post matches
-- when every group does), written by the service; and the matching posts' counts per minute
-- and author, kept by the same triggers.
CREATE TABLE event_patterns (
  view_id bigint NOT NULL REFERENCES views (id) ON DELETE CASCADE,
  group_no smallint NOT NULL,
  pattern text NOT NULL,
  PRIMARY KEY (view_id, group_no)
);
CREATE TABLE event_counts (
  view_id bigint NOT NULL REFERENCES views (id) ON DELETE CASCADE,
  bucket bigint NOT NULL,
  author_id text NOT NULL,
  up integer NOT NULL DEFAULT 0,
  neutral integer NOT NULL DEFAULT 0,
  down integer NOT NULL DEFAULT 0,
  PRIMARY KEY (view_id, bucket, author_id)
);

-- Adds (sign 1) or subtracts (sign -1) a set of posts, given as a temp table "delta_posts"
-- (id, ct, author_id, coins, sentiment, text, sign), to every rollup.
CREATE FUNCTION opinion_apply_delta() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH pc AS (
    SELECT DISTINCT d.id, d.ct, d.author_id, d.sentiment, d.sign, c.coin
    FROM delta_posts d CROSS JOIN LATERAL unnest(d.coins) AS c(coin)
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
    SELECT DISTINCT d.id, d.ct, d.sentiment, d.sign, c.coin,
           author_class(a.is_blue_verified, a.verified_type) AS class
    FROM delta_posts d JOIN x_accounts a ON a.id = d.author_id
    CROSS JOIN LATERAL unnest(d.coins) AS c(coin)
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

  IF EXISTS (SELECT 1 FROM event_patterns) THEN
    WITH matched AS (
      SELECT v.view_id, d.ct, d.author_id, d.sentiment, d.sign
      FROM delta_posts d CROSS JOIN (SELECT DISTINCT view_id FROM event_patterns) v
      WHERE NOT EXISTS (SELECT 1 FROM event_patterns p WHERE p.view_id = v.view_id AND d.text !~* p.pattern)
    ), sums AS (
      SELECT view_id, (ct / 60) * 60 AS bucket, author_id,
             sum(sign) FILTER (WHERE sentiment = 1) AS up,
             sum(sign) FILTER (WHERE sentiment = 0) AS neutral,
             sum(sign) FILTER (WHERE sentiment = -1) AS down
      FROM matched GROUP BY 1, 2, 3
    )
    INSERT INTO event_counts AS t (view_id, bucket, author_id, up, neutral, down)
    SELECT view_id, bucket, author_id, coalesce(up, 0), coalesce(neutral, 0), coalesce(down, 0) FROM sums
    ON CONFLICT (view_id, bucket, author_id) DO UPDATE
      SET up = t.up + EXCLUDED.up, neutral = t.neutral + EXCLUDED.neutral, down = t.down + EXCLUDED.down;
  END IF;
END $$;

CREATE FUNCTION opinion_posts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  CREATE TEMP TABLE IF NOT EXISTS delta_posts (id text, ct bigint, author_id text, coins text[], sentiment smallint, text text, sign integer) ON COMMIT DROP;
  TRUNCATE delta_posts;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO delta_posts SELECT id, ct, author_id, coins, sentiment, text, 1 FROM new_posts;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO delta_posts SELECT id, ct, author_id, coins, sentiment, text, -1 FROM old_posts;
  ELSE
    -- Only rows whose counted fields changed: re-emitted posts with grown metrics cost nothing.
    INSERT INTO delta_posts
    SELECT o.id, o.ct, o.author_id, o.coins, o.sentiment, o.text, -1 FROM old_posts o JOIN new_posts n ON n.id = o.id
    WHERE (o.ct, o.author_id, o.coins, o.sentiment, o.text) IS DISTINCT FROM (n.ct, n.author_id, n.coins, n.sentiment, n.text)
    UNION ALL
    SELECT n.id, n.ct, n.author_id, n.coins, n.sentiment, n.text, 1 FROM old_posts o JOIN new_posts n ON n.id = o.id
    WHERE (o.ct, o.author_id, o.coins, o.sentiment, o.text) IS DISTINCT FROM (n.ct, n.author_id, n.coins, n.sentiment, n.text);
  END IF;
  IF EXISTS (SELECT 1 FROM delta_posts) THEN
    PERFORM opinion_apply_delta();
  END IF;
  TRUNCATE delta_posts;
  RETURN NULL;
END $$;

CREATE TRIGGER posts_opinion_insert AFTER INSERT ON posts
  REFERENCING NEW TABLE AS new_posts FOR EACH STATEMENT EXECUTE FUNCTION opinion_posts_changed();
CREATE TRIGGER posts_opinion_update AFTER UPDATE ON posts
  REFERENCING OLD TABLE AS old_posts NEW TABLE AS new_posts FOR EACH STATEMENT EXECUTE FUNCTION opinion_posts_changed();
CREATE TRIGGER posts_opinion_delete AFTER DELETE ON posts
  REFERENCING OLD TABLE AS old_posts FOR EACH STATEMENT EXECUTE FUNCTION opinion_posts_changed();

-- An author whose verification changed: move their counts to the new class.
CREATE FUNCTION opinion_accounts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH moved AS (
    SELECT n.id, author_class(o.is_blue_verified, o.verified_type) AS old_class,
           author_class(n.is_blue_verified, n.verified_type) AS new_class
    FROM old_accounts o JOIN new_accounts n ON n.id = o.id
    WHERE author_class(o.is_blue_verified, o.verified_type) <> author_class(n.is_blue_verified, n.verified_type)
  ), deltas AS (
    SELECT c.coin, r.res, (c.bucket / (r.res * 60)) * (r.res * 60) AS bucket, x.class,
           sum(c.up * x.sign) AS up, sum(c.neutral * x.sign) AS neutral, sum(c.down * x.sign) AS down
    FROM moved m JOIN opinion_author_counts c ON c.author_id = m.id
    CROSS JOIN (VALUES (1::smallint), (30::smallint)) AS r(res)
    CROSS JOIN LATERAL (VALUES (m.old_class, -1), (m.new_class, 1)) AS x(class, sign)
    GROUP BY 1, 2, 3, 4
  )
  INSERT INTO opinion_counts AS t (coin, res, bucket, class, up, neutral, down)
  SELECT coin, res, bucket, class, up, neutral, down FROM deltas
  ON CONFLICT (coin, res, bucket, class) DO UPDATE
    SET up = t.up + EXCLUDED.up, neutral = t.neutral + EXCLUDED.neutral, down = t.down + EXCLUDED.down;
  RETURN NULL;
END $$;

CREATE TRIGGER x_accounts_opinion_update AFTER UPDATE ON x_accounts
  REFERENCING OLD TABLE AS old_accounts NEW TABLE AS new_accounts FOR EACH STATEMENT EXECUTE FUNCTION opinion_accounts_changed();
`;
