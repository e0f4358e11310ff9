/**
 * The background count of an event view's history (services/event-history.ts drives it; the
 * watermark columns and the triggers' side are in db/rollups/opinion.ts). One chunk is one
 * transaction: it claims a view still counting, locks its row, counts the matching posts of
 * [new watermark, watermark), moves the watermark down and commits.
 */
import type { Queryable } from '../db';
import { EVENT_MATCHED } from '../rollups/opinion';
import { notACopy } from '../rollups/shared';

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

export interface ClaimedView {
  viewId: number;
  userId: number;
}

export function eventHistoryRepo(db: Queryable) {
  return {
    /**
     * Claims the counting view with the least history counted so far (so views take turns), and
     * locks its row: writers of posts that hold it finish first (the triggers' key-share lock),
     * later ones wait for this chunk. Null when no view is counting or all are claimed, or while
     * the rollups are recounted.
     */
    async claim(): Promise<ClaimedView | null> {
      const [claimed] = await db.query<{ view_id: string }>(
        `SELECT view_id FROM (
           SELECT view_id FROM event_views WHERE history_watermark > history_from
             -- Not while the rollups are recounted (db/rollups/recount.ts: the two would meet).
             AND NOT EXISTS (SELECT 1 FROM rollup_recount)
           ORDER BY history_top - least(history_watermark, history_top), view_id
           OFFSET 0) c
         WHERE pg_try_advisory_xact_lock(${CLAIM_SPACE}, (view_id % 2147483647)::int)
         LIMIT 1`,
      );
      if (!claimed) return null;
      const [row] = await db.query<{ view_id: string; user_id: string }>(
        `SELECT e.view_id, v.user_id FROM event_views e JOIN views v ON v.id = e.view_id
         WHERE e.view_id = $1 AND e.history_watermark > e.history_from
         FOR UPDATE OF e`,
        [claimed.view_id],
      );
      return row ? { viewId: Number(row.view_id), userId: Number(row.user_id) } : null;
    },

    /**
     * Counts the next chunk of a claimed view: the posts from the watermark down to the ct of the
     * `rows`-th post below it (all of one second together), or down to history_from. A post
     * matches as the triggers match it, by the stored patterns (every group's), each behind its
     * cheaper LIKE pre-filter (db/repos/keyword-match.ts), and copies count nowhere
     * (rollups/shared.ts notACopy; chunks are still cut by every post). Returns the view's
     * progress after it (100: done) and the matching posts counted.
     */
    async countChunk(viewId: number, rows: number): Promise<{ percent: number; posts: number }> {
      const [bounds] = await db.query<{ lo: string }>(
        `SELECT greatest(e.history_from, coalesce(
           (SELECT p.ct FROM posts p WHERE p.ct >= e.history_from AND p.ct < e.history_watermark
            ORDER BY p.ct DESC OFFSET $2 LIMIT 1), e.history_from))::text AS lo
         FROM event_views e WHERE e.view_id = $1`,
        [viewId, rows - 1],
      );
      const lo = bounds!.lo;
      await db.query(EVENT_MATCHED);
      await db.query('DELETE FROM event_matched');
      const matched = await db.query<{ n: string }>(
        `WITH m AS (
           INSERT INTO event_matched (view_id, ct, author_id, sentiment, sign)
           SELECT $1, p.ct, p.author_id, p.sentiment, 1
           FROM posts p
           WHERE p.ct >= $2::bigint AND p.ct < (SELECT history_watermark FROM event_views WHERE view_id = $1)
             AND ${notACopy('p')}
             AND EXISTS (SELECT 1 FROM event_patterns ep WHERE ep.view_id = $1)
             AND NOT EXISTS (SELECT 1 FROM event_patterns ep WHERE ep.view_id = $1
                             AND NOT (CASE WHEN lower(p.text) LIKE ANY(ep.prefilter) THEN p.text ~* ep.pattern ELSE false END))
           RETURNING 1)
         SELECT count(*)::text AS n FROM m`,
        [viewId, lo],
      );
      await db.query('SELECT event_apply_matched()');
      const [after] = await db.query<{ percent: number | null }>(
        `UPDATE event_views SET history_watermark = $2::bigint WHERE view_id = $1 RETURNING ${HISTORY_PERCENT} AS percent`,
        [viewId, lo],
      );
      return { percent: after?.percent ?? 100, posts: Number(matched[0]?.n ?? 0) };
    },
  };
}
