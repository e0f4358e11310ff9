/**
 * The recount that follows applying the rollups again (index.ts), done in the background while
 * the app serves (issue 32 §3): at ten million posts a recount inside the migration kept the
 * server from starting for minutes. The migration now only empties the rollups and sets a cursor;
 * services/rollup-recount.ts walks the posts down from the newest in short slices, one
 * transaction each, and each slice adds its posts through the families' own delta code.
 *
 * The cursor rule, the one way the families stay exact meanwhile: while rollup_recount has its
 * row, the rollups hold exactly the posts with ct >= counted_from. The triggers count a written
 * row (old or new) only at or above the cursor (`rollups_counted_from()`), and the per-author
 * recounts they run read only such posts; each slice counts [lo, counted_from) and moves the
 * cursor to lo. Newest first, so the last days, which most screens show, are exact within the
 * first slices; and a new post (ct now) is above the cursor, so ingest counts it at once.
 *
 * Why writers and a slice never miss or double a post: a slice takes RECOUNT_LOCK exclusively
 * before it reads the posts, and every rollup writer takes it shared (inside
 * rollups_counted_from) before it reads the cursor, holding it to its commit. A writer whose
 * trigger ran first is committed before the slice reads, so the slice counts its rows as they
 * are; a writer whose trigger runs after the slice reads the moved cursor and counts its change
 * against what the slice counted (the old row the slice saw is subtracted, the new one added).
 * Every function that writes rollup rows outside the posts triggers (accounts, group rules,
 * group and event recounts) takes the lock first too, so the slice's reads of accounts and groups
 * cannot interleave with a change that moves what it counted.
 *
 * Event views' history count (services/event-history.ts) waits while a recount runs: its
 * watermark and the cursor are two lines over the same posts, and a post below the cursor that
 * the history count took would be counted again by the slice that reaches it.
 */

/**
 * The advisory lock of the cursor, named by the schema (advisory locks are per database, and
 * kolscopes in other schemas, tests and benches, must not wait for each other).
 */
export const RECOUNT_LOCK = `hashtext(current_schema() || '.rollups.recount')`;
/** counted_from when no recount runs: every post counts. */
export const EVERY_POST = '(-9223372036854775807 - 1)';
/** The cursor a recount starts at: above every post, even one dated ahead. */
export const RECOUNT_START = '9223372036854775807';

/**
 * The cursor's table and functions; `slices` names each family's function that adds the posts with
 * ct in [lo, hi) to its rollups through its delta code.
 */
export const recountSql = (slices: string[]) => /* sql */ `
-- One row while a recount runs (none otherwise): the cursor, and the progress /healthz shows.
CREATE TABLE IF NOT EXISTS rollup_recount (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  counted_from bigint NOT NULL,
  -- posts stored when it started, and posts counted since
  total bigint NOT NULL,
  counted bigint NOT NULL DEFAULT 0,
  started_at timestamptz NOT NULL DEFAULT now()
);

-- The cursor for a rollup writer: posts with ct at or above it are counted. While a recount runs
-- it takes the shared lock (to the end of the transaction) before reading, see recount.ts.
CREATE OR REPLACE FUNCTION rollups_counted_from() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE lo bigint;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM rollup_recount) THEN RETURN ${EVERY_POST}; END IF;
  PERFORM pg_advisory_xact_lock_shared(${RECOUNT_LOCK});
  SELECT counted_from INTO lo FROM rollup_recount;
  RETURN coalesce(lo, ${EVERY_POST});
END $$;

-- One slice: the posts of the next at most max_posts (all of one second together) below the
-- cursor, through every family, then the cursor moves down; the last slice removes the row.
-- Returns the posts counted and the cursor after (NULL: done), or no row when no recount runs.
CREATE OR REPLACE FUNCTION rollups_recount_slice(max_posts integer)
  RETURNS TABLE (posts bigint, counted_from bigint) LANGUAGE plpgsql AS $$
DECLARE hi bigint; lo bigint; n bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(${RECOUNT_LOCK});
  SELECT r.counted_from INTO hi FROM rollup_recount r;
  IF NOT FOUND THEN RETURN; END IF;
  SELECT p.ct INTO lo FROM posts p WHERE p.ct < hi ORDER BY p.ct DESC OFFSET greatest(max_posts, 1) - 1 LIMIT 1;
  lo := coalesce(lo, ${EVERY_POST});
  SELECT count(*) INTO n FROM posts p WHERE p.ct >= lo AND p.ct < hi;
  ${slices.map((f) => `PERFORM ${f}(lo, hi);`).join('\n  ')}
  IF lo = ${EVERY_POST} THEN
    DELETE FROM rollup_recount;
    RETURN QUERY SELECT n, NULL::bigint;
  ELSE
    UPDATE rollup_recount r SET counted_from = lo, counted = r.counted + n;
    RETURN QUERY SELECT n, lo;
  END IF;
END $$;
`;

/**
 * Starts a recount over the stored posts, from the top; with no posts there is nothing to count.
 * The families' tables are new and empty when this runs (index.ts), except those kept across
 * applications, which `emptied` names.
 */
export const startRecountSql = (emptied: string[]) => /* sql */ `
${emptied.map((t) => `DELETE FROM ${t};`).join('\n')}
DELETE FROM rollup_recount;
INSERT INTO rollup_recount (counted_from, total)
SELECT ${RECOUNT_START}, count(*) FROM posts HAVING count(*) > 0;
`;
