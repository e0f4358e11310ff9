/**
 * The background count of an event view's history (services/event-history.ts drives it; the
 * watermark columns and the triggers' side are in db/rollups/opinion.ts). One chunk is one
 * transaction: it claims a view still counting, counts the matching posts of [new watermark,
 * watermark), moves the watermark down and commits.
 *
 * Writers of posts never wait for the matching (issue 34): a posts trigger takes a key-share lock
 * on every counting view, and the chunk matches its slice under a share lock, which does not
 * conflict with it. Only to move the watermark does the chunk take the row for update (waiting
 * for the writers in flight, and making new ones wait): it then counts the slice as it stands now,
 * taking each post it matched before unchanged (same row version, `xmin`) as matched then and
 * matching only the posts written since, so writers wait for a scan of the slice, never for its
 * regexes. Exact either way: a post whose version differs is simply matched again.
 */
import type { Queryable } from '../db';
import { EVENT_MATCHED, eventViewMatches } from '../rollups/opinion';
import { notACopy, scratchTable } from '../rollups/shared';

/** The watermark a count starts at: above every post, so the first chunk takes the newest ones. */
export const HISTORY_START = '9223372036854775807';
/**
 * Progress from the columns of event_views: 0-99 while counting (how much of [from, top) lies
 * above the watermark), NULL when done.
 */
export const HISTORY_PERCENT = `(CASE WHEN history_watermark <= history_from THEN NULL
  WHEN history_watermark >= history_top THEN 0
  ELSE least(99, floor(100.0 * (history_top - history_watermark) / greatest(1, history_top - history_from)))::int END)`;

/**
 * The advisory lock space (two-key form: space, view id) a history count claims its view in, so
 * two processes never count the same view at once and neither waits for the other. Named by the
 * schema: advisory locks are per database, and kolscopes in other schemas have views of the same ids.
 */
const CLAIM_SPACE = `hashtext(current_schema() || '.event_views.claim')`;

/** The scratch table of a chunk's posts, each with its row version and whether it matched. */
const EVENT_CHUNK = scratchTable('event_chunk', 'id text PRIMARY KEY, version text, matched boolean');

/** A chunk's slice of posts: ct in [lo, hi), epoch seconds as text ($2 and $3 of SLICE). */
export interface ChunkSlice {
  lo: string;
  hi: string;
}
const SLICE = `p.ct >= $2::bigint AND p.ct < $3::bigint AND ${notACopy('p')}`;

export interface ClaimedView {
  viewId: number;
  userId: number;
}

export function eventHistoryRepo(db: Queryable) {
  return {
    /**
     * Claims a counting view for one chunk, users in turn (issue 34: one user's many views must
     * not keep everyone else's waiting): the user served least recently goes first, and within a
     * user the view served least recently. The claimed view's row is share-locked, so it is not
     * restarted or deleted under the chunk while writers of posts go on. Null when no view is
     * counting or all are claimed, or while the rollups are recounted.
     */
    async claim(): Promise<ClaimedView | null> {
      const [claimed] = await db.query<{ view_id: string }>(
        `SELECT view_id FROM (
           SELECT e.view_id FROM event_views e JOIN views v ON v.id = e.view_id
           WHERE e.history_watermark > e.history_from
             -- Not while the rollups are recounted (db/rollups/recount.ts: the two would meet).
             AND NOT EXISTS (SELECT 1 FROM rollup_recount)
           ORDER BY (SELECT max(o.history_turn) FROM event_views o JOIN views ov ON ov.id = o.view_id
                     WHERE ov.user_id = v.user_id),
                    e.history_turn, e.view_id
           OFFSET 0) c
         WHERE pg_try_advisory_xact_lock(${CLAIM_SPACE}, (view_id % 2147483647)::int)
         LIMIT 1`,
      );
      if (!claimed) return null;
      const [row] = await db.query<{ view_id: string; user_id: string }>(
        `SELECT e.view_id, v.user_id FROM event_views e JOIN views v ON v.id = e.view_id
         WHERE e.view_id = $1 AND e.history_watermark > e.history_from
         FOR SHARE OF e`,
        [claimed.view_id],
      );
      if (!row) return null;
      // The turn is taken when the chunk commits (countChunk), under the row's update lock.
      return { viewId: Number(row.view_id), userId: Number(row.user_id) };
    },

    /**
     * Counts the next chunk of a claimed view: the posts from the watermark down to the ct of the
     * `rows`-th post below it (all of one second together), or down to history_from. A post
     * matches as the triggers match it (rollups/opinion.ts eventViewMatches: every group, each
     * behind its LIKE pre-filter), and copies count nowhere (rollups/shared.ts notACopy; chunks
     * are still cut by every post). `match` first, without blocking writers, then `settle` (the
     * header). Returns the view's progress after it (100: done) and the matching posts counted.
     */
    async countChunk(viewId: number, rows: number): Promise<{ percent: number; posts: number }> {
      return this.settle(viewId, await this.match(viewId, rows));
    },

    /** Matches the chunk's slice into event_chunk; writers of posts go on meanwhile. */
    async match(viewId: number, rows: number): Promise<ChunkSlice> {
      const [bounds] = await db.query<ChunkSlice>(
        `SELECT greatest(e.history_from, coalesce(
           (SELECT p.ct FROM posts p WHERE p.ct >= e.history_from AND p.ct < e.history_watermark
            ORDER BY p.ct DESC OFFSET $2 LIMIT 1), e.history_from))::text AS lo, e.history_watermark::text AS hi
         FROM event_views e WHERE e.view_id = $1`,
        [viewId, rows - 1],
      );
      const slice = bounds!;
      await db.query(EVENT_CHUNK);
      await db.query('DELETE FROM event_chunk');
      await db.query(
        `INSERT INTO event_chunk (id, version, matched)
         SELECT p.id, p.xmin::text, ${eventViewMatches('p.text', '$1::bigint')} FROM posts p WHERE ${SLICE}`,
        [viewId, slice.lo, slice.hi],
      );
      return slice;
    },

    /**
     * Counts the slice as it stands now, the posts `match` saw unchanged as matched then, and
     * moves the watermark down to its bottom. Writers in flight finish first (their posts are in
     * the scan); later ones wait for this transaction's end, then count at or above the new
     * watermark.
     */
    async settle(viewId: number, slice: ChunkSlice): Promise<{ percent: number; posts: number }> {
      await db.query('SELECT 1 FROM event_views WHERE view_id = $1 FOR UPDATE', [viewId]);
      await db.query(EVENT_MATCHED);
      await db.query('DELETE FROM event_matched');
      const matched = await db.query<{ n: string }>(
        `WITH m AS (
           INSERT INTO event_matched (view_id, ct, author_id, sentiment, sign)
           SELECT $1, p.ct, p.author_id, p.sentiment, 1
           FROM posts p LEFT JOIN event_chunk c ON c.id = p.id AND c.version = p.xmin::text
           WHERE ${SLICE}
             AND (CASE WHEN c.id IS NOT NULL THEN c.matched ELSE ${eventViewMatches('p.text', '$1::bigint')} END)
           RETURNING 1)
         SELECT count(*)::text AS n FROM m`,
        [viewId, slice.lo, slice.hi],
      );
      await db.query('DELETE FROM event_chunk');
      await db.query('SELECT event_apply_matched()');
      const [after] = await db.query<{ percent: number | null }>(
        `UPDATE event_views SET history_watermark = $2::bigint,
           history_turn = (SELECT max(history_turn) + 1 FROM event_views)
         WHERE view_id = $1 RETURNING ${HISTORY_PERCENT} AS percent`,
        [viewId, slice.lo],
      );
      return { percent: after?.percent ?? 100, posts: Number(matched[0]?.n ?? 0) };
    },
  };
}
