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
  -- The counts ride in the key's index, so a report is an index-only scan of adjacent entries
  -- (rows of one coin are spread over the heap in time order, one page each).
  PRIMARY KEY (coin, res, bucket, class) INCLUDE (up, neutral, down)
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

-- Event opinion views: each one's KOL group (NULL: every author) and keyword groups as
-- case-insensitive regexes (a post matches when every group does), written by the service.
-- event_counts holds the matching posts per minute and author, whatever the group (so an author
-- joining the group brings their history); event_class_counts what the report reads: the
-- group's members only, per 1- and 30-minute bucket and class.
CREATE TABLE event_views (
  view_id bigint PRIMARY KEY REFERENCES views (id) ON DELETE CASCADE,
  group_id bigint REFERENCES kol_groups (id) ON DELETE SET NULL
);
CREATE TABLE event_patterns (
  view_id bigint NOT NULL REFERENCES event_views (view_id) ON DELETE CASCADE,
  group_no smallint NOT NULL,
  pattern text NOT NULL,
  PRIMARY KEY (view_id, group_no)
);
CREATE TABLE event_counts (
  view_id bigint NOT NULL REFERENCES event_views (view_id) ON DELETE CASCADE,
  bucket bigint NOT NULL,
  author_id text NOT NULL,
  up integer NOT NULL DEFAULT 0,
  neutral integer NOT NULL DEFAULT 0,
  down integer NOT NULL DEFAULT 0,
  PRIMARY KEY (view_id, bucket, author_id)
);
CREATE INDEX event_counts_by_author ON event_counts (author_id);
CREATE TABLE event_class_counts (
  view_id bigint NOT NULL REFERENCES event_views (view_id) ON DELETE CASCADE,
  res smallint NOT NULL,
  bucket bigint NOT NULL,
  class smallint NOT NULL,
  up integer NOT NULL DEFAULT 0,
  neutral integer NOT NULL DEFAULT 0,
  down integer NOT NULL DEFAULT 0,
  PRIMARY KEY (view_id, res, bucket, class) INCLUDE (up, neutral, down)
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

  IF EXISTS (SELECT 1 FROM opinion_groups) THEN
    PERFORM group_opinion_apply_posts();
  END IF;

  IF EXISTS (SELECT 1 FROM event_patterns) THEN
    CREATE TEMP TABLE IF NOT EXISTS event_matched (view_id bigint, ct bigint, author_id text, sentiment smallint, sign integer) ON COMMIT DROP;
    TRUNCATE event_matched;
    INSERT INTO event_matched
    SELECT v.view_id, d.ct, d.author_id, d.sentiment, d.sign
    FROM delta_posts d CROSS JOIN event_views v
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
  -- Every collected batch updates its authors' follower counts; a class change is rare, and the
  -- query below must not be planned against the whole per-author rollup when there is none.
  IF NOT EXISTS (SELECT 1 FROM old_accounts o JOIN new_accounts n ON n.id = o.id
                 WHERE author_class(o.is_blue_verified, o.verified_type) <> author_class(n.is_blue_verified, n.verified_type)) THEN
    RETURN NULL;
  END IF;
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

-- Coin opinion counts per KOL group, for the groups some opinion view filters by. Summing the
-- members' per-author rows at query time costs as much as the members' posts (seconds for a broad
-- group at 10M posts), so these groups get a rollup of their own, kept exact as membership moves:
-- new posts by members are added as they are written, an account crossing a group's follower
-- range (or changing class) moves its whole history in or out, and a group whose range or lists
-- are edited is recounted.

-- Membership, as kol-groups.ts memberCondition says: tracked and in the follower range (when the
-- range is used), or whitelisted; never blacklisted. Followers and tracked are passed in, so the
-- triggers can ask about an account's values before a change as well as after.
CREATE FUNCTION kol_group_member(gid bigint, account_id text, followers bigint, tracked boolean) RETURNS boolean
  LANGUAGE sql STABLE AS $$
  SELECT NOT EXISTS (SELECT 1 FROM kol_group_accounts l WHERE l.group_id = gid AND l.account_id = kol_group_member.account_id AND l.list = 'black')
     AND (EXISTS (SELECT 1 FROM kol_groups g WHERE g.id = gid AND g.use_fans AND tracked AND followers >= g.fans_min AND (g.fans_max = 0 OR followers <= g.fans_max))
          OR EXISTS (SELECT 1 FROM kol_group_accounts l WHERE l.group_id = gid AND l.account_id = kol_group_member.account_id AND l.list = 'white'))
$$;

CREATE TABLE opinion_groups (
  group_id bigint PRIMARY KEY REFERENCES kol_groups (id) ON DELETE CASCADE
);
CREATE TABLE group_opinion_counts (
  group_id bigint NOT NULL REFERENCES opinion_groups (group_id) ON DELETE CASCADE,
  coin text NOT NULL,
  res smallint NOT NULL,
  bucket bigint NOT NULL,
  class smallint NOT NULL,
  up integer NOT NULL DEFAULT 0,
  neutral integer NOT NULL DEFAULT 0,
  down integer NOT NULL DEFAULT 0,
  PRIMARY KEY (group_id, coin, res, bucket, class) INCLUDE (up, neutral, down)
);

-- Adds the per-author rows of "group_delta" (group_id, author_id, class, sign) to the groups'
-- rollups: how an account's whole history enters or leaves a group.
CREATE FUNCTION group_opinion_apply_authors() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH sums AS (
    SELECT d.group_id, c.coin, r.res, (c.bucket / (r.res * 60)) * (r.res * 60) AS bucket, d.class,
           sum(c.up * d.sign) AS up, sum(c.neutral * d.sign) AS neutral, sum(c.down * d.sign) AS down
    FROM group_delta d JOIN opinion_author_counts c ON c.author_id = d.author_id
    CROSS JOIN (VALUES (1::smallint), (30::smallint)) AS r(res)
    GROUP BY 1, 2, 3, 4, 5
  )
  INSERT INTO group_opinion_counts AS t (group_id, coin, res, bucket, class, up, neutral, down)
  SELECT group_id, coin, res, bucket, class, up, neutral, down FROM sums
  ON CONFLICT (group_id, coin, res, bucket, class) DO UPDATE
    SET up = t.up + EXCLUDED.up, neutral = t.neutral + EXCLUDED.neutral, down = t.down + EXCLUDED.down;
END $$;

-- Recounts one group from the per-author rollup: when it starts being used, or its rules change.
CREATE FUNCTION group_opinion_recount(gid bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM group_opinion_counts WHERE group_id = gid;
  IF NOT EXISTS (SELECT 1 FROM opinion_groups WHERE group_id = gid) THEN RETURN; END IF;
  CREATE TEMP TABLE IF NOT EXISTS group_delta (group_id bigint, author_id text, class smallint, sign integer) ON COMMIT DROP;
  TRUNCATE group_delta;
  INSERT INTO group_delta
  SELECT gid, a.id, author_class(a.is_blue_verified, a.verified_type), 1
  FROM x_accounts a WHERE kol_group_member(gid, a.id, a.followers_count, a.tracked);
  PERFORM group_opinion_apply_authors();
  TRUNCATE group_delta;
END $$;

-- New, changed and deleted posts of members ("delta_posts" of opinion_posts_changed).
CREATE FUNCTION group_opinion_apply_posts() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH pc AS (
    SELECT DISTINCT og.group_id, d.id, d.ct, d.sentiment, d.sign, c.coin,
           author_class(a.is_blue_verified, a.verified_type) AS class
    FROM delta_posts d JOIN x_accounts a ON a.id = d.author_id
    CROSS JOIN opinion_groups og
    CROSS JOIN LATERAL unnest(d.coins) AS c(coin)
    WHERE kol_group_member(og.group_id, a.id, a.followers_count, a.tracked)
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

-- Accounts whose followers, tracking or class changed: move their history in or out of groups.
CREATE FUNCTION group_opinion_accounts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM opinion_groups) THEN RETURN NULL; END IF;
  CREATE TEMP TABLE IF NOT EXISTS group_delta (group_id bigint, author_id text, class smallint, sign integer) ON COMMIT DROP;
  TRUNCATE group_delta;
  WITH changed AS (
    SELECT n.id, og.group_id,
           kol_group_member(og.group_id, o.id, o.followers_count, o.tracked) AS was,
           kol_group_member(og.group_id, n.id, n.followers_count, n.tracked) AS is_now,
           author_class(o.is_blue_verified, o.verified_type) AS old_class,
           author_class(n.is_blue_verified, n.verified_type) AS new_class
    FROM old_accounts o JOIN new_accounts n ON n.id = o.id CROSS JOIN opinion_groups og
    WHERE (o.followers_count, o.tracked, o.is_blue_verified, o.verified_type)
          IS DISTINCT FROM (n.followers_count, n.tracked, n.is_blue_verified, n.verified_type)
  )
  INSERT INTO group_delta
  SELECT group_id, id, old_class, -1 FROM changed WHERE was AND NOT (is_now AND old_class = new_class)
  UNION ALL
  SELECT group_id, id, new_class, 1 FROM changed WHERE is_now AND NOT (was AND old_class = new_class);
  IF EXISTS (SELECT 1 FROM group_delta) THEN PERFORM group_opinion_apply_authors(); END IF;
  TRUNCATE group_delta;
  RETURN NULL;
END $$;

CREATE TRIGGER x_accounts_group_opinion_update AFTER UPDATE ON x_accounts
  REFERENCING OLD TABLE AS old_accounts NEW TABLE AS new_accounts FOR EACH STATEMENT EXECUTE FUNCTION group_opinion_accounts_changed();

-- A group's range edited, or its lists: recount it (lists are replaced wholesale on save).
CREATE FUNCTION group_opinion_rules_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE gid bigint;
BEGIN
  IF TG_TABLE_NAME = 'kol_groups' THEN
    FOR gid IN SELECT n.id FROM new_groups n JOIN old_groups o ON o.id = n.id
               WHERE (o.fans_min, o.fans_max, o.use_fans) IS DISTINCT FROM (n.fans_min, n.fans_max, n.use_fans) LOOP
      PERFORM group_opinion_recount(gid);
      PERFORM event_view_recount(v.view_id) FROM event_views v WHERE v.group_id = gid;
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR gid IN SELECT DISTINCT l.group_id FROM old_lists l LOOP
      PERFORM group_opinion_recount(gid);
      PERFORM event_view_recount(v.view_id) FROM event_views v WHERE v.group_id = gid;
    END LOOP;
  ELSE
    FOR gid IN SELECT DISTINCT l.group_id FROM new_lists l LOOP
      PERFORM group_opinion_recount(gid);
      PERFORM event_view_recount(v.view_id) FROM event_views v WHERE v.group_id = gid;
    END LOOP;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER kol_groups_opinion_update AFTER UPDATE ON kol_groups
  REFERENCING OLD TABLE AS old_groups NEW TABLE AS new_groups FOR EACH STATEMENT EXECUTE FUNCTION group_opinion_rules_changed();
CREATE TRIGGER kol_group_accounts_opinion_insert AFTER INSERT ON kol_group_accounts
  REFERENCING NEW TABLE AS new_lists FOR EACH STATEMENT EXECUTE FUNCTION group_opinion_rules_changed();
CREATE TRIGGER kol_group_accounts_opinion_update AFTER UPDATE ON kol_group_accounts
  REFERENCING NEW TABLE AS new_lists FOR EACH STATEMENT EXECUTE FUNCTION group_opinion_rules_changed();
CREATE TRIGGER kol_group_accounts_opinion_delete AFTER DELETE ON kol_group_accounts
  REFERENCING OLD TABLE AS old_lists FOR EACH STATEMENT EXECUTE FUNCTION group_opinion_rules_changed();

-- Recounts what an event view's report reads from its per-author rows: on save (after its
-- per-author rows are counted) and when its group's rules change.
CREATE FUNCTION event_view_recount(vid bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM event_class_counts WHERE view_id = vid;
  WITH sums AS (
    SELECT r.res, (c.bucket / (r.res * 60)) * (r.res * 60) AS bucket, author_class(a.is_blue_verified, a.verified_type) AS class,
           sum(c.up) AS up, sum(c.neutral) AS neutral, sum(c.down) AS down
    FROM event_counts c JOIN event_views v ON v.view_id = c.view_id JOIN x_accounts a ON a.id = c.author_id
    CROSS JOIN (VALUES (1::smallint), (30::smallint)) AS r(res)
    WHERE c.view_id = vid AND (v.group_id IS NULL OR kol_group_member(v.group_id, a.id, a.followers_count, a.tracked))
    GROUP BY 1, 2, 3
  )
  INSERT INTO event_class_counts (view_id, res, bucket, class, up, neutral, down)
  SELECT vid, res, bucket, class, up, neutral, down FROM sums;
END $$;

-- Accounts whose class, followers or tracking changed: move their share of every event view they
-- count in, out of the old class or membership and into the new.
CREATE FUNCTION event_accounts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM event_views) THEN RETURN NULL; END IF;
  WITH changed AS (
    SELECT o.id, o.followers_count AS of, o.tracked AS ot, author_class(o.is_blue_verified, o.verified_type) AS oc,
           n.followers_count AS nf, n.tracked AS nt, author_class(n.is_blue_verified, n.verified_type) AS nc
    FROM old_accounts o JOIN new_accounts n ON n.id = o.id
    WHERE (o.followers_count, o.tracked, o.is_blue_verified, o.verified_type)
          IS DISTINCT FROM (n.followers_count, n.tracked, n.is_blue_verified, n.verified_type)
  ), moves AS (
    SELECT ch.*, v.view_id,
           v.group_id IS NULL OR kol_group_member(v.group_id, ch.id, ch.of, ch.ot) AS was,
           v.group_id IS NULL OR kol_group_member(v.group_id, ch.id, ch.nf, ch.nt) AS is_now
    FROM changed ch JOIN event_views v ON EXISTS (SELECT 1 FROM event_counts c WHERE c.view_id = v.view_id AND c.author_id = ch.id)
  ), deltas AS (
    SELECT view_id, id, oc AS class, -1 AS sign FROM moves WHERE was AND NOT (is_now AND oc = nc)
    UNION ALL
    SELECT view_id, id, nc AS class, 1 AS sign FROM moves WHERE is_now AND NOT (was AND oc = nc)
  ), sums AS (
    SELECT d.view_id, r.res, (c.bucket / (r.res * 60)) * (r.res * 60) AS bucket, d.class,
           sum(c.up * d.sign) AS up, sum(c.neutral * d.sign) AS neutral, sum(c.down * d.sign) AS down
    FROM deltas d JOIN event_counts c ON c.view_id = d.view_id AND c.author_id = d.id
    CROSS JOIN (VALUES (1::smallint), (30::smallint)) AS r(res)
    GROUP BY 1, 2, 3, 4
  )
  INSERT INTO event_class_counts AS t (view_id, res, bucket, class, up, neutral, down)
  SELECT view_id, res, bucket, class, up, neutral, down FROM sums
  ON CONFLICT (view_id, res, bucket, class) DO UPDATE
    SET up = t.up + EXCLUDED.up, neutral = t.neutral + EXCLUDED.neutral, down = t.down + EXCLUDED.down;
  RETURN NULL;
END $$;

CREATE TRIGGER x_accounts_event_opinion_update AFTER UPDATE ON x_accounts
  REFERENCING OLD TABLE AS old_accounts NEW TABLE AS new_accounts FOR EACH STATEMENT EXECUTE FUNCTION event_accounts_changed();

-- Recounts every opinion rollup from the posts through the triggers' own code: for a database
-- restored without them, or after changing how they count. SELECT opinion_rebuild();
CREATE FUNCTION opinion_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE gid bigint;
BEGIN
  TRUNCATE opinion_counts, opinion_author_counts, group_opinion_counts, event_counts, event_class_counts;
  CREATE TEMP TABLE IF NOT EXISTS delta_posts (id text, ct bigint, author_id text, coins text[], sentiment smallint, text text, sign integer) ON COMMIT DROP;
  TRUNCATE delta_posts;
  INSERT INTO delta_posts SELECT id, ct, author_id, coins, sentiment, text, 1 FROM posts;
  PERFORM opinion_apply_delta();
  TRUNCATE delta_posts;
  FOR gid IN SELECT group_id FROM opinion_groups LOOP
    PERFORM group_opinion_recount(gid);
  END LOOP;
END $$;

-- Posts collected before this migration are counted now (nothing to do on a new database).
SELECT opinion_rebuild();
`;
