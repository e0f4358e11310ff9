/**
 * Opinion rollups: bullish/neutral/bearish post counts kept up to date by triggers, so coin and
 * event opinion reports read a few thousand pre-summed rows instead of scanning a month of posts
 * (db/repos/opinion.ts reads them). Exact by construction: each trigger adds what a statement
 * inserted and subtracts what it replaced. This file is the current definition of every table,
 * function and trigger of the family (db/rollups/index.ts: how it is applied and changed).
 *
 * Which write fires what:
 * - posts INSERT/UPDATE/DELETE -> opinion_posts_changed(): opinion_author_counts, opinion_counts,
 *   group_opinion_counts (members of the groups in opinion_groups), event_counts and
 *   event_class_counts (posts matching an event view's patterns). Copies (copy_of set) count
 *   nowhere (shared.ts notACopy). An update counts only posts whose counted fields (time,
 *   author, coins, stances, label, text, being a copy) changed, so a repoint moves the cluster's
 *   count from the old leader to the new. While a recount runs, only rows at or above its cursor
 *   (recount.ts); opinion_count_posts() adds its slices.
 * - x_accounts UPDATE -> opinion_accounts_changed() (class change: opinion_counts),
 *   group_opinion_accounts_changed() (followers, tracking or class: group_opinion_counts),
 *   event_accounts_changed() (the same: event_class_counts).
 * - kol_groups UPDATE (range) and kol_group_accounts INSERT/UPDATE/DELETE (lists) ->
 *   group_opinion_rules_changed(): recounts the group's group_opinion_counts and the
 *   event_class_counts of the event views filtering by it.
 * - Services: opinionRepo.useGroup (opinion_groups, then group_opinion_recount), setEvent
 *   (event_views, event_patterns; new keywords restart the history count), the history count
 *   (services/event-history.ts: a chunk of older posts into event_matched, then
 *   event_apply_matched()).
 *
 * Per-coin stance (issue 14 §4): posts.coin_stances is parallel to posts.coins (-1/0/1; empty or
 * NULL: every coin has the post's label). Coin rollups count each coin by
 * coalesce(stance, sentiment) over unnest(coins, coin_stances); event views match words, not
 * coins, and keep the post's label.
 *
 * Mindshare (issue 33 §2): the coin rollups also count each post under `#any` and its sectors'
 * keys (sectors.ts), once per post; those keys have no stance of their own and take the post's
 * label.
 */
import { memberRule, rangeMember, storedRange } from './membership';
import { sectorKeysSql } from './sectors';
import { accountsTrigger, addUp, notACopy, scratch, scratchTable, writeTriggers } from './shared';

/**
 * The advisory lock (shared by every posts write while event views exist, exclusive while a
 * view's history count is (re)started): a restart waits for writers in flight, so none of them
 * counts a post with the patterns or watermark the restart replaces. Advisory locks are per
 * database: the key names the schema, so kolscopes in other schemas (tests, benches) never wait
 * for each other.
 */
export const EVENT_SAVE_LOCK = `hashtext(current_schema() || '.event_views.save')`;
/** The scratch table of matched posts the trigger and the history count fill for event_apply_matched(). */
export const EVENT_MATCHED = scratchTable(
  'event_matched',
  'view_id bigint, ct bigint, author_id text, sentiment smallint, sign integer',
);

/**
 * True when `text` holds one of the keywords of event_patterns row `ep`: the cheap LIKE pre-filter
 * first, the regex only on texts it lets through (db/repos/keyword-match.ts: the pre-filter lets
 * through every text the regex matches, so the result is the regex's). The CASE fixes the order:
 * PostgreSQL orders AND-ed conditions by its own estimate and would run the regex first. The
 * posts trigger and the history count match with it, so they never disagree.
 */
export const eventPatternMatches = (text: string, ep: string) =>
  `(CASE WHEN lower(${text}) LIKE ANY(${ep}.prefilter) THEN ${text} ~* ${ep}.pattern ELSE false END)`;
/** True when `text` matches every keyword group of event view `viewId` (and it has one). */
export const eventViewMatches = (text: string, viewId: string) =>
  `(EXISTS (SELECT 1 FROM event_patterns ep WHERE ep.view_id = ${viewId})
    AND NOT EXISTS (SELECT 1 FROM event_patterns ep WHERE ep.view_id = ${viewId} AND NOT ${eventPatternMatches(text, 'ep')}))`;

const COUNTS = ['up', 'neutral', 'down'];
/** The columns of a table the reports read: per resolution (minutes), bucket and author class. */
const BY_CLASS = `res smallint NOT NULL,
  bucket bigint NOT NULL,
  class smallint NOT NULL,
  up integer NOT NULL DEFAULT 0,
  neutral integer NOT NULL DEFAULT 0,
  down integer NOT NULL DEFAULT 0`;
/**
 * The report resolutions, in minutes: 1, 30, and UTC days (1440, migration 0029), so a month read
 * by the day (a report's 1m at 1d or 1w, mindshare's 1w and 1m over every coin) reads one row per
 * day rather than 48.
 */
export const RES = 'CROSS JOIN (VALUES (1::smallint), (30::smallint), (1440::smallint)) AS r(res)';
/** The bucket of r.res minutes that epoch second `ct` falls in. */
export const inRes = (ct: string) => `(${ct} / (r.res * 60)) * (r.res * 60)`;
/** Signed post counts per label, from rows with a sign and a sentiment. */
const bySentiment = (p = '') => `sum(${p}sign) FILTER (WHERE ${p}sentiment = 1) AS up,
           sum(${p}sign) FILTER (WHERE ${p}sentiment = 0) AS neutral,
           sum(${p}sign) FILTER (WHERE ${p}sentiment = -1) AS down`;
/** Per-author counts `c` moved with sign `sign`. */
const moved = (sign: string) =>
  `sum(c.up * ${sign}) AS up, sum(c.neutral * ${sign}) AS neutral, sum(c.down * ${sign}) AS down`;
/**
 * Adds the counts of `from` (the key columns, then up, neutral and down; NULL as 0 when
 * `nullable`) to the rollup `table`.
 */
const addSums = (table: string, key: string, from = 'sums', nullable = true) =>
  `INSERT INTO ${table} AS t (${key}, up, neutral, down)
  SELECT ${key}, ${nullable ? 'coalesce(up, 0), coalesce(neutral, 0), coalesce(down, 0)' : 'up, neutral, down'} FROM ${from}
  ${addUp(key, COUNTS)}`;
export const CLASS = (a: string) => `author_class(${a}.is_blue_verified, ${a}.verified_type)`;
const member = (group: string, a = 'a') => `kol_group_member(${group}, ${a}.id, ${a}.person_followers, ${a}.tracked)`;
/** The posts a statement wrote: "opinion_delta" rows with sign 1 (added) or -1 (taken away). */
const DELTA = scratch(
  'opinion_delta',
  'id text, ct bigint, author_id text, coins text[], coin_stances smallint[], sentiment smallint, text text, sign integer',
);
const GROUP_DELTA = scratch('group_delta', 'group_id bigint, author_id text, class smallint, sign integer');
const DELTA_COLUMNS = 'id, ct, author_id, coins, coin_stances, sentiment, text';
/** What an update must change for a post to be counted again; whether it counts at all among it. */
const COUNTED = (p: string) =>
  `(${p}.ct, ${p}.author_id, ${p}.coins, ${p}.coin_stances, ${p}.sentiment, ${p}.text, ${notACopy(p)})`;
/** A post's delta columns; its coins with mindshare's keys after them (sectors.ts). */
const prefixed = (p: string) =>
  DELTA_COLUMNS.split(', ')
    .map((c) => (c === 'coins' ? `mindshare_keys(${p}.coins)` : `${p}.${c}`))
    .join(', ');

/** Membership of a group (kol-groups.ts's rule, over the stored group and lists). */
// A list entry naming any account of the person applies to all of the person's accounts.
const listed = (list: string) =>
  `EXISTS (SELECT 1 FROM kol_group_accounts l JOIN x_accounts x ON x.id = l.account_id
           WHERE l.group_id = gid AND l.list = '${list}'
             AND x.person_id = (SELECT y.person_id FROM x_accounts y WHERE y.id = kol_group_member.account_id))`;
const RECOUNT_GROUP = `PERFORM group_opinion_recount(gid);
      PERFORM event_view_recount(v.view_id) FROM event_views v WHERE v.group_id = gid;`;
const KOL_GROUP_MEMBER = memberRule(
  `EXISTS (SELECT 1 FROM kol_groups g WHERE g.id = gid AND ${rangeMember('g.use_fans', 'tracked', storedRange('followers', 'g.fans_min', 'g.fans_max'))})`,
  listed('white'),
  listed('black'),
);

export const opinionSql = /* sql */ `
${sectorKeysSql}
-- The verification class the reports split by: 2 gold (business), 1 blue, 0 none (government
-- badges count as none: the spec's splits are Blue and Gold only).
CREATE OR REPLACE FUNCTION author_class(blue boolean, vtype text) RETURNS smallint
  LANGUAGE sql IMMUTABLE AS $$ SELECT (CASE WHEN vtype = 'business' THEN 2 WHEN blue OR vtype = 'blue' THEN 1 ELSE 0 END)::smallint $$;

-- Per coin, per bucket of res minutes (1 and 30), per author class. Buckets are epoch seconds, like posts.ct.
CREATE TABLE opinion_counts (
  coin text NOT NULL,
  ${BY_CLASS},
  -- The counts ride in the key's index, so a report is an index-only scan of adjacent entries
  -- (rows of one coin are spread over the heap in time order, one page each).
  PRIMARY KEY (coin, res, bucket, class) INCLUDE (up, neutral, down)
);

-- Per coin, minute and author: KOL-group recounts, and moving counts when an author's
-- verification changes.
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
-- case-insensitive regexes (a post matches when every group does), written by the service: kept
-- as they are when the family is applied again (IF NOT EXISTS). event_counts holds the matching
-- posts per minute and author, whatever the group (so an author joining the group brings their
-- history); a recount gives it back from the posts at or above each view's watermark (below it
-- the background count has not been yet). event_class_counts is what the report
-- reads: the group's members only, per 1-minute, 30-minute and day bucket and class (event_view_recount).
--
-- The history of a view is counted in the background (services/event-history.ts): posts with ct
-- at or above history_watermark are counted (by the triggers as they are written, by the
-- background count as it walks down), posts below it not yet; history_from is how far back the
-- view counts at all, and the count is done when the watermark reaches it. history_top is where
-- the watermark stood when the count started (its progress is measured from there); a count
-- starts at the largest bigint, so no post, not even one dated ahead, is left to nobody.
-- history_turn orders the count's turns: the chunk last taken has the largest (the history count
-- serves users in turn, db/repos/event-history.ts; migration 0030 added it to older databases).
CREATE TABLE IF NOT EXISTS event_views (
  view_id bigint PRIMARY KEY REFERENCES views (id) ON DELETE CASCADE,
  group_id bigint REFERENCES kol_groups (id) ON DELETE SET NULL,
  history_from bigint NOT NULL DEFAULT 0,
  history_top bigint NOT NULL DEFAULT 0,
  history_watermark bigint NOT NULL DEFAULT 0,
  history_turn bigint NOT NULL DEFAULT 0
);
-- prefilter: LIKE patterns one of which a matching text's lower() has (keyword-match.ts), what
-- the history count runs before the regex.
CREATE TABLE IF NOT EXISTS event_patterns (
  view_id bigint NOT NULL REFERENCES event_views (view_id) ON DELETE CASCADE,
  group_no smallint NOT NULL,
  pattern text NOT NULL,
  prefilter text[] NOT NULL DEFAULT '{%}',
  PRIMARY KEY (view_id, group_no)
);
CREATE TABLE IF NOT EXISTS event_counts (
  view_id bigint NOT NULL REFERENCES event_views (view_id) ON DELETE CASCADE,
  bucket bigint NOT NULL,
  author_id text NOT NULL,
  up integer NOT NULL DEFAULT 0,
  neutral integer NOT NULL DEFAULT 0,
  down integer NOT NULL DEFAULT 0,
  PRIMARY KEY (view_id, bucket, author_id)
);
CREATE INDEX IF NOT EXISTS event_counts_by_author ON event_counts (author_id);
CREATE TABLE event_class_counts (
  view_id bigint NOT NULL REFERENCES event_views (view_id) ON DELETE CASCADE,
  ${BY_CLASS},
  PRIMARY KEY (view_id, res, bucket, class) INCLUDE (up, neutral, down)
);

-- Coin opinion counts per KOL group, for the groups some opinion view filters by (opinion_groups,
-- written by the service: kept). Summing the members' per-author rows at query time costs as
-- much as the members' posts (seconds for a broad group at 10M posts), so these groups get a
-- rollup of their own, kept exact as membership moves: new posts by members are added as they
-- are written, an account crossing a group's follower range (or changing class) moves its whole
-- history in or out, and a group whose range or lists are edited is recounted.
CREATE TABLE IF NOT EXISTS opinion_groups (
  group_id bigint PRIMARY KEY REFERENCES kol_groups (id) ON DELETE CASCADE
);
CREATE TABLE group_opinion_counts (
  group_id bigint NOT NULL REFERENCES opinion_groups (group_id) ON DELETE CASCADE,
  coin text NOT NULL,
  ${BY_CLASS},
  PRIMARY KEY (group_id, coin, res, bucket, class) INCLUDE (up, neutral, down)
);

-- Membership, the rule of db/rollups/membership.ts. Followers and tracked are passed in, so the
-- triggers can ask about an account's values before a change as well as after.
CREATE OR REPLACE FUNCTION kol_group_member(gid bigint, account_id text, followers bigint, tracked boolean) RETURNS boolean
  LANGUAGE sql STABLE AS $$
  SELECT ${KOL_GROUP_MEMBER}
$$;

-- Adds (sign 1) or subtracts (sign -1) the posts of "opinion_delta" to every rollup.
CREATE OR REPLACE FUNCTION opinion_apply_delta() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH pc AS (
    SELECT DISTINCT d.id, d.ct, d.author_id, coalesce(c.stance, d.sentiment) AS sentiment, d.sign, c.coin
    FROM opinion_delta d CROSS JOIN LATERAL unnest(d.coins, d.coin_stances) AS c(coin, stance)
    WHERE c.coin IS NOT NULL
  ), sums AS (
    SELECT coin, (ct / 60) * 60 AS bucket, author_id,
           ${bySentiment()}
    FROM pc GROUP BY 1, 2, 3
  )
  ${addSums('opinion_author_counts', 'coin, bucket, author_id')};

  WITH pc AS (
    SELECT DISTINCT d.id, d.ct, coalesce(c.stance, d.sentiment) AS sentiment, d.sign, c.coin, ${CLASS('a')} AS class
    FROM opinion_delta d JOIN x_accounts a ON a.id = d.author_id
    CROSS JOIN LATERAL unnest(d.coins, d.coin_stances) AS c(coin, stance)
    WHERE c.coin IS NOT NULL
  ), sums AS (
    SELECT coin, r.res, ${inRes('ct')} AS bucket, class,
           ${bySentiment()}
    FROM pc ${RES} GROUP BY 1, 2, 3, 4
  )
  ${addSums('opinion_counts', 'coin, res, bucket, class')};

  IF EXISTS (SELECT 1 FROM opinion_groups) THEN
    PERFORM group_opinion_apply_posts();
  END IF;

  IF EXISTS (SELECT 1 FROM event_patterns) THEN
    -- The watermark rule (services/README.md "Event views count their history"): a post counts
    -- here only when its ct is at or above its view's watermark; older ones are the background
    -- count's. The shared lock keeps a view from being (re)started while this transaction writes
    -- posts; the key-share locks keep the count from moving the watermark of a view still
    -- counting until this transaction ends (a count's matching holds only a share lock, which
    -- does not conflict: db/repos/event-history.ts). Both are taken before the watermarks are read.
    PERFORM pg_advisory_xact_lock_shared(${EVENT_SAVE_LOCK});
    PERFORM 1 FROM event_views WHERE history_watermark > history_from ORDER BY view_id FOR KEY SHARE;
    ${EVENT_MATCHED};
    DELETE FROM event_matched;
    INSERT INTO event_matched
    SELECT v.view_id, d.ct, d.author_id, d.sentiment, d.sign
    FROM opinion_delta d CROSS JOIN event_views v
    WHERE d.ct >= v.history_watermark AND ${eventViewMatches('d.text', 'v.view_id')};
    PERFORM event_apply_matched();
  END IF;
END $$;

-- Adds the matched posts of "event_matched" (view_id, ct, author_id, sentiment, sign) to the
-- event views' rollups: what the posts trigger matched, or a chunk of the background count.
CREATE OR REPLACE FUNCTION event_apply_matched() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH sums AS (
    SELECT view_id, (ct / 60) * 60 AS bucket, author_id,
           ${bySentiment()}
    FROM event_matched GROUP BY 1, 2, 3
  )
  ${addSums('event_counts', 'view_id, bucket, author_id')};

  WITH sums AS (
    SELECT m.view_id, r.res, ${inRes('m.ct')} AS bucket, ${CLASS('a')} AS class,
           ${bySentiment('m.')}
    FROM event_matched m JOIN event_views v ON v.view_id = m.view_id JOIN x_accounts a ON a.id = m.author_id
    ${RES}
    WHERE v.group_id IS NULL OR ${member('v.group_id')}
    GROUP BY 1, 2, 3, 4
  )
  ${addSums('event_class_counts', 'view_id, res, bucket, class')};
  DELETE FROM event_matched;
END $$;

CREATE OR REPLACE FUNCTION opinion_posts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- Only rows at or above the recount's cursor count (recount.ts); every row when none runs.
  lo bigint := rollups_counted_from();
BEGIN
  ${DELTA};
  IF TG_OP = 'INSERT' THEN
    INSERT INTO opinion_delta SELECT ${prefixed('n')}, 1 FROM new_posts n WHERE ${notACopy('n')} AND n.ct >= lo;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO opinion_delta SELECT ${prefixed('o')}, -1 FROM old_posts o WHERE ${notACopy('o')} AND o.ct >= lo;
  ELSE
    -- Only rows whose counted fields changed: re-emitted posts with grown metrics cost nothing.
    -- A post becoming a copy (a repoint) is taken away, one ceasing to be one is added.
    INSERT INTO opinion_delta
    SELECT ${prefixed('o')}, -1 FROM old_posts o JOIN new_posts n ON n.id = o.id
    WHERE ${COUNTED('o')} IS DISTINCT FROM ${COUNTED('n')} AND ${notACopy('o')} AND o.ct >= lo
    UNION ALL
    SELECT ${prefixed('n')}, 1 FROM old_posts o JOIN new_posts n ON n.id = o.id
    WHERE ${COUNTED('o')} IS DISTINCT FROM ${COUNTED('n')} AND ${notACopy('n')} AND n.ct >= lo;
  END IF;
  IF EXISTS (SELECT 1 FROM opinion_delta) THEN
    PERFORM opinion_apply_delta();
  END IF;
  DELETE FROM opinion_delta;
  RETURN NULL;
END $$;

${writeTriggers('posts', 'opinion', 'opinion_posts_changed', 'posts')}

-- A slice of the background recount (recount.ts): the posts with ct in [lo, hi), added as new
-- posts are (event views: those at or above each view's watermark, as the trigger counts them).
CREATE OR REPLACE FUNCTION opinion_count_posts(lo bigint, hi bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  ${DELTA};
  INSERT INTO opinion_delta SELECT ${prefixed('p')}, 1 FROM posts p WHERE p.ct >= lo AND p.ct < hi AND ${notACopy('p')};
  IF EXISTS (SELECT 1 FROM opinion_delta) THEN
    PERFORM opinion_apply_delta();
  END IF;
  DELETE FROM opinion_delta;
END $$;

-- An author whose verification changed: move their counts to the new class.
CREATE OR REPLACE FUNCTION opinion_accounts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Every collected batch updates its authors' follower counts; a class change is rare, and the
  -- query below must not be planned against the whole per-author rollup when there is none.
  IF NOT EXISTS (SELECT 1 FROM old_accounts o JOIN new_accounts n ON n.id = o.id
                 WHERE ${CLASS('o')} <> ${CLASS('n')}) THEN
    RETURN NULL;
  END IF;
  -- A recount's slice must not read accounts, groups or per-author rows halfway through this (recount.ts).
  PERFORM rollups_counted_from();
  WITH moved AS (
    SELECT n.id, ${CLASS('o')} AS old_class, ${CLASS('n')} AS new_class
    FROM old_accounts o JOIN new_accounts n ON n.id = o.id
    WHERE ${CLASS('o')} <> ${CLASS('n')}
  ), deltas AS (
    SELECT c.coin, r.res, ${inRes('c.bucket')} AS bucket, x.class, ${moved('x.sign')}
    FROM moved m JOIN opinion_author_counts c ON c.author_id = m.id
    ${RES}
    CROSS JOIN LATERAL (VALUES (m.old_class, -1), (m.new_class, 1)) AS x(class, sign)
    GROUP BY 1, 2, 3, 4
  )
  ${addSums('opinion_counts', 'coin, res, bucket, class', 'deltas', false)};
  RETURN NULL;
END $$;

${accountsTrigger('opinion', 'opinion_accounts_changed')}

-- Adds the per-author rows of "group_delta" (group_id, author_id, class, sign) to the groups'
-- rollups: how an account's whole history enters or leaves a group.
CREATE OR REPLACE FUNCTION group_opinion_apply_authors() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH sums AS (
    SELECT d.group_id, c.coin, r.res, ${inRes('c.bucket')} AS bucket, d.class, ${moved('d.sign')}
    FROM group_delta d JOIN opinion_author_counts c ON c.author_id = d.author_id
    ${RES}
    GROUP BY 1, 2, 3, 4, 5
  )
  ${addSums('group_opinion_counts', 'group_id, coin, res, bucket, class', 'sums', false)};
END $$;

-- Recounts one group from the per-author rollup: when it starts being used, or its rules change.
CREATE OR REPLACE FUNCTION group_opinion_recount(gid bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- A recount's slice must not read accounts, groups or per-author rows halfway through this (recount.ts).
  PERFORM rollups_counted_from();
  DELETE FROM group_opinion_counts WHERE group_id = gid;
  IF NOT EXISTS (SELECT 1 FROM opinion_groups WHERE group_id = gid) THEN RETURN; END IF;
  ${GROUP_DELTA};
  INSERT INTO group_delta
  SELECT gid, a.id, ${CLASS('a')}, 1
  FROM x_accounts a WHERE ${member('gid')};
  PERFORM group_opinion_apply_authors();
  DELETE FROM group_delta;
END $$;

-- New, changed and deleted posts of members of the groups opinion views use ("opinion_delta").
CREATE OR REPLACE FUNCTION group_opinion_apply_posts() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH pc AS (
    SELECT DISTINCT og.group_id, d.id, d.ct, coalesce(c.stance, d.sentiment) AS sentiment, d.sign, c.coin,
           ${CLASS('a')} AS class
    FROM opinion_delta d JOIN x_accounts a ON a.id = d.author_id
    CROSS JOIN opinion_groups og
    CROSS JOIN LATERAL unnest(d.coins, d.coin_stances) AS c(coin, stance)
    WHERE c.coin IS NOT NULL AND ${member('og.group_id')}
  ), sums AS (
    SELECT group_id, coin, r.res, ${inRes('ct')} AS bucket, class,
           ${bySentiment()}
    FROM pc ${RES} GROUP BY 1, 2, 3, 4, 5
  )
  ${addSums('group_opinion_counts', 'group_id, coin, res, bucket, class')};
END $$;

-- Accounts whose followers, tracking or class changed: move their history in or out of groups.
CREATE OR REPLACE FUNCTION group_opinion_accounts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM opinion_groups) THEN RETURN NULL; END IF;
  -- A recount's slice must not read accounts, groups or per-author rows halfway through this (recount.ts).
  PERFORM rollups_counted_from();
  ${GROUP_DELTA};
  WITH changed AS (
    SELECT n.id, og.group_id, ${member('og.group_id', 'o')} AS was, ${member('og.group_id', 'n')} AS is_now,
           ${CLASS('o')} AS old_class, ${CLASS('n')} AS new_class
    FROM old_accounts o JOIN new_accounts n ON n.id = o.id CROSS JOIN opinion_groups og
    WHERE (o.person_followers, o.person_id, o.tracked, o.is_blue_verified, o.verified_type)
          IS DISTINCT FROM (n.person_followers, n.person_id, n.tracked, n.is_blue_verified, n.verified_type)
  )
  INSERT INTO group_delta
  SELECT group_id, id, old_class, -1 FROM changed WHERE was AND NOT (is_now AND old_class = new_class)
  UNION ALL
  SELECT group_id, id, new_class, 1 FROM changed WHERE is_now AND NOT (was AND old_class = new_class);
  IF EXISTS (SELECT 1 FROM group_delta) THEN PERFORM group_opinion_apply_authors(); END IF;
  DELETE FROM group_delta;
  RETURN NULL;
END $$;

${accountsTrigger('group_opinion', 'group_opinion_accounts_changed')}

-- A group's range edited, or its lists: recount it (lists are replaced wholesale on save).
CREATE OR REPLACE FUNCTION group_opinion_rules_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE gid bigint;
BEGIN
  IF TG_TABLE_NAME = 'kol_groups' THEN
    FOR gid IN SELECT n.id FROM new_groups n JOIN old_groups o ON o.id = n.id
               WHERE (o.fans_min, o.fans_max, o.use_fans) IS DISTINCT FROM (n.fans_min, n.fans_max, n.use_fans) LOOP
      ${RECOUNT_GROUP}
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR gid IN SELECT DISTINCT l.group_id FROM old_lists l LOOP
      ${RECOUNT_GROUP}
    END LOOP;
  ELSE
    FOR gid IN SELECT DISTINCT l.group_id FROM new_lists l LOOP
      ${RECOUNT_GROUP}
    END LOOP;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER kol_groups_opinion_update AFTER UPDATE ON kol_groups
  REFERENCING OLD TABLE AS old_groups NEW TABLE AS new_groups FOR EACH STATEMENT EXECUTE FUNCTION group_opinion_rules_changed();
${writeTriggers('kol_group_accounts', 'opinion', 'group_opinion_rules_changed', 'lists')}

-- Recounts what an event view's report reads from its per-author rows: on save (after its
-- per-author rows are counted) and when its group's rules change.
CREATE OR REPLACE FUNCTION event_view_recount(vid bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- A recount's slice must not read accounts, groups or per-author rows halfway through this (recount.ts).
  PERFORM rollups_counted_from();
  DELETE FROM event_class_counts WHERE view_id = vid;
  WITH sums AS (
    SELECT r.res, ${inRes('c.bucket')} AS bucket, ${CLASS('a')} AS class,
           sum(c.up) AS up, sum(c.neutral) AS neutral, sum(c.down) AS down
    FROM event_counts c JOIN event_views v ON v.view_id = c.view_id JOIN x_accounts a ON a.id = c.author_id
    ${RES}
    WHERE c.view_id = vid AND (v.group_id IS NULL OR ${member('v.group_id')})
    GROUP BY 1, 2, 3
  )
  INSERT INTO event_class_counts (view_id, res, bucket, class, up, neutral, down)
  SELECT vid, res, bucket, class, up, neutral, down FROM sums;
END $$;

-- Accounts whose class, followers or tracking changed: move their share of every event view they
-- count in, out of the old class or membership and into the new.
CREATE OR REPLACE FUNCTION event_accounts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM event_views) THEN RETURN NULL; END IF;
  -- A recount's slice must not read accounts, groups or per-author rows halfway through this (recount.ts).
  PERFORM rollups_counted_from();
  WITH changed AS (
    SELECT o.id, o.person_followers AS of, o.tracked AS ot, ${CLASS('o')} AS oc,
           n.person_followers AS nf, n.tracked AS nt, ${CLASS('n')} AS nc
    FROM old_accounts o JOIN new_accounts n ON n.id = o.id
    WHERE (o.person_followers, o.person_id, o.tracked, o.is_blue_verified, o.verified_type)
          IS DISTINCT FROM (n.person_followers, n.person_id, n.tracked, n.is_blue_verified, n.verified_type)
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
    SELECT d.view_id, r.res, ${inRes('c.bucket')} AS bucket, d.class, ${moved('d.sign')}
    FROM deltas d JOIN event_counts c ON c.view_id = d.view_id AND c.author_id = d.id
    ${RES}
    GROUP BY 1, 2, 3, 4
  )
  ${addSums('event_class_counts', 'view_id, res, bucket, class', 'sums', false)};
  RETURN NULL;
END $$;

${accountsTrigger('event_opinion', 'event_accounts_changed')}

-- Persons merged or split (services/persons.ts): a list entry now reaches other accounts, which
-- the per-account triggers above cannot see (they read the lists as they are after the change),
-- so every used group, and the event views filtering by one, is recounted from the per-author rows.
CREATE OR REPLACE FUNCTION person_groups_recount() RETURNS void LANGUAGE plpgsql AS $$
DECLARE gid bigint;
BEGIN
  FOR gid IN SELECT group_id FROM opinion_groups ORDER BY group_id LOOP
    PERFORM group_opinion_recount(gid);
  END LOOP;
  PERFORM event_view_recount(v.view_id) FROM event_views v WHERE v.group_id IS NOT NULL;
END $$;

-- Recounts every opinion rollup from the posts through the triggers' own code: for a database
-- restored without them, or after changing how they count. SELECT opinion_rebuild();
CREATE OR REPLACE FUNCTION opinion_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE gid bigint;
BEGIN
  TRUNCATE opinion_counts, opinion_author_counts, group_opinion_counts, event_counts, event_class_counts;
  ${DELTA};
  INSERT INTO opinion_delta SELECT ${prefixed('p')}, 1 FROM posts p WHERE ${notACopy('p')};
  PERFORM opinion_apply_delta();
  DELETE FROM opinion_delta;
  FOR gid IN SELECT group_id FROM opinion_groups LOOP
    PERFORM group_opinion_recount(gid);
  END LOOP;
END $$;
`;

/**
 * The recount in one go (index.ts `rebuild`): every rollup from the posts. Each event view gets
 * back exactly what it held, the posts at or above its watermark (the background count goes on
 * below it from where it was).
 */
export const opinionRebuild = /* sql */ `
SELECT opinion_rebuild();
`;
